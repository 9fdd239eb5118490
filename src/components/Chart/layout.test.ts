/** The charts' layout (issue 31): every category named, legend above the grid, labels inside it. */
import { describe, expect, it } from 'vitest';
import { categoryLabels, chartOption, LABEL_MAX } from './layout';

const chars = (s: string) => s.length * 7;

describe('categoryLabels', () => {
  it('keeps short names straight when they fit their slot', () => {
    expect(categoryLabels(['2026-10', '2026-11'], 600, chars)).toEqual({ rotate: 0, width: 296 });
  });
  it('turns names that do not fit by 45°, cut at LABEL_MAX', () => {
    const names = ['96 lesson premium card', '24 lesson standard card', 'Ballet 20', 'Trial 10', 'Season pass', 'Year card'];
    const l = categoryLabels(names, 400, chars);
    expect(l.rotate).toBe(45);
    expect(l.width).toBe(LABEL_MAX);
  });
  it('turns them upright when the slots are narrower than a line', () => {
    const names = Array.from({ length: 40 }, (_, i) => `Staff member ${i}`);
    expect(categoryLabels(names, 400, chars).rotate).toBe(90);
  });
});

describe('chartOption', () => {
  it('names every category, puts the legend on one line above the grid and the labels inside the grid', () => {
    const o = chartOption({ categories: ['a', 'b'], series: [{ name: 'S', type: 'bar', data: [1, 2] }], width: 500 });
    expect(o.xAxis.axisLabel.interval).toBe(0);
    expect(o.legend).toMatchObject({ type: 'scroll', top: 0 });
    expect(o.grid.top).toBeGreaterThan(o.legend.height);
    expect(o.grid).toMatchObject({ outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' });
    expect(o.yAxis).toHaveLength(1);
  });
  it('adds the right axis for a series on it, with percents', () => {
    const o = chartOption({ categories: ['a'], series: [{ name: 'S', type: 'bar', data: [1] }, { name: 'R', type: 'line', data: [0.5], rightAxis: true }], width: 500, rightAxisPercent: true });
    expect(o.yAxis).toHaveLength(2);
    expect(o.series[1].yAxisIndex).toBe(1);
    const fmt = (o.yAxis[1] as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter;
    expect(fmt(0.25)).toBe('25%');
  });
});
