/**
 * The layout of every chart (issue 31): the screens pass categories and series, this module places the legend, the
 * grid and the axis labels so that they never overlap, in both languages.
 * - The legend is one line on top (`scroll` when its names do not fit); the grid starts below it.
 * - The grid holds its axis labels inside (`outerBoundsMode: 'same'` + `outerBoundsContain: 'axisLabel'`: ECharts 6's
 *   `containLabel`), so labels never leave the chart or meet the legend.
 * - Every category is named (`interval: 0`): straight when the names fit their slot, else turned 45° (90° when the
 *   slots are narrower than a line of text) and cut with an ellipsis past LABEL_MAX px; the axis tooltip names the
 *   category in full.
 */
import { axisTooltip } from './tooltip';

export interface LayoutSeries {
  name: string;
  type: 'bar' | 'line';
  data: number[];
  rightAxis?: boolean;
  stack?: string;
  color?: string;
}

/** Longest a category label may be (px) before it is cut with an ellipsis. */
export const LABEL_MAX = 110;
const FONT = '12px sans-serif';
const LEGEND_HEIGHT = 24;
const GRID_TOP = LEGEND_HEIGHT + 16;
/** Width of the y axis and its labels, before the chart is laid out (only to decide whether the names fit). */
const Y_AXIS_ESTIMATE = 64;

let ctx: CanvasRenderingContext2D | null | undefined;
/** Width of a label in ECharts' default font (an estimate where no canvas is available). */
export function textWidth(text: string): number {
  if (ctx === undefined) {
    try {
      ctx = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
    } catch {
      ctx = null;
    }
    if (ctx) ctx.font = FONT;
  }
  if (ctx) return ctx.measureText(text).width;
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e80 ? 12 : 7;
  return w;
}

export interface CategoryLabels {
  rotate: number;
  /** The labels' width limit (px, along the text): longer ones end with an ellipsis. */
  width: number;
}

/** How the category labels fit a plot `plotWidth` px wide: straight, or turned and cut. */
export function categoryLabels(categories: string[], plotWidth: number, measure: (s: string) => number = textWidth): CategoryLabels {
  const n = Math.max(categories.length, 1);
  const slot = Math.max(plotWidth, 1) / n;
  const longest = categories.reduce((m, c) => Math.max(m, measure(c)), 0);
  if (longest <= slot - 8) return { rotate: 0, width: Math.max(Math.floor(slot - 4), 1) };
  // A turned label takes about a line's height across the axis: 45° needs ~18 px a slot, 90° ~14 px.
  return { rotate: slot >= 18 ? 45 : 90, width: Math.min(Math.ceil(longest) + 2, LABEL_MAX) };
}

/** The whole ECharts option of a chart `width` px wide. */
export function chartOption(opts: {
  categories: string[];
  series: LayoutSeries[];
  width: number;
  rightAxisPercent?: boolean;
  clickable?: boolean;
}) {
  const right = opts.series.some((s) => s.rightAxis);
  const plotWidth = opts.width - Y_AXIS_ESTIMATE * (right ? 2 : 1) - 24;
  const labels = categoryLabels(opts.categories, plotWidth);
  return {
    animation: false,
    tooltip: { trigger: 'axis', formatter: axisTooltip, confine: true },
    legend: { type: 'scroll', top: 0, left: 'center', height: LEGEND_HEIGHT, itemGap: 16 },
    grid: { left: 8, right: right ? 8 : 16, top: GRID_TOP, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    xAxis: {
      type: 'category',
      data: opts.categories,
      axisLabel: { interval: 0, rotate: labels.rotate, width: labels.width, overflow: 'truncate', hideOverlap: false },
    },
    yAxis: [{ type: 'value' }, ...(right ? [{ type: 'value', axisLabel: opts.rightAxisPercent ? { formatter: (v: number) => `${Math.round(v * 100)}%` } : {} }] : [])],
    series: opts.series.map((s) => ({
      name: s.name,
      type: s.type,
      data: s.data,
      yAxisIndex: s.rightAxis ? 1 : 0,
      stack: s.stack,
      cursor: opts.clickable ? 'pointer' : 'default',
      ...(s.color ? { itemStyle: { color: s.color } } : {}),
    })),
  };
}
