/**
 * A chart with its accessible alternative (PRODUCT.md §6.10, §7): tabs "Chart" and "Data table". The chart is drawn by
 * echarts, loaded on first use (its own chunk); the canvas carries a text summary (role="img"), and the data table
 * holds the same figures with links, reachable by keyboard and screen reader. Clicking a bar or point calls
 * `onSelect(index)` (drill-down).
 */
import React, { useEffect, useRef, useState } from 'react';
import { Alert, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useIntl } from '@/locales/useIntl';
import { axisTooltip } from './tooltip';

type EChartsModule = typeof import('./echarts')['default'];
type Instance = ReturnType<EChartsModule['init']>;

let loader: Promise<EChartsModule> | undefined;
/** Loads echarts once (the chunk is shared by every chart). */
export function loadECharts(): Promise<EChartsModule> {
  loader ??= import(/* webpackChunkName: "echarts" */ './echarts').then((m) => m.default);
  return loader;
}

export interface ChartSeries {
  name: string;
  type: 'bar' | 'line';
  data: number[];
  /** Right-hand axis (e.g. a rate beside amounts). */
  rightAxis?: boolean;
  stack?: string;
}

export interface ChartProps<Row> {
  title: string;
  /** Category labels of the x axis. */
  categories: string[];
  series: ChartSeries[];
  /** Text summary of the chart (screen readers, and the canvas's label). */
  summary: string;
  /** Data table: the same figures, with links. */
  columns: ColumnsType<Row>;
  rows: Row[];
  rowKey: keyof Row & string;
  onSelect?: (index: number, seriesIndex: number) => void;
  height?: number;
  /** Format of the right axis (rates: percent). */
  rightAxisPercent?: boolean;
  loading?: boolean;
}

function ChartCanvas({ categories, series, summary, onSelect, height = 300, rightAxisPercent }: Pick<ChartProps<unknown>, 'categories' | 'series' | 'summary' | 'onSelect' | 'height' | 'rightAxisPercent'>) {
  const { t } = useIntl();
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance>();
  const select = useRef(onSelect);
  select.current = onSelect;
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let ro: ResizeObserver | undefined;
    loadECharts()
      .then((echarts) => {
        if (disposed || !el.current) return;
        chart.current = echarts.init(el.current);
        chart.current.on('click', (p: { dataIndex?: number; seriesIndex?: number }) => {
          if (p.dataIndex !== undefined) select.current?.(p.dataIndex, p.seriesIndex ?? 0);
        });
        if (typeof ResizeObserver !== 'undefined') {
          ro = new ResizeObserver(() => chart.current?.resize());
          ro.observe(el.current);
        }
        setReady(true);
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      ro?.disconnect();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    if (!ready || !chart.current) return;
    const right = series.some((s) => s.rightAxis);
    chart.current.setOption(
      {
        animation: false,
        tooltip: { trigger: 'axis', formatter: axisTooltip },
        legend: { top: 0 },
        grid: { left: 48, right: right ? 56 : 24, top: 36, bottom: 28, containLabel: true },
        xAxis: { type: 'category', data: categories },
        yAxis: [{ type: 'value' }, ...(right ? [{ type: 'value', axisLabel: rightAxisPercent ? { formatter: (v: number) => `${Math.round(v * 100)}%` } : {} }] : [])],
        series: series.map((s) => ({ name: s.name, type: s.type, data: s.data, yAxisIndex: s.rightAxis ? 1 : 0, stack: s.stack, cursor: onSelect ? 'pointer' : 'default' })),
      },
      true,
    );
  }, [ready, categories, series, rightAxisPercent, onSelect]);

  if (failed) return <Alert type="warning" showIcon message={summary} />;
  return (
    <div>
      <div ref={el} role="img" aria-label={summary} style={{ width: '100%', height }} />
      {!ready && <Typography.Text type="secondary">{t('an.chartLoading')}</Typography.Text>}
    </div>
  );
}

export default function Chart<Row extends object>(props: ChartProps<Row>) {
  const { t } = useIntl();
  const [tab, setTab] = useState('chart');
  return (
    <div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {props.summary} {props.onSelect ? t('an.chartHint') : ''}
      </Typography.Paragraph>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'chart',
            label: t('an.chart'),
            children: <ChartCanvas categories={props.categories} series={props.series} summary={props.summary} onSelect={props.onSelect} height={props.height} rightAxisPercent={props.rightAxisPercent} />,
          },
          {
            key: 'table',
            label: t('an.table'),
            children: (
              <Table<Row>
                size="small"
                rowKey={props.rowKey}
                columns={props.columns}
                dataSource={props.rows}
                loading={props.loading}
                pagination={props.rows.length > 31 ? { pageSize: 31 } : false}
                scroll={{ x: true }}
                aria-label={props.title}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
