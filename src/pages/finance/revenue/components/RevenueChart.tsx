/** Cash in vs recognised revenue over 12 months: the shared chart (src/components/Chart: layout, SVG, its own chunk). */
import React, { useMemo } from 'react';
import { useIntl } from '@/locales/useIntl';
import type { RevenueMonth } from '@/types/finance';
import { ChartCanvas, type ChartSeries } from '@/components/Chart';

export default function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const { t } = useIntl();
  const categories = useMemo(() => months.map((m) => m.month), [months]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { name: t('fin.fig.cashIn'), type: 'bar', data: months.map((m) => m.cashIn), color: '#1f5fbf' },
      { name: t('fin.fig.recognised'), type: 'line', data: months.map((m) => m.recognised), color: '#b35900' },
    ],
    [months, t],
  );
  // The chart is decorative for screen readers: the table below carries the same figures.
  return <ChartCanvas categories={categories} series={series} summary={t('fin.chartAlt')} height={280} testId="revenue-chart" />;
}
