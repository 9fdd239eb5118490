/**
 * The charts' axis tooltip as DOM built with CSSOM (issue 8): echarts' default tooltip is HTML markup with style
 * attributes, which the page's Content-Security-Policy blocks (no 'unsafe-inline' styles). Same content: the axis
 * label, then one line per series with its colour mark, name and value.
 */
interface AxisParam {
  seriesName?: string;
  value?: unknown;
  color?: unknown;
  axisValueLabel?: string;
  name?: string;
}

function formatValue(v: unknown): string {
  if (Array.isArray(v)) return formatValue(v[v.length - 1]);
  if (typeof v === 'number') return Number.isFinite(v) ? v.toLocaleString() : '-';
  return v == null || v === '' ? '-' : String(v);
}

export function axisTooltip(params: AxisParam | AxisParam[]): HTMLElement {
  const list = Array.isArray(params) ? params : [params];
  const box = document.createElement('div');
  box.className = 'chart-tooltip';
  const title = document.createElement('div');
  title.textContent = list[0]?.axisValueLabel ?? list[0]?.name ?? '';
  title.style.marginBottom = '4px';
  box.appendChild(title);
  for (const p of list) {
    const line = document.createElement('div');
    line.style.display = 'flex';
    line.style.alignItems = 'center';
    line.style.gap = '8px';
    const mark = document.createElement('span');
    mark.style.display = 'inline-block';
    mark.style.width = '10px';
    mark.style.height = '10px';
    mark.style.borderRadius = '50%';
    if (typeof p.color === 'string') mark.style.backgroundColor = p.color;
    const name = document.createElement('span');
    name.textContent = p.seriesName ?? '';
    name.style.flex = '1';
    const value = document.createElement('strong');
    value.textContent = formatValue(p.value);
    value.style.marginLeft = '16px';
    line.append(mark, name, value);
    box.appendChild(line);
  }
  return box;
}
