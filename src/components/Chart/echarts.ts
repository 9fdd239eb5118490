/**
 * The chart library, modular (only what the charts use), loaded by `import()` from ./index.tsx so that it lands in
 * its own chunk, downloaded only by the screens that draw charts.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export default echarts;
