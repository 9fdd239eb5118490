/** class-card-list tab: every student card with filters (status, kind, template, dates) and its operations. */
import React, { useRef } from 'react';
import { Button } from 'antd';
import { type ActionType } from '@ant-design/pro-components';
import { useSearchParams } from 'umi';
import { ExportListTable, OPEN_SEARCH } from '@/components/crud';
import { useIntl } from '@/locales/useIntl';
import { useExportable, type ExportableColumn } from '@/components/ExportButton';
import { tableRequest } from '@/services/list';
import { fetchStudentCards, fetchTemplateOptions } from '@/services/school';
import type { StudentCard } from '@/types/school';
import { formatHours, formatMoney } from '@/utils/format';
import DrillBanner, { useDrill } from '@/components/DrillBanner';
import { CardActions, SellCardModal } from '@/components/school/CardOps';
import { CARD_STATUSES, CardStatusTag } from '@/components/school/labels';
import { enumOf } from '@/utils/fields';
import { useSchoolCaps } from '@/hooks/useSchoolCaps';

export default function CardListTab() {
  const { t } = useIntl();
  const caps = useSchoolCaps();
  const ref = useRef<ActionType>();
  // Opened from an analysis figure: its filter (?drill=...) narrows the list (docs/rules.md#analysis-metrics).
  const drill = useDrill();
  // ?renew=low|expiring (the dashboard's renewal figures): the cards the renewal reminder lists for that reason.
  const [search] = useSearchParams();
  const reload = () => ref.current?.reload();
  const exp = useExportable(fetchStudentCards);
  const columns: ExportableColumn<StudentCard>[] = [
    { title: t('common.keyword'), dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: t('card.keywordHint') } },
    { title: t('card.cardNo'), dataIndex: 'cardNo', search: false, copyable: true, exportAs: 'text' },
    { title: t('card.student'), dataIndex: 'studentName', search: false, sorter: true },
    {
      title: t('card.template'),
      dataIndex: 'templateId',
      valueType: 'select',
      request: async () => (await fetchTemplateOptions()).map((o) => ({ value: o.value, label: o.label })),
      render: (_, r) => r.templateName,
    },
    {
      title: t('card.renew'),
      dataIndex: 'renew',
      hideInTable: true,
      valueType: 'select',
      initialValue: search.get('renew') ?? undefined,
      valueEnum: { low: { text: t('remind.low') }, expiring: { text: t('remind.expiring') } },
    },
    { title: t('card.kind'), dataIndex: 'kind', valueType: 'select', valueEnum: enumOf(['count', 'period'] as const, (k) => t(`card.kind.${k}`)) },
    {
      title: t('card.remaining'),
      dataIndex: 'remainingHours',
      search: false,
      sorter: true,
      exportAs: { kind: 'hours', value: (r) => (r.kind === 'period' ? null : r.remainingHours) },
      render: (_, r) => (r.kind === 'period' ? '-' : formatHours(r.remainingHours)),
    },
    {
      title: t('card.bought'),
      dataIndex: 'boughtHours',
      search: false,
      exportAs: [
        { kind: 'hours', title: t('card.field.hours'), value: (r) => r.boughtHours },
        { kind: 'hours', title: t('card.field.giftHours'), value: (r) => r.giftHours },
      ],
      render: (_, r) => `${formatHours(r.boughtHours)} + ${formatHours(r.giftHours)}`,
    },
    { title: t('card.paid'), dataIndex: 'paidAmount', search: false, sorter: true, exportAs: 'money', render: (_, r) => formatMoney(r.paidAmount) },
    { title: t('card.unitPrice'), dataIndex: 'unitPrice', search: false, exportAs: 'money', render: (_, r) => formatMoney(r.unitPrice) },
    {
      title: t('common.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: enumOf(CARD_STATUSES, (k) => t(`card.status.${k}`)),
      render: (_, r) => <CardStatusTag status={r.status} />,
    },
    { title: t('card.expiryDate'), dataIndex: 'expiryDate', search: false, sorter: true, exportAs: 'date' },
    { title: t('card.seller'), dataIndex: 'sellerName', search: false },
    { title: t('card.soldAt'), dataIndex: 'createdAt', search: false, sorter: true, exportAs: 'datetime' },
    { title: t('card.soldAt'), dataIndex: 'dateRange', valueType: 'dateRange', hideInTable: true },
    { title: t('common.actions'), valueType: 'option', fixed: 'right', render: (_, r) => <CardActions card={r} onDone={reload} compact /> },
  ];
  return (
    <>
      <DrillBanner />
      <ExportListTable<StudentCard>
        exportable={exp}
        name={t('student.tab.cards')}
        headerTitle={t('student.tab.cards')}
        params={drill}
        actionRef={ref}
        columns={columns}
        request={tableRequest(exp.service)}
        search={OPEN_SEARCH}
        scroll={{ x: 1400 }}
        tools={caps.sellCard ? [<SellCardModal key="sell" onDone={reload} trigger={<Button type="primary">{t('card.op.sell')}</Button>} />] : []}
      />
    </>
  );
}
