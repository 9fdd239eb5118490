/** Cash in vs recognised revenue over 12 months: modular ECharts loaded on demand (the shared chart chunk of src/components/Chart). */
import React, { useEffect, useRef } from 'react';
import { useIntl } from '@/locales/useIntl';
import type { RevenueMonth } from '@/types/finance';
import { loadECharts } from '@/components/Chart';
import { axisTooltip } from '@/components/Chart/tooltip';

export default function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const { t, locale } = useIntl();
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose: () => void; resize: () => void } | undefined;
    const onResize = () => chart?.resize();
    (async () => {
      const core = await loadECharts();
      if (disposed || !el.current) return;
      const c = core.init(el.current);
      chart = c;
      c.setOption({
        animation: false,
        tooltip: { trigger: 'axis', formatter: axisTooltip },
        legend: { data: [t('fin.fig.cashIn'), t('fin.fig.recognised')] },
        grid: { left: 60, right: 20, top: 40, bottom: 30 },
        xAxis: { type: 'category', data: months.map((m) => m.month) },
        yAxis: { type: 'value' },
        series: [
          { name: t('fin.fig.cashIn'), type: 'bar', data: months.map((m) => m.cashIn), itemStyle: { color: '#1f5fbf' } },
          { name: t('fin.fig.recognised'), type: 'line', data: months.map((m) => m.recognised), itemStyle: { color: '#b35900' } },
        ],
      });
      window.addEventListener('resize', onResize);
    })().catch(() => undefined);
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [months, t, locale]);
  // The chart is decorative for screen readers: the table below carries the same figures.
  return <div ref={el} role="img" aria-label={t('fin.chartAlt')} style={{ width: '100%', height: 280 }} data-testid="revenue-chart" />;
}
