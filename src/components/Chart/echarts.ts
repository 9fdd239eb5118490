/**
 * The chart library, modular (only what the charts use), loaded by `import()` from ./index.tsx so that it lands in
 * its own chunk, downloaded only by the screens that draw charts. Drawn as SVG (issue 31): the labels are text
 * elements, which the browser lays out and tests can measure (tests/e2e/layout.spec.ts), and the SVG renderer is
 * about the size of the canvas one it replaces.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export default echarts;
