/**
 * Excel files in the browser (exceljs, loaded on demand: only the screens that import or export pull it in).
 * `downloadWorkbook` writes sheets and starts the download; `readFirstSheet` reads the first sheet of a file.
 */
import { formatOf, toCell, type CellKind } from './cells';

export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
  /** What the column holds: numbers and dates are written as such, with their format (`./cells`). */
  kind?: CellKind;
}

export interface SheetSpec {
  name: string;
  columns: SheetColumn[];
  rows: Record<string, unknown>[];
}

// eslint-disable-next-line @typescript-eslint/consistent-type-imports
type ExcelModule = typeof import('exceljs');

async function excel(): Promise<ExcelModule> {
  const mod = (await import(/* webpackChunkName: "exceljs" */ 'exceljs')) as ExcelModule & { default?: ExcelModule };
  return mod.default ?? mod;
}

/** Builds the workbook (one sheet per spec) as bytes. */
export async function buildWorkbook(sheets: SheetSpec[]): Promise<ArrayBuffer> {
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name.slice(0, 31));
    ws.columns = s.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.max(12, c.header.length + 4) }));
    ws.getRow(1).font = { bold: true };
    for (const r of s.rows) {
      const values = s.columns.map((c) => toCell(c.kind, r[c.key]));
      const row = ws.addRow(Object.fromEntries(s.columns.map((c, k) => [c.key, values[k]])));
      values.forEach((v, k) => {
        const fmt = formatOf(s.columns[k].kind, v);
        if (fmt) row.getCell(k + 1).numFmt = fmt;
      });
    }
  }
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Writes the workbook and starts the download of `filename` (.xlsx). */
export async function downloadWorkbook(filename: string, sheets: SheetSpec[]): Promise<void> {
  const buf = await buildWorkbook(sheets);
  const blob = new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename.endsWith('.xlsx') ? filename : `${filename}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function plain(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (Array.isArray(o.richText)) return o.richText.map((p) => p.text).join('');
    if (o.text !== undefined) return o.text;
    if (o.result !== undefined) return o.result;
    if (v instanceof Date) return v.toISOString().slice(0, 10);
  }
  return v;
}

/** The first sheet: its header row and the data rows (empty rows skipped), cell values as plain values. */
export async function readFirstSheet(data: ArrayBuffer): Promise<{ header: string[]; rows: unknown[][] }> {
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data);
  const ws = wb.worksheets[0];
  if (!ws) return { header: [], rows: [] };
  const header: string[] = [];
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    const values: unknown[] = [];
    for (let i = 1; i <= Math.max(row.cellCount, header.length); i += 1) values.push(plain(row.getCell(i).value));
    if (n === 1) header.push(...values.map((v) => String(v ?? '').trim()));
    else if (values.some((v) => v !== undefined && String(v).trim() !== '')) rows.push(values);
  });
  return { header, rows };
}

/** Every row of a list call for the current filters (pages of 200, at most `max` rows), for an export. */
export async function collectPages<T>(
  service: (q: Record<string, string | number | boolean | undefined>) => Promise<{ list: T[]; total: number }>,
  query: Record<string, string | number | boolean | undefined>,
  max = 10_000,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; all.length < max; page += 1) {
    const r = await service({ ...query, page, pageSize: 200 });
    all.push(...r.list);
    if (all.length >= r.total || r.list.length === 0) break;
  }
  return all.slice(0, max);
}
