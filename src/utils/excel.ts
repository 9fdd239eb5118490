/**
 * Excel export and import helpers (issue 9). `exceljs` is loaded with a dynamic import() only when a file is
 * written or read, so no list page downloads it up front.
 *
 * Export: `fetchAllPages` pages through the same list service as the table (same query: filters and sort), 200 rows
 * a call (the server's maximum), reporting progress and stopping when cancelled; `writeWorkbook` builds the sheet
 * and `downloadBlob` saves it.
 */
import type { ListQuery, ListResult } from '@/types/api';
import { MAX_PAGE_SIZE } from '@/types/api';
import { formatOf, toCell, type CellKind } from './cells';

export type Cell = string | number | boolean | null | undefined;

export interface ExportColumn<T> {
  title: string;
  value: (row: T, index: number) => Cell;
  width?: number;
  /** What the column holds: numbers and dates are written as such, with their format (`./cells`). */
  kind?: CellKind;
}

export class ExportCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** Every row of the list for `query` (its filters and sort), page by page; `shouldStop()` cancels between pages. */
export async function fetchAllPages<T>(
  service: (q: ListQuery) => Promise<ListResult<T>>,
  query: ListQuery,
  opts: { pageSize?: number; onProgress?: (done: number, total: number) => void; shouldStop?: () => boolean } = {},
): Promise<T[]> {
  const pageSize = Math.min(opts.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const rows: T[] = [];
  let total = Infinity;
  for (let page = 1; rows.length < total; page++) {
    if (opts.shouldStop?.()) throw new ExportCancelled();
    const res = await service({ ...query, page, pageSize });
    total = res.total;
    rows.push(...res.list);
    opts.onProgress?.(rows.length, total);
    if (!res.list.length) break;
  }
  if (opts.shouldStop?.()) throw new ExportCancelled();
  return rows;
}

/**
 * An .xlsx workbook with one sheet: a bold header row, then one row per item; each cell typed and formatted by its
 * column's `kind` (hours, money and counts as numbers, dates as dates).
 */
export async function writeWorkbook<T>(sheetName: string, columns: ExportColumn<T>[], rows: T[]): Promise<Blob> {
  const { Workbook } = await import(/* webpackChunkName: "exceljs" */ 'exceljs');
  const wb = new Workbook();
  const ws = wb.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  const minWidth = (c: ExportColumn<T>) => (c.kind === 'datetime' ? 17 : c.kind === 'money' || c.kind === 'date' ? 13 : 10);
  ws.columns = columns.map((c) => ({ header: c.title, width: c.width ?? Math.min(40, Math.max(minWidth(c), c.title.length + 4)) }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  rows.forEach((r, i) => {
    const values = columns.map((c) => toCell(c.kind, c.value(r, i)));
    const row = ws.addRow(values.map((v, k) => v ?? (columns[k].kind ? null : '')));
    values.forEach((v, k) => {
      const fmt = formatOf(columns[k].kind, v);
      if (fmt) row.getCell(k + 1).numFmt = fmt;
    });
  });
  const buf = await wb.xlsx.writeBuffer();
  return new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Reads the first sheet of an .xlsx file: the header row's titles and the data rows as text/number cells. */
export async function readWorkbook(data: ArrayBuffer): Promise<{ headers: string[]; rows: Cell[][] }> {
  const { headers, rows } = await readSheetRows(data);
  return { headers, rows: rows.map((r) => r.cells) };
}

/** Saves a blob as a file through a temporary link. */
export function downloadBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/* ------------------------------------------------------------------ import (templates and reading with row numbers) */

export interface TemplateColumn {
  title: string;
  width?: number;
  /** The values a drop-down offers (data validation on the data rows, from a hidden "Lists" sheet). */
  list?: string[];
  /** Cells kept as text (a mobile number is not a number: no 1.39E+10, no lost leading digits). */
  text?: boolean;
  example?: Cell;
}

/** Rows of the template that get the drop-downs (the import takes at most this many). */
export const TEMPLATE_ROWS = 2000;

/**
 * An import template: a bold, frozen header row, one example row (grey, italic), drop-down lists on the data rows
 * (the lists live in a hidden sheet, so they may be long), text format where asked.
 */
export async function writeTemplate(sheetName: string, columns: TemplateColumn[], listsSheet = 'Lists'): Promise<Blob> {
  const { Workbook } = await import(/* webpackChunkName: "exceljs" */ 'exceljs');
  const wb = new Workbook();
  const ws = wb.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  const lists = wb.addWorksheet(listsSheet, { state: 'hidden' });
  ws.columns = columns.map((c) => ({ header: c.title, width: c.width ?? Math.max(12, c.title.length + 4) }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const example = ws.addRow(columns.map((c) => c.example ?? ''));
  example.font = { italic: true, color: { argb: 'FF595959' } };
  let listCol = 0;
  columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    if (c.text) col.numFmt = '@';
    if (!c.list?.length) return;
    listCol += 1;
    const letter = lists.getColumn(listCol).letter;
    lists.getCell(`${letter}1`).value = c.title;
    c.list.forEach((v, k) => {
      lists.getCell(`${letter}${k + 2}`).value = v;
    });
    const formula = `'${listsSheet}'!$${letter}$2:$${letter}$${c.list.length + 1}`;
    for (let r = 2; r <= TEMPLATE_ROWS + 1; r += 1) {
      ws.getCell(r, i + 1).dataValidation = { type: 'list', allowBlank: true, formulae: [formula], showErrorMessage: false };
    }
  });
  const buf = await wb.xlsx.writeBuffer();
  return new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** The first sheet of a file: its header and the non-empty data rows with their sheet row numbers. */
export async function readSheetRows(data: ArrayBuffer): Promise<{ headers: string[]; rows: { rowNo: number; cells: Cell[] }[] }> {
  const { Workbook } = await import(/* webpackChunkName: "exceljs" */ 'exceljs');
  const wb = new Workbook();
  await wb.xlsx.load(data);
  const ws = wb.worksheets[0];
  if (!ws) return { headers: [], rows: [] };
  const plain = (v: unknown): Cell => {
    if (v === null || v === undefined) return undefined;
    if (v instanceof Date) return v.toISOString().slice(0, 10);
    if (typeof v === 'object') {
      const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[]; hyperlink?: string };
      if (o.richText) return o.richText.map((p) => p.text).join('');
      if (o.text !== undefined) return plain(o.text);
      if (o.result !== undefined) return plain(o.result);
      return undefined;
    }
    return v as Cell;
  };
  const headers: string[] = [];
  const rows: { rowNo: number; cells: Cell[] }[] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    const values = (row.values as unknown[]).slice(1).map(plain);
    if (n === 1) headers.push(...values.map((v) => String(v ?? '').trim()));
    else if (values.some((v) => v !== undefined && String(v).trim() !== '')) rows.push({ rowNo: n, cells: values });
  });
  return { headers, rows };
}
