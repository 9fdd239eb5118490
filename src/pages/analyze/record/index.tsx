/**
 * /analyze/record (docs/screens.md#analysis, `GET /v2/company_kt/analyzes`): consumed hours, recognised revenue and
 * attendance over time, and broken down by campus, class or teacher; every figure opens its records.
 */
import React from 'react';
import { Card, Select, Space, Table, Typography } from 'antd';
import { history } from 'umi';
import { useRequest } from 'ahooks';
import type { ColumnsType } from 'antd/es/table';
import Chart from '@/components/Chart';
import { AnalysisFilters, DrillLink, formatRate, seriesSummary, useAnalysisQuery, useHoursChart } from '@/components/analysis';
import { useIntl } from '@/locales/useIntl';
import { fetchAnalyzeRecords } from '@/services/analysis';
import type { AnalyzeQuery, DayPoint, DrillParams, RecordBreakdownRow, RecordDimension } from '@/types/analysis';
import { drillUrl } from '@/utils/drill';
import { formatHours, formatMoney } from '@/utils/format';
import { useSearchParams } from 'umi';

const DIMENSIONS: RecordDimension[] = ['campus', 'class', 'teacher'];

function rowDrill(q: AnalyzeQuery, by: RecordDimension, id: number, drill: 'consumed' | 'marked'): DrillParams {
  const base: DrillParams = { drill, from: q.startDate, to: q.endDate, ...(q.campusId ? { campus: q.campusId } : {}) };
  if (by === 'campus') return { ...base, campus: id };
  return by === 'class' ? { ...base, class: id } : { ...base, teacher: id };
}

export default function AnalyzeRecordPage() {
  const { t } = useIntl();
  const [query, setQuery] = useAnalysisQuery();
  const [params, setParams] = useSearchParams();
  const by = (DIMENSIONS.find((d) => d === params.get('by')) ?? 'campus') as RecordDimension;
  const { data, loading } = useRequest(() => fetchAnalyzeRecords({ ...query, by }), { refreshDeps: [query, by] });
  const series = data?.series ?? [];
  const title = t('an.record.trendTitle');
  const chart = useHoursChart(series, t('an.core.attendance'), 'attendanceRate');
  const dayDrill = (p: DayPoint, drill: 'consumed' | 'marked'): DrillParams => ({ drill, from: p.from, to: p.to, ...(query.campusId ? { campus: query.campusId } : {}) });
  const seriesColumns: ColumnsType<DayPoint> = [
    { title: series[0]?.bucket.length === 7 ? t('an.month') : t('an.date'), dataIndex: 'bucket' },
    { title: t('an.core.hours'), dataIndex: 'consumedHours', align: 'right', render: (_, p) => <DrillLink drill={dayDrill(p, 'consumed')} label={`${t('an.core.hours')} ${p.bucket}`}>{formatHours(p.consumedHours)}</DrillLink> },
    { title: t('an.core.recognised'), dataIndex: 'recognised', align: 'right', render: (_, p) => formatMoney(p.recognised) },
    { title: t('an.core.attendance'), dataIndex: 'attendanceRate', align: 'right', render: (_, p) => (p.marked ? <DrillLink drill={dayDrill(p, 'marked')} label={`${t('an.core.attendance')} ${p.bucket}`}>{`${formatRate(p.attendanceRate)} (${p.present}/${p.marked})`}</DrillLink> : '-') },
  ];
  const byLabel = t(`an.record.by.${by}`);
  const rows = data?.rows ?? [];
  const columns: ColumnsType<RecordBreakdownRow> = [
    { title: byLabel, dataIndex: 'name' },
    { title: t('an.core.hours'), dataIndex: 'consumedHours', align: 'right', render: (_, r) => <DrillLink drill={rowDrill(query, by, r.id, 'consumed')} label={`${t('an.core.hours')} ${r.name}`}>{formatHours(r.consumedHours)}</DrillLink> },
    { title: t('an.core.recognised'), dataIndex: 'recognised', align: 'right', render: (_, r) => formatMoney(r.recognised) },
    { title: t('an.core.attendance'), dataIndex: 'attendanceRate', align: 'right', render: (_, r) => (r.marked ? <DrillLink drill={rowDrill(query, by, r.id, 'marked')} label={`${t('an.core.attendance')} ${r.name}`}>{`${formatRate(r.attendanceRate)} (${r.present}/${r.marked})`}</DrillLink> : '-') },
  ];
  const breakdownTitle = t('an.record.breakdownTitle', { by: byLabel });
  return (
    <div style={{ padding: 24 }}>
      <AnalysisFilters
        query={query}
        onChange={setQuery}
        extra={
          <Space>
            <Typography.Text>{t('an.record.by')}</Typography.Text>
            <Select<RecordDimension>
              aria-label={t('an.record.by')}
              style={{ minWidth: 120 }}
              value={by}
              options={DIMENSIONS.map((d) => ({ value: d, label: t(`an.record.by.${d}`) }))}
              onChange={(v) => {
                const p = new URLSearchParams(params);
                p.set('by', v);
                setParams(p, { replace: true });
              }}
            />
          </Space>
        }
      />
      <Card title={title} loading={loading && !data}>
        <Chart<DayPoint>
          title={title}
          categories={chart.categories}
          series={chart.series}
          rightAxisPercent
          summary={seriesSummary(t, t('an.core.hours'), chart.categories, chart.series[0].data, formatHours)}
          columns={seriesColumns}
          rows={series}
          rowKey="bucket"
          onSelect={(i, s) => history.push(drillUrl(dayDrill(series[i], s === 1 ? 'marked' : 'consumed')))}
        />
      </Card>
      <Card title={breakdownTitle} style={{ marginTop: 16 }}>
        {by !== 'campus' && <Typography.Paragraph type="secondary">{t('an.record.lessonsNote')}</Typography.Paragraph>}
        <Chart<RecordBreakdownRow>
          title={breakdownTitle}
          categories={rows.slice(0, 20).map((r) => r.name)}
          series={[{ name: t('an.core.hours'), type: 'bar', data: rows.slice(0, 20).map((r) => r.consumedHours) }]}
          summary={seriesSummary(t, breakdownTitle, rows.map((r) => r.name), rows.map((r) => r.consumedHours), formatHours)}
          columns={columns}
          rows={rows}
          rowKey="id"
          onSelect={(i) => history.push(drillUrl(rowDrill(query, by, rows[i].id, 'consumed')))}
        />
        {data && (
          <Table
            size="small"
            style={{ marginTop: 8 }}
            pagination={false}
            rowKey="k"
            aria-label={t('an.total')}
            columns={[
              { title: t('an.total'), dataIndex: 'k' },
              { title: t('an.core.hours'), dataIndex: 'h', align: 'right' },
              { title: t('an.core.recognised'), dataIndex: 'r', align: 'right' },
              { title: t('an.core.attendance'), dataIndex: 'a', align: 'right' },
            ]}
            dataSource={[
              {
                k: t('an.total'),
                h: formatHours(data.total.consumedHours),
                r: formatMoney(data.total.recognised),
                a: `${formatRate(data.total.attendanceRate)} (${data.total.present}/${data.total.marked})`,
              },
            ]}
          />
        )}
      </Card>
    </div>
  );
}
