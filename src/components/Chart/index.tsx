/**
 * A chart with its accessible alternative (docs/screens.md#analysis, #every-screen): tabs "Chart" and "Data table". The chart is drawn by
 * echarts, loaded on first use (its own chunk), laid out by ./layout.ts (legend, grid, labels that never overlap); the
 * drawing carries a text summary (role="img"), and the data table
 * holds the same figures with links, reachable by keyboard and screen reader. Clicking a bar or point calls
 * `onSelect(index)` (drill-down).
 */
import React, { useEffect, useRef, useState } from 'react';
import { Alert, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useIntl } from '@/locales/useIntl';
import { chartOption, type LayoutSeries } from './layout';

type EChartsModule = typeof import('./echarts')['default'];
type Instance = ReturnType<EChartsModule['init']>;

let loader: Promise<EChartsModule> | undefined;
/** Loads echarts once (the chunk is shared by every chart). */
export function loadECharts(): Promise<EChartsModule> {
  loader ??= import(/* webpackChunkName: "echarts" */ './echarts').then((m) => m.default);
  return loader;
}

export interface ChartSeries extends LayoutSeries {
  /** Right-hand axis (e.g. a rate beside amounts). */
  rightAxis?: boolean;
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

/**
 * The chart alone (no tabs), for a screen that shows its figures in its own table (/finance/revenue): the same layout
 * as every chart. The screens pass data and series only.
 */
export function ChartCanvas({
  categories,
  series,
  summary,
  onSelect,
  height = 300,
  rightAxisPercent,
  testId,
}: Pick<ChartProps<unknown>, 'categories' | 'series' | 'summary' | 'onSelect' | 'height' | 'rightAxisPercent'> & { testId?: string }) {
  const { t } = useIntl();
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance>();
  const select = useRef(onSelect);
  select.current = onSelect;
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    let disposed = false;
    let ro: ResizeObserver | undefined;
    loadECharts()
      .then((echarts) => {
        if (disposed || !el.current) return;
        chart.current = echarts.init(el.current, undefined, { renderer: 'svg' });
        chart.current.on('click', (p: { dataIndex?: number; seriesIndex?: number }) => {
          if (p.dataIndex !== undefined) select.current?.(p.dataIndex, p.seriesIndex ?? 0);
        });
        if (typeof ResizeObserver !== 'undefined') {
          ro = new ResizeObserver(() => {
            chart.current?.resize();
            setWidth(el.current?.clientWidth ?? 0);
          });
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

  // The layout comes from ./layout.ts (legend, grid, category labels), worked out for the chart's width: again when
  // the width changes (a turned or cut label may fit straight then).
  useEffect(() => {
    if (!ready || !chart.current) return;
    chart.current.setOption(chartOption({ categories, series, width: width || chart.current.getWidth(), rightAxisPercent, clickable: !!onSelect }), true);
  }, [ready, categories, series, rightAxisPercent, onSelect, width]);

  if (failed) return <Alert type="warning" showIcon message={summary} />;
  return (
    <div>
      {/* What the chart was asked to name (categories, legend), which the layout test reads against the drawing. */}
      <div
        ref={el}
        role="img"
        aria-label={summary}
        style={{ width: '100%', height }}
        data-testid={testId}
        className="chart-canvas"
        data-categories={JSON.stringify(categories)}
        data-series={JSON.stringify(series.map((s) => s.name))}
      />
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
