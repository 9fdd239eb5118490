/**
 * Building blocks of the analysis screens (docs/screens.md#analysis): the range and campus filter kept in the URL, KPI
 * cards with their trend against the previous period and their drill-down links, and value formatting per unit.
 */
import React, { useMemo } from 'react';
import { Card, Col, Row, Select, Space, Statistic, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useSearchParams } from 'umi';
import { useRequest } from 'ahooks';
import TimeSelect, { presetRange } from '@/components/TimeSelect';
import { useIntl } from '@/locales/useIntl';
import { fetchCampusOptions } from '@/services/school';
import type { AnalyzeQuery, DayPoint, Kpi } from '@/types/analysis';
import { DrillLink, formatValue, TrendText } from './kpi';

export { DrillLink, formatRate, formatValue, TrendText } from './kpi';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range and campus of an analysis screen, kept in the URL (?startDate=&endDate=&campusId=); default this month. */
export function useAnalysisQuery(): [AnalyzeQuery, (next: Partial<AnalyzeQuery> & { campusId?: number | undefined }) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = presetRange('thisMonth')!;
  const start = params.get('startDate');
  const end = params.get('endDate');
  const campus = Number(params.get('campusId')) || undefined;
  const query = useMemo<AnalyzeQuery>(
    () => ({
      startDate: start && DATE.test(start) ? start : fallback[0],
      endDate: end && DATE.test(end) ? end : fallback[1],
      ...(campus ? { campusId: campus } : {}),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [start, end, campus],
  );
  const set = (next: Partial<AnalyzeQuery>) => {
    const merged = { ...query, ...next };
    const p = new URLSearchParams(params);
    p.set('startDate', merged.startDate);
    p.set('endDate', merged.endDate);
    if ('campusId' in next && next.campusId === undefined) p.delete('campusId');
    else if (merged.campusId) p.set('campusId', String(merged.campusId));
    setParams(p, { replace: true });
  };
  return [query, set];
}

/** Range picker (the shared TimeSelect) and campus filter, plus extra controls. */
export function AnalysisFilters({ query, onChange, extra }: { query: AnalyzeQuery; onChange: ReturnType<typeof useAnalysisQuery>[1]; extra?: React.ReactNode }) {
  const { t } = useIntl();
  const { data: campuses } = useRequest(fetchCampusOptions);
  return (
    <Space wrap size="middle" style={{ marginBottom: 16 }}>
      <Space>
        <Typography.Text id="an-range-label">{t('an.range')}</Typography.Text>
        <div style={{ minWidth: 380 }}>
          <TimeSelect noAll value={[query.startDate, query.endDate]} onChange={(v) => v && onChange({ startDate: v[0], endDate: v[1] })} />
        </div>
      </Space>
      <Space>
        <Typography.Text>{t('an.campus')}</Typography.Text>
        <Select<number | 0>
          aria-label={t('an.campus')}
          style={{ minWidth: 160 }}
          value={query.campusId ?? 0}
          options={[{ value: 0, label: t('an.allCampuses') }, ...(campuses ?? []).map((c) => ({ value: Number(c.value), label: String(c.label) }))]}
          onChange={(v) => onChange({ campusId: v ? v : undefined })}
        />
      </Space>
      {extra}
    </Space>
  );
}

export function KpiCard({ kpi }: { kpi: Kpi }) {
  const { t } = useIntl();
  const name = t(`an.kpi.${kpi.key}`);
  return (
    <Card size="small" data-kpi={kpi.key}>
      <Statistic
        title={
          <Space size={4}>
            <span>{name}</span>
            <Tooltip title={t(`an.kpi.${kpi.key}.help`)}>
              <InfoCircleOutlined aria-label={t(`an.kpi.${kpi.key}.help`)} tabIndex={0} />
            </Tooltip>
          </Space>
        }
        value={kpi.value}
        formatter={() => formatValue(kpi.unit, kpi.value)}
      />
      <div>
        <TrendText trend={kpi.trend} none={kpi.key === 'fillRate' ? t('an.noTrend') : undefined} />
      </div>
      {kpi.cohort && kpi.part !== undefined && kpi.whole !== undefined && kpi.wholeDrill ? (
        // The renewal rate names its cohort and the range of its part; each number opens its list (issue 30).
        <div data-testid={`cohort-${kpi.key}`}>
          <div>
            {t(`an.cohort.whole.${kpi.key}`, { from: kpi.cohort.startDate, to: kpi.cohort.endDate })}{' '}
            <DrillLink drill={kpi.wholeDrill} label={`${name}: ${t('an.viewRecords')} (${t(`an.whole.${kpi.key}`)})`}>
              {kpi.whole.toLocaleString('en-US')}
            </DrillLink>
          </div>
          <div>
            {t(`an.cohort.part.${kpi.key}`, { from: kpi.drill.from ?? '', to: kpi.drill.to ?? '' })}{' '}
            <DrillLink drill={kpi.drill} label={`${name}: ${t('an.viewRecords')} (${t(`an.part.${kpi.key}`)})`}>
              {kpi.part.toLocaleString('en-US')}
            </DrillLink>
          </div>
        </div>
      ) : kpi.unit === 'rate' && kpi.part !== undefined && kpi.whole !== undefined ? (
        <Space size={8} wrap>
          <DrillLink drill={kpi.drill} label={`${name}: ${t('an.viewRecords')} (${t(`an.part.${kpi.key}`)})`}>
            {kpi.part.toLocaleString('en-US')} {t(`an.part.${kpi.key}`)}
          </DrillLink>
          <span aria-hidden>/</span>
          {kpi.wholeDrill ? (
            <DrillLink drill={kpi.wholeDrill} label={`${name}: ${t('an.viewRecords')} (${t(`an.whole.${kpi.key}`)})`}>
              {kpi.whole.toLocaleString('en-US')} {t(`an.whole.${kpi.key}`)}
            </DrillLink>
          ) : (
            <span>
              {kpi.whole.toLocaleString('en-US')} {t(`an.whole.${kpi.key}`)}
            </span>
          )}
        </Space>
      ) : (
        <DrillLink drill={kpi.drill} label={t('an.viewRecordsOf', { name })}>
          {t('an.viewRecords')}
        </DrillLink>
      )}
      {kpi.periodCards ? (
        // Recognised revenue: what period cards recognised by day is in the figure but in no hour record (issue 30).
        <div style={{ fontSize: 12 }} data-testid={`period-cards-${kpi.key}`}>
          {t('fig.periodCards', { amount: formatValue('money', kpi.periodCards) })}
        </div>
      ) : null}
    </Card>
  );
}

export function KpiGrid({ kpis }: { kpis: Kpi[] }) {
  return (
    <Row gutter={[12, 12]}>
      {kpis.map((k) => (
        <Col key={k.key} xs={24} sm={12} lg={8} xl={6}>
          <KpiCard kpi={k} />
        </Col>
      ))}
    </Row>
  );
}

/** "title: n points, highest x on y" — the text alternative of a series. */
export function seriesSummary(t: (k: string, v?: Record<string, string | number>) => string, title: string, labels: string[], values: number[], fmt: (v: number) => string): string {
  if (!values.length || values.every((v) => !v)) return t('an.chartEmpty', { title });
  let at = 0;
  values.forEach((v, i) => {
    if (v > values[at]) at = i;
  });
  return t('an.chartSummary', { title, n: values.length, max: fmt(values[at]), at: labels[at] });
}

/**
 * The trend chart of the teaching analyses (/analyze/core, /analyze/record): the hours consumed a bucket as bars, and
 * `lineKey` of each bucket as a line on the right axis, named `lineName`.
 */
export function useHoursChart(series: DayPoint[], lineName: string, lineKey: 'recognised' | 'attendanceRate') {
  const { t } = useIntl();
  return useMemo(
    () => ({
      categories: series.map((p) => p.bucket),
      series: [
        { name: t('an.core.hours'), type: 'bar' as const, data: series.map((p) => p.consumedHours) },
        { name: lineName, type: 'line' as const, data: series.map((p) => p[lineKey]), rightAxis: true },
      ],
    }),
    [series, t, lineName, lineKey],
  );
}
