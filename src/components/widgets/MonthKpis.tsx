/**
 * Dashboard widget (docs/screens.md#shell "month KPIs"): this month's core figures so far, from the same call and the
 * same definitions as /analyze/core (GET /v2/company_kt/analyze_core for the 1st of the month to today, over the
 * caller's data scope), each opening the list of its records, with the trend against the same days of last month.
 * Shown to users with the data-analysis access (widgets.ts).
 */
import React from 'react';
import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'umi';
import dayjs from 'dayjs';
import { useRequest } from 'ahooks';
import { useIntl } from '@/locales/useIntl';
import { fetchAnalyzeCore } from '@/services/analysis';
import type { AnalyzeQuery, KpiKey } from '@/types/analysis';
import { DrillLink, formatValue, TrendText } from '@/components/analysis/kpi';
import { periodLabel } from '@/utils/periodLabel';

/** The figures shown, in order (docs/rules.md#analysis-metrics). */
export const MONTH_KPIS: KpiKey[] = ['recognised', 'consumedHours', 'attendanceRate', 'cashIn', 'newStudents', 'renewingStudents'];

/** This month so far: the range /analyze/core opens on by default. */
export function monthToDate(today = dayjs()): AnalyzeQuery {
  return { startDate: today.startOf('month').format('YYYY-MM-DD'), endDate: today.format('YYYY-MM-DD') };
}

export default function MonthKpis() {
  const { t } = useIntl();
  const range = monthToDate();
  const { data, loading } = useRequest(() => fetchAnalyzeCore(range));
  const kpis = MONTH_KPIS.map((key) => data?.kpis.find((k) => k.key === key)).filter((k) => k !== undefined);
  return (
    <Card
      // The period in words (issue 30: the dashboard shows the month to date, the finance screens a month or a range).
      title={
        <span data-testid="month-kpis-title">
          {t('an.widget.title')} · {periodLabel(t, range.startDate, range.endDate, range.endDate)}
        </span>
      }
      loading={loading && !data}
      extra={<Link to={`/analyze/core?startDate=${range.startDate}&endDate=${range.endDate}`}>{t('an.widget.open')}</Link>}
    >
      <Row gutter={[16, 12]}>
        {kpis.map((k) => {
          const name = t(`an.kpi.${k.key}`);
          return (
            <Col key={k.key} span={12} data-kpi={k.key}>
              <Typography.Text type="secondary">{name}</Typography.Text>
              <div style={{ fontSize: 20, lineHeight: '28px' }} data-value>
                <DrillLink drill={k.drill} label={t('an.viewRecordsOf', { name })}>
                  {formatValue(k.unit, k.value)}
                </DrillLink>
              </div>
              <div style={{ fontSize: 12 }}>
                <TrendText trend={k.trend} none={t('an.widget.noPrevious')} />
              </div>
            </Col>
          );
        })}
      </Row>
      {data && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
          {t('an.widget.compared', { start: data.range.startDate, end: data.range.endDate, pstart: data.previous.startDate, pend: data.previous.endDate })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
