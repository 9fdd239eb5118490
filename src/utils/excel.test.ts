import { describe, expect, it } from 'vitest';
import { Workbook, ValueType, type Worksheet } from 'exceljs';
import { fetchAllPages, readWorkbook, writeWorkbook, ExportCancelled } from './excel';
import { buildWorkbook } from './workbook';
import { toCell } from './cells';
import { exportColumns, type ExportableColumn } from '@/components/ExportButton';
import { formatHours, formatMoney } from './format';
import type { ListQuery } from '@/types/api';

const all = Array.from({ length: 450 }, (_, i) => ({ id: i + 1, name: `n${i + 1}` }));
const service = async (q: ListQuery) => {
  const rows = all.filter((r) => !q.keyword || r.name.includes(String(q.keyword)));
  const start = ((q.page ?? 1) - 1) * (q.pageSize ?? 10);
  return { list: rows.slice(start, start + (q.pageSize ?? 10)), total: rows.length };
};

describe('excel export', () => {
  it('reads every page with the same query, 200 a call, reporting progress', async () => {
    const seen: ListQuery[] = [];
    const progress: number[] = [];
    const rows = await fetchAllPages(async (q) => (seen.push(q), service(q)), { keyword: 'n1' }, { onProgress: (d) => progress.push(d) });
    expect(rows.length).toBe(all.filter((r) => r.name.includes('n1')).length);
    expect(seen.every((q) => q.keyword === 'n1' && q.pageSize === 200)).toBe(true);
    expect(progress.at(-1)).toBe(rows.length);
  });

  it('stops when cancelled', async () => {
    let calls = 0;
    await expect(fetchAllPages(async (q) => (calls++, service(q)), {}, { shouldStop: () => calls >= 1 })).rejects.toBeInstanceOf(ExportCancelled);
    expect(calls).toBe(1);
  });

  it('writes a workbook that reads back with its header and rows', async () => {
    const blob = await writeWorkbook<{ id: number; name: string }>('Test', [{ title: 'ID', value: (r) => r.id }, { title: 'Name', value: (r) => r.name }], all.slice(0, 3));
    const buf = await new Promise<ArrayBuffer>((res) => {
      const r = new FileReader();
      r.onload = () => res(r.result as ArrayBuffer);
      r.readAsArrayBuffer(blob);
    });
    const { headers, rows } = await readWorkbook(buf);
    expect(headers).toEqual(['ID', 'Name']);
    expect(rows).toEqual([[1, 'n1'], [2, 'n2'], [3, 'n3']]);
  });
});

/* ------------------------------------------------------------------ typed cells (issue 30) */

interface CardRow {
  cardNo: string;
  mobile: string;
  kind: 'count' | 'period';
  remaining: number;
  gift: number;
  paid: number;
  lessons: number;
  expiry: string;
  soldAt: string;
}

const cards: CardRow[] = [
  { cardNo: '0012345', mobile: '13800001234', kind: 'count', remaining: 10, gift: 2, paid: 2880, lessons: 3, expiry: '2026-12-31', soldAt: '2026-11-27 08:30:15' },
  { cardNo: '0012346', mobile: '13900004321', kind: 'count', remaining: 7.5, gift: 0, paid: 110.77, lessons: 12, expiry: '2027-01-15', soldAt: '2026-11-01 19:30:00' },
  // Float noise from the arithmetic that produced the figures: 0.30000000000000004 hours and yuan.
  { cardNo: '0012347', mobile: '13700000000', kind: 'count', remaining: 0.1 + 0.2, gift: 0, paid: 0.1 + 0.2, lessons: 1, expiry: '2027-02-01', soldAt: '2026-10-31 23:59:00' },
  { cardNo: '0012348', mobile: '13600000000', kind: 'period', remaining: 0, gift: 0, paid: 1280, lessons: 0, expiry: '2027-03-01', soldAt: '2026-09-01 10:00:00' },
];

/** The table's columns as a screen declares them: shown as text, exported by kind. */
const cardColumns: ExportableColumn<CardRow>[] = [
  { title: 'Card no.', dataIndex: 'cardNo', exportAs: 'text' },
  { title: 'Mobile', dataIndex: 'mobile', exportAs: 'text' },
  { title: 'Hours left', dataIndex: 'remaining', exportAs: { kind: 'hours', value: (r) => (r.kind === 'period' ? null : r.remaining) }, render: (_, r) => (r.kind === 'period' ? '-' : formatHours(r.remaining)) },
  { title: 'Bought + gift', dataIndex: 'gift', exportAs: [{ kind: 'hours', title: 'Gift hours', value: (r) => r.gift }] },
  { title: 'Paid', dataIndex: 'paid', exportAs: 'money', render: (_, r) => formatMoney(r.paid) },
  { title: 'Lessons', dataIndex: 'lessons', exportAs: 'count' },
  { title: 'Expiry date', dataIndex: 'expiry', exportAs: 'date' },
  { title: 'Sold at', dataIndex: 'soldAt', exportAs: 'datetime' },
  { title: 'Actions', valueType: 'option', render: () => 'Edit' },
];

const blobBytes = (blob: Blob) =>
  new Promise<ArrayBuffer>((res) => {
    const r = new FileReader();
    r.onload = () => res(r.result as ArrayBuffer);
    r.readAsArrayBuffer(blob);
  });

async function sheetOf(data: ArrayBuffer): Promise<Worksheet> {
  const wb = new Workbook();
  await wb.xlsx.load(data);
  return wb.worksheets[0];
}

const column = (ws: Worksheet, title: string) => {
  const header = (ws.getRow(1).values as unknown[]).indexOf(title);
  expect(header, title).toBeGreaterThan(0);
  return Array.from({ length: ws.actualRowCount - 1 }, (_, i) => ws.getRow(i + 2).getCell(header));
};

describe('typed export cells (issue 30)', () => {
  it('an export writes hours, money and counts as numbers, dates as dates, each with its format; text stays text', async () => {
    const ws = await sheetOf(await blobBytes(await writeWorkbook('Cards', await exportColumns(cardColumns), cards)));
    expect(ws.getRow(1).values).toEqual([undefined, 'Card no.', 'Mobile', 'Hours left', 'Gift hours', 'Paid', 'Lessons', 'Expiry date', 'Sold at']);

    const hours = column(ws, 'Hours left');
    expect(hours.map((c) => c.value)).toEqual([10, 7.5, 0.3, null]);
    expect(hours.slice(0, 3).every((c) => c.type === ValueType.Number && c.numFmt === '0.0')).toBe(true);
    expect(hours[3].type).toBe(ValueType.Null);
    expect(column(ws, 'Gift hours').map((c) => [c.value, c.numFmt])).toEqual([[2, '0.0'], [0, '0.0'], [0, '0.0'], [0, '0.0']]);

    // Money: exact to the cent (0.3, not 0.30000000000000004), the currency in the format; the column sums.
    const paid = column(ws, 'Paid');
    expect(paid.map((c) => c.value)).toEqual([2880, 110.77, 0.3, 1280]);
    expect(paid.every((c) => c.type === ValueType.Number && c.numFmt === '"¥"#,##0.00')).toBe(true);
    const cents = paid.reduce((s, c) => s + Math.round((c.value as number) * 100), 0);
    expect(cents / 100).toBe(4271.07);

    expect(column(ws, 'Lessons').map((c) => [c.value, c.type, c.numFmt])).toEqual(cards.map((c) => [c.lessons, ValueType.Number, '#,##0']));

    // Dates: date cells holding the wall time shown on the screen.
    const expiry = column(ws, 'Expiry date');
    expect(expiry.every((c) => c.type === ValueType.Date && c.numFmt === 'yyyy-mm-dd')).toBe(true);
    expect(expiry.map((c) => (c.value as Date).toISOString())).toEqual(cards.map((c) => `${c.expiry}T00:00:00.000Z`));
    const sold = column(ws, 'Sold at');
    expect(sold.every((c) => c.type === ValueType.Date && c.numFmt === 'yyyy-mm-dd hh:mm')).toBe(true);
    expect((sold[0].value as Date).toISOString()).toBe('2026-11-27T08:30:15.000Z');

    // Numbers that are not quantities stay text (leading zeros kept, no 1.38E+10).
    expect(column(ws, 'Card no.').map((c) => [c.value, c.type, c.numFmt])).toEqual(cards.map((c) => [c.cardNo, ValueType.String, '@']));
    expect(column(ws, 'Mobile').map((c) => c.value)).toEqual(cards.map((c) => c.mobile));
  });

  it('the platform exports (downloadWorkbook) type their cells the same way', async () => {
    const ws = await sheetOf(
      await buildWorkbook([
        {
          name: 'Companies',
          columns: [
            { key: 'mobile', header: 'Mobile', kind: 'text' },
            { key: 'validUntil', header: 'Valid until', kind: 'date' },
            { key: 'students', header: 'Students', kind: 'count' },
            { key: 'at', header: 'At', kind: 'datetime' },
          ],
          rows: [{ mobile: '13800001234', validUntil: '2027-01-31', students: 120, at: '2026-11-27 10:01:00' }],
        },
      ]),
    );
    const row = ws.getRow(2);
    expect([1, 2, 3, 4].map((i) => [row.getCell(i).type, row.getCell(i).numFmt])).toEqual([
      [ValueType.String, '@'],
      [ValueType.Date, 'yyyy-mm-dd'],
      [ValueType.Number, '#,##0'],
      [ValueType.Date, 'yyyy-mm-dd hh:mm'],
    ]);
    expect((row.getCell(2).value as Date).toISOString()).toBe('2027-01-31T00:00:00.000Z');
  });

  it('reads values as screens show them and leaves what is not the kind as text', () => {
    expect(toCell('money', '¥2,880.00')).toBe(2880);
    expect(toCell('money', 1280.005)).toBe(1280.01);
    expect(toCell('hours', '-1.5')).toBe(-1.5);
    expect(toCell('hours', '-')).toBeNull();
    expect(toCell('count', '')).toBeNull();
    expect(toCell('date', 'soon')).toBe('soon');
    expect(toCell('date', '2026-11-27 08:30:00')).toEqual(new Date(Date.UTC(2026, 10, 27)));
    expect(toCell('text', 13800001234)).toBe('13800001234');
    expect(toCell(undefined, { a: 1 })).toBe('{"a":1}');
  });
});
