/** /analyze/core (docs/screens.md#analysis): the KPIs of docs/rules.md#analysis-metrics over a range and campus, with trends and drill-downs. */
import React from 'react';
import { Card, Skeleton, Typography } from 'antd';
import { history } from 'umi';
import { useRequest } from 'ahooks';
import type { ColumnsType } from 'antd/es/table';
import Chart from '@/components/Chart';
import { AnalysisFilters, DrillLink, formatRate, KpiGrid, seriesSummary, useAnalysisQuery, useHoursChart } from '@/components/analysis';
import { useIntl } from '@/locales/useIntl';
import { fetchAnalyzeCore } from '@/services/analysis';
import type { AnalyzeQuery, DayPoint, DrillParams } from '@/types/analysis';
import { drillUrl } from '@/utils/drill';
import { formatHours, formatMoney } from '@/utils/format';

const dayDrill = (q: AnalyzeQuery, p: DayPoint, drill: DrillParams['drill']): DrillParams => ({
  drill,
  from: p.from,
  to: p.to,
  ...(q.campusId ? { campus: q.campusId } : {}),
});

export default function AnalyzeCorePage() {
  const { t } = useIntl();
  const [query, setQuery] = useAnalysisQuery();
  const { data, loading } = useRequest(() => fetchAnalyzeCore(query), { refreshDeps: [query] });
  const series = data?.series ?? [];
  const title = t('an.core.trendTitle');
  const chart = useHoursChart(series, t('an.core.recognised'), 'recognised');
  const columns: ColumnsType<DayPoint> = [
    { title: series.length && series[0].bucket.length === 7 ? t('an.month') : t('an.date'), dataIndex: 'bucket' },
    {
      title: t('an.core.hours'),
      dataIndex: 'consumedHours',
      align: 'right',
      render: (_, p) => <DrillLink drill={dayDrill(query, p, 'consumed')} label={`${t('an.core.hours')} ${p.bucket}`}>{formatHours(p.consumedHours)}</DrillLink>,
    },
    { title: t('an.core.recognised'), dataIndex: 'recognised', align: 'right', render: (_, p) => formatMoney(p.recognised) },
    {
      title: t('an.core.cashIn'),
      dataIndex: 'cashIn',
      align: 'right',
      render: (_, p) => <DrillLink drill={dayDrill(query, p, 'sales')} label={`${t('an.core.cashIn')} ${p.bucket}`}>{formatMoney(p.cashIn)}</DrillLink>,
    },
    {
      title: t('an.core.attendance'),
      dataIndex: 'attendanceRate',
      align: 'right',
      render: (_, p) => (p.marked ? <DrillLink drill={dayDrill(query, p, 'marked')} label={`${t('an.core.attendance')} ${p.bucket}`}>{`${formatRate(p.attendanceRate)} (${p.present}/${p.marked})`}</DrillLink> : '-'),
    },
  ];
  return (
    <div style={{ padding: 24 }}>
      <AnalysisFilters query={query} onChange={setQuery} />
      {data && (
        <Typography.Paragraph type="secondary">{t('an.previous', { start: data.previous.startDate, end: data.previous.endDate })}</Typography.Paragraph>
      )}
      {!data ? <Skeleton active /> : <KpiGrid kpis={data.kpis} />}
      <Card title={title} style={{ marginTop: 16 }} loading={loading && !data}>
        <Chart<DayPoint>
          title={title}
          categories={chart.categories}
          series={chart.series}
          summary={seriesSummary(t, t('an.core.hours'), chart.categories, chart.series[0].data, formatHours)}
          columns={columns}
          rows={series}
          rowKey="bucket"
          onSelect={(i) => history.push(drillUrl(dayDrill(query, series[i], 'consumed')))}
        />
      </Card>
    </div>
  );
}
