/** class-card-record tab: the hour ledger, filtered by type, student, card and date. */
import React, { useRef } from 'react';
import { useSearchParams } from 'umi';
import { type ActionType } from '@ant-design/pro-components';
import { ExportListTable, OPEN_SEARCH } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import { useExportable, type ExportableColumn } from '@/components/ExportButton';
import { tableRequest } from '@/services/list';
import { fetchHourRecords, fetchStudentOptions } from '@/services/school';
import type { HourRecord } from '@/types/school';
import { formatHours, formatMoney } from '@/utils/format';
import DrillBanner, { useDrill } from '@/components/DrillBanner';
import { ReviewButtons } from '@/components/school/CardOps';
import { RecordTypeTag, SignedHours, useRecordTypeEnum } from '@/components/school/labels';

export default function RecordListTab() {
  const { t } = useIntl();
  const ref = useRef<ActionType>();
  // Opened from an analysis figure: its filter (?drill=...) narrows the list (docs/rules.md#analysis-metrics).
  const drill = useDrill();
  const typeEnum = useRecordTypeEnum();
  // ?keyword= (the jump search opens a card's records with its number) pre-fills the search.
  const [search] = useSearchParams();
  const keyword = search.get('keyword') ?? undefined;
  const exp = useExportable(fetchHourRecords);
  const columns: ExportableColumn<HourRecord>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, initialValue: keyword, fieldProps: { placeholder: t('record.keywordHint') } },
    { title: t('record.time'), dataIndex: 'createdAt', search: false, sorter: true, defaultSortOrder: 'descend', width: 170, exportAs: 'datetime' },
    { title: t('record.time'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    {
      title: t('card.student'),
      dataIndex: 'studentId',
      valueType: 'select',
      fieldProps: { showSearch: true, filterOption: false },
      debounceTime: 300,
      request: async ({ keyWords }: { keyWords?: string }) => fetchStudentOptions({ keyword: keyWords }),
      render: (_, r) => r.studentName,
    },
    { title: t('card.cardNo'), dataIndex: 'cardNo', search: false, exportAs: 'text' },
    { title: t('record.type'), dataIndex: 'type', width: 170, valueType: 'select', valueEnum: typeEnum, fieldProps: { mode: 'multiple' }, render: (_, r) => <RecordTypeTag type={r.type} /> },
    { title: t('record.hours'), dataIndex: 'hours', width: 100, align: 'right', search: false, sorter: true, exportAs: 'hours', render: (_, r) => <SignedHours hours={r.hours} /> },
    {
      title: t('record.requested'),
      dataIndex: 'requestedHours',
      search: false,
      exportAs: 'hours',
      render: (_, r) => (r.requestedHours === undefined ? '-' : formatHours(r.requestedHours)),
    },
    { title: t('record.balanceAfter'), dataIndex: 'balanceAfter', search: false, exportAs: 'hours', render: (_, r) => formatHours(r.balanceAfter) },
    { title: t('record.amount'), dataIndex: 'amount', search: false, sorter: true, exportAs: 'money', render: (_, r) => formatMoney(r.amount) },
    { title: t('record.reason'), dataIndex: 'reason', width: 200, search: false, ellipsis: true, render: (_, r) => r.reason || '-' },
    { title: t('record.operator'), dataIndex: 'operatorName', search: false },
    { title: t('record.reviewer'), dataIndex: 'reviewerName', search: false, render: (_, r) => (r.reviewerName ? `${r.reviewerName} ${r.reviewedAt ?? ''}` : '-') },
    { title: t('common.actions'), valueType: 'option', fixed: 'right', render: (_, r) => <ReviewButtons record={r} onDone={() => ref.current?.reload()} /> },
  ];
  return (
    <>
      <DrillBanner />
      <ExportListTable<HourRecord>
        key={keyword}
        exportable={exp}
        name={t('student.tab.records')}
        headerTitle={t('student.tab.records')}
        params={drill}
        actionRef={ref}
        columns={columns}
        request={tableRequest(exp.service)}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={OPEN_SEARCH}
        scroll={{ x: 1600 }}
      />
    </>
  );
}
