/**
 * /analyze/staff (docs/screens.md#analysis, `GET /v2/company_kt/analyze/contact_user`): per staff member, the lessons taught
 * and their lesson hours (once per lesson, not student-hours) with the value consumed in them, the cards sold, and the leads followed and converted. Each figure
 * opens its records.
 */
import React from 'react';
import { Card } from 'antd';
import { history } from 'umi';
import { useRequest } from 'ahooks';
import type { ColumnsType } from 'antd/es/table';
import Chart from '@/components/Chart';
import HeaderHelp from '@/components/HeaderHelp';
import { AnalysisFilters, DrillLink, seriesSummary, useAnalysisQuery } from '@/components/analysis';
import { useIntl } from '@/locales/useIntl';
import { fetchAnalyzeStaff } from '@/services/analysis';
import type { DrillParams, StaffRow } from '@/types/analysis';
import { drillUrl } from '@/utils/drill';
import { formatHours, formatMoney } from '@/utils/format';
import { ROLE_LABEL_KEYS } from '@/utils/constants';
import type { Role } from '@/types/session';

export default function AnalyzeStaffPage() {
  const { t } = useIntl();
  const [query, setQuery] = useAnalysisQuery();
  const { data, loading } = useRequest(() => fetchAnalyzeStaff(query), { refreshDeps: [query] });
  const rows = data?.rows ?? [];
  const base = { from: query.startDate, to: query.endDate, ...(query.campusId ? { campus: query.campusId } : {}) };
  const d = (drill: DrillParams['drill'], extra: Partial<DrillParams>): DrillParams => ({ drill, ...base, ...extra });
  const link = (n: number, drill: DrillParams, label: string, text: string = String(n)) => (n ? <DrillLink drill={drill} label={label}>{text}</DrillLink> : text);
  const columns: ColumnsType<StaffRow> = [
    { title: t('an.staff.name'), dataIndex: 'name', fixed: 'left' },
    { title: t('an.staff.role'), dataIndex: 'role', render: (_, r) => t(ROLE_LABEL_KEYS[r.role as Role] ?? r.role) },
    { title: t('an.staff.campus'), dataIndex: 'campusName' },
    { title: t('an.staff.lessons'), dataIndex: 'lessons', align: 'right', sorter: (a, b) => a.lessons - b.lessons, render: (_, r) => link(r.lessons, d('taught', { teacher: r.staffId }), `${t('an.staff.lessons')} ${r.name}`) },
    { title: <HeaderHelp title={t('an.staff.hours')} help={t('an.staff.hours.help')} />, dataIndex: 'hours', align: 'right', sorter: (a, b) => a.hours - b.hours, render: (_, r) => formatHours(r.hours) },
    {
      title: t('an.staff.consumedValue'),
      dataIndex: 'consumedValue',
      align: 'right',
      sorter: (a, b) => a.consumedValue - b.consumedValue,
      render: (_, r) => link(r.consumedValue, d('consumed', { teacher: r.staffId }), `${t('an.staff.consumedValue')} ${r.name}`, formatMoney(r.consumedValue)),
    },
    { title: t('an.staff.cardsSold'), dataIndex: 'cardsSold', align: 'right', sorter: (a, b) => a.cardsSold - b.cardsSold, render: (_, r) => link(r.cardsSold, d('sales', { seller: r.staffId }), `${t('an.staff.cardsSold')} ${r.name}`) },
    { title: t('an.staff.salesAmount'), dataIndex: 'salesAmount', align: 'right', sorter: (a, b) => a.salesAmount - b.salesAmount, render: (_, r) => formatMoney(r.salesAmount) },
    { title: t('an.staff.leads'), dataIndex: 'leadsFollowed', align: 'right', render: (_, r) => (r.userId ? link(r.leadsFollowed, d('leads', { owner: r.userId }), `${t('an.staff.leads')} ${r.name}`) : r.leadsFollowed) },
    { title: t('an.staff.converted'), dataIndex: 'leadsConverted', align: 'right', render: (_, r) => (r.userId ? link(r.leadsConverted, d('converted', { owner: r.userId }), `${t('an.staff.converted')} ${r.name}`) : r.leadsConverted) },
  ];
  const top = rows.filter((r) => r.consumedValue || r.salesAmount).slice(0, 20);
  const title = t('an.staff.chartTitle');
  return (
    <div style={{ padding: 24 }}>
      <AnalysisFilters query={query} onChange={setQuery} />
      <Card title={title} loading={loading && !data}>
        <Chart<StaffRow>
          title={title}
          categories={top.map((r) => r.name)}
          series={[
            { name: t('an.staff.consumedValue'), type: 'bar', data: top.map((r) => r.consumedValue) },
            { name: t('an.staff.salesAmount'), type: 'bar', data: top.map((r) => r.salesAmount) },
          ]}
          summary={seriesSummary(t, t('an.staff.consumedValue'), top.map((r) => r.name), top.map((r) => r.consumedValue), formatMoney)}
          columns={columns}
          rows={rows}
          rowKey="staffId"
          onSelect={(i, s) => {
            const r = top[i];
            history.push(drillUrl(s === 1 ? d('sales', { seller: r.staffId }) : d('consumed', { teacher: r.staffId })));
          }}
        />
      </Card>
    </div>
  );
}
