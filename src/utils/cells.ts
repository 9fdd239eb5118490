/**
 * What a column of an exported sheet holds (issue 30), declared once on the column: the cell's type and number
 * format follow from it in every export (`writeWorkbook` in `./excel`, `buildWorkbook` in `./workbook`), so a
 * spreadsheet can sum hours and money and sort dates. No exceljs here: this module is small and pure.
 *
 * - `hours`: a number with one decimal (`0.0`), rounded to tenths like the ledger (`round1`).
 * - `money`: a number rounded to cents (`round2`: 2880 or 110.77, never 110.77000000000001), format `"¥"#,##0.00`.
 * - `count`: a whole number (`#,##0`).
 * - `date` / `datetime`: a date cell (`yyyy-mm-dd`, `yyyy-mm-dd hh:mm`) holding the wall time the screen shows.
 * - `text`: kept as text (`@`): mobiles and card numbers are not numbers (no 1.39E+10, no lost leading zeros).
 * A value that is not one (empty, `-`) is an empty cell; text that does not read as the kind stays text.
 */
import { round1, round2 } from '@/domain/ledger';

export type CellKind = 'text' | 'hours' | 'money' | 'count' | 'date' | 'datetime';

export type CellValue = string | number | boolean | Date | null;

/** The number format of each kind (Excel codes). */
export const CELL_FORMATS: Record<CellKind, string> = {
  text: '@',
  hours: '0.0',
  money: '"¥"#,##0.00',
  count: '#,##0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * "2026-11-27" or "2026-11-27 08:30(:15)" as a Date whose UTC fields are that wall time (Excel stores no zone and
 * exceljs writes a Date's UTC time), the time dropped for a `date`.
 */
function wallDate(v: string | Date, withTime: boolean): Date | undefined {
  let parts: number[];
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return undefined;
    parts = [v.getFullYear(), v.getMonth() + 1, v.getDate(), v.getHours(), v.getMinutes(), v.getSeconds()];
  } else {
    const m = WALL_TIME.exec(v.trim());
    if (!m) {
      // An ISO time with a zone: its local wall time.
      const d = /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(v.trim()) ? new Date(v.trim()) : undefined;
      return d ? wallDate(d, withTime) : undefined;
    }
    parts = m.slice(1).map((x) => Number(x ?? 0));
  }
  const [y, mo, d, h, mi, s] = parts;
  return withTime ? new Date(Date.UTC(y, mo - 1, d, h, mi, s)) : new Date(Date.UTC(y, mo - 1, d));
}

/** A number from a number or from text as a screen shows it ("10.0", "¥2,880.00", "-1.5"); undefined otherwise. */
function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const s = v.replace(/[¥,\s]/g, '').replace(/^\+/, '');
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : undefined;
}

/** The cell value for a value of a column of `kind` (no kind: the value as it is; objects as JSON). */
export function toCell(kind: CellKind | undefined, v: unknown): CellValue {
  if (v === undefined || v === null) return null;
  if (kind && kind !== 'text' && (v === '' || v === '-')) return null;
  switch (kind) {
    case 'hours':
    case 'money':
    case 'count': {
      const n = numberOf(v);
      if (n === undefined) return String(v);
      return kind === 'hours' ? round1(n) : kind === 'money' ? round2(n) : Math.round(n);
    }
    case 'date':
    case 'datetime': {
      const d = typeof v === 'string' || v instanceof Date ? wallDate(v, kind === 'datetime') : undefined;
      return d ?? String(v);
    }
    case 'text':
      return v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
    default:
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
      return JSON.stringify(v);
  }
}

/** The number format of a cell of `kind` holding `value` (none for a value that stayed text in a numeric kind). */
export function formatOf(kind: CellKind | undefined, value: CellValue): string | undefined {
  if (!kind || value === null) return undefined;
  if (kind === 'text') return CELL_FORMATS.text;
  if (kind === 'date' || kind === 'datetime') return value instanceof Date ? CELL_FORMATS[kind] : undefined;
  return typeof value === 'number' ? CELL_FORMATS[kind] : undefined;
}
