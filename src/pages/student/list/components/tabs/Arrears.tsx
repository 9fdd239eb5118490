/**
 * arrears tab (docs/rules.md#arrears): lessons attended without usable hours, settled from the next card bought or
 * written off with a reason. Opened by `?tab=arrears` (dashboard figure: `&status=open`; a student: `&studentId=`).
 */
import React, { useRef } from 'react';
import { App, Tag } from 'antd';
import { useSearchParams } from 'umi';
import { type ActionType } from '@ant-design/pro-components';
import { ExportListTable, actionsColumn } from '@/components/crud';
import { useExportable, type ExportableColumn } from '@/components/ExportButton';
import LazyAction from '@/components/LazyAction';
import WriteOffModal from '@/components/arrears/WriteOffModal';
import { ArrearsStatusTag } from '@/components/arrears/labels';
import { useIntl } from '@/locales/useIntl';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';
import { tableRequest } from '@/services/list';
import { fetchArrears } from '@/services/arrears';
import { fetchCampusOptions } from '@/services/school';
import type { ArrearsRow } from '@/types/arrears';
import { formatHours, formatMoney } from '@/utils/format';

export default function ArrearsTab() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const caps = useSchoolCaps();
  const ref = useRef<ActionType>();
  const [params] = useSearchParams();
  const status = params.get('status') ?? 'open';
  const studentId = params.get('studentId') ?? undefined;
  const exp = useExportable(fetchArrears);
  const columns: ExportableColumn<ArrearsRow>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('arrears.keywordHint') } },
    { title: t('school.campus'), dataIndex: 'campusId', valueType: 'select', request: fetchCampusOptions, render: (_, r) => r.campusName },
    { title: t('arrears.student'), dataIndex: 'studentName', search: false },
    { title: t('arrears.lessonDate'), dataIndex: 'lessonDate', search: false, sorter: true, defaultSortOrder: 'descend', exportAs: 'date' },
    { title: t('arrears.lessonDate'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    { title: t('arrears.class'), dataIndex: 'className', search: false },
    { title: t('arrears.mark'), dataIndex: 'mark', search: false, render: (_, r) => t(`schedule.mark.${r.mark}`) },
    { title: t('arrears.hours'), dataIndex: 'hours', search: false, align: 'right', sorter: true, exportAs: 'hours', render: (_, r) => formatHours(r.hours) },
    { title: t('arrears.value'), tooltip: t('arrears.valueHelp'), dataIndex: 'value', search: false, align: 'right', sorter: true, exportAs: 'money', render: (_, r) => formatMoney(r.value) },
    { title: t('arrears.why'), dataIndex: 'reason', search: false, render: (_, r) => <Tag>{t(`arrears.reason.${r.reason}`)}</Tag> },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: {
        open: { text: t('arrears.status.open') },
        settled: { text: t('arrears.status.settled') },
        writtenOff: { text: t('arrears.status.writtenOff') },
        cancelled: { text: t('arrears.status.cancelled') },
      },
      render: (_, r) => <ArrearsStatusTag status={r.status} />,
    },
    {
      title: t('arrears.resolution'),
      dataIndex: 'resolution',
      search: false,
      render: (_, r) =>
        r.status === 'settled'
          ? t('arrears.settledBy', { cardNo: r.settledCardNo ?? '', recordId: r.settledRecordId ?? '', amount: formatMoney(r.settledAmount), at: r.settledAt ?? '' })
          : r.status === 'writtenOff'
            ? t('arrears.writtenOffBy', { reason: r.writeOffReason ?? '', name: r.writtenOffBy ?? '', at: r.writtenOffAt ?? '' })
            : '-',
    },
    { title: t('arrears.createdAt'), dataIndex: 'createdAt', search: false, sorter: true, exportAs: 'datetime' },
    actionsColumn<ArrearsRow>((r) =>
      r.status === 'open' && caps.correct ? (
        <LazyAction
          trigger={<a>{t('arrears.writeOff')}</a>}
          render={(tr) => (
            <WriteOffModal
              item={r}
              trigger={tr}
              onDone={() => {
                message.success(t('arrears.writtenOff'));
                ref.current?.reload();
              }}
            />
          )}
        />
      ) : (
        '-'
      ),
    ),
  ];
  return (
    <ExportListTable<ArrearsRow>
      exportable={exp}
      name={t('student.tab.arrears')}
      actionRef={ref}
      columns={columns}
      request={tableRequest(exp.service)}
      params={studentId ? { studentId } : undefined}
      form={{ initialValues: { status } }}
      data-testid="arrears-table"
    />
  );
}
