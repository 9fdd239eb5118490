/**
 * Server-side list query (docs/api.md#lists): validate, filter, search, sort, then page; `total` counts the
 * filtered set. Every list call of the mock goes through `listQuery`.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ListResult } from '../src/types/api';
import { HttpError } from './http';
import { isValidDate } from '../src/utils/dates';
import { message, type Lang } from './messages';

export interface ListSpec<T> {
  /** Fields searched by `keyword` (case-insensitive substring). */
  keywordFields?: (keyof T)[];
  /** Query keys compared for equality with the row's field of the same name (comma = any of). */
  equalFields?: (keyof T)[];
  /** Custom filters by query key. */
  filters?: Record<string, (row: T, value: string) => boolean>;
  /** Field compared with startDate / endDate (first 10 characters, inclusive). */
  dateField?: keyof T;
  /** Fields the client may sort by. */
  sortable?: (keyof T)[];
  /** Sort when the client asks none. */
  defaultSort?: { field: keyof T; order: 'ascend' | 'descend' };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const collator = new Intl.Collator('zh-CN');
/**
 * Dates and stamps ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss'): plain comparison is the collator's order,
 * even with the formats mixed: at every position both have a digit or both the same separator, so they first differ
 * on two digits (same order either way) or one is the start of the other (shorter first either way).
 */
const STAMP = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The rows of one page in the order of a stable sort by `field`, without sorting the whole filtered set when the
 * page is near the top (a bounded selection: n·log k). Same result as `[...rows].sort(...).slice(start, end)`.
 */
function sortedPage<T>(rows: T[], field: keyof T, dir: number, start: number, end: number): T[] {
  const keys = rows.map((r) => r[field] as unknown);
  // One comparison for the whole column: numbers, stamps (plain, see STAMP), else the collator.
  const allStamps = keys.every((k) => k === undefined || k === null || (typeof k === 'string' && STAMP.test(k)));
  const cmpKey = allStamps
    ? (a: unknown, b: unknown) => (a === b ? 0 : a === undefined || a === null ? -1 : b === undefined || b === null ? 1 : (a as string) < (b as string) ? -1 : 1)
    : compare;
  const cmp = (i: number, j: number) => dir * cmpKey(keys[i], keys[j]) || i - j;
  if (end >= rows.length / 4) {
    const order = rows.map((_, i) => i).sort(cmp);
    return order.slice(start, end).map((i) => rows[i]);
  }
  // The best `end` indexes, kept sorted (binary insertion); a row worse than the current last is skipped at once.
  const best: number[] = [];
  for (let i = 0; i < rows.length; i += 1) {
    if (best.length === end && cmp(i, best[end - 1]) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(best[mid], i) <= 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, i);
    if (best.length > end) best.pop();
  }
  return best.slice(start, end).map((i) => rows[i]);
}

/**
 * The filter step of `listQuery` alone (validated the same way): the rows a list call counts in `total`, for the calls
 * that give figures over a list's filtered set (e.g. the journal's balances) without defining the filters twice.
 */
export function filterRows<T>(rows: readonly T[], query: Record<string, string>, spec: ListSpec<T>, lang: Lang): T[] {
  checkDates(query, lang);

  let out = rows as T[];
  const kw = (query.keyword || '').trim().toLowerCase();
  if (kw && spec.keywordFields?.length) {
    out = out.filter((r) => spec.keywordFields!.some((f) => String(r[f] ?? '').toLowerCase().includes(kw)));
  }
  for (const f of spec.equalFields ?? []) {
    const v = query[f as string];
    if (v === undefined || v === '') continue;
    const wanted = v.split(',');
    out = out.filter((r) => wanted.includes(String(r[f])));
  }
  for (const [key, fn] of Object.entries(spec.filters ?? {})) {
    const v = query[key];
    if (v === undefined || v === '') continue;
    out = out.filter((r) => fn(r, v));
  }
  if (spec.dateField && (query.startDate || query.endDate)) {
    const f = spec.dateField;
    out = out.filter((r) => {
      const d = String(r[f] ?? '').slice(0, 10);
      if (!d) return false;
      if (query.startDate && d < query.startDate) return false;
      if (query.endDate && d > query.endDate) return false;
      return true;
    });
  }
  return out;
}

/** `startDate` / `endDate` of a list query: existing dates, in order (400 naming the field otherwise). */
export function checkDates(query: Record<string, string>, lang: Lang) {
  for (const f of ['startDate', 'endDate']) {
    if (query[f] && !(DATE.test(query[f]) && isValidDate(query[f]))) throw new HttpError(400, message(lang, 'common.badDate', { field: f }));
  }
  if (query.startDate && query.endDate && query.startDate > query.endDate) throw new HttpError(400, message(lang, 'common.badRange'));
}

/** `page` and `pageSize` of a list query, validated (the same rules for lists in memory and in SQL). */
export function pageOf(query: Record<string, string>, lang: Lang): { page: number; pageSize: number } {
  const page = query.page === undefined ? DEFAULT_PAGE : Number(query.page);
  const pageSize = query.pageSize === undefined ? DEFAULT_PAGE_SIZE : Number(query.pageSize);
  if (!Number.isInteger(page) || page < 1) throw new HttpError(400, message(lang, 'common.badPage'));
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) throw new HttpError(400, message(lang, 'common.badPageSize'));
  return { page, pageSize };
}

export function listQuery<T>(rows: T[], query: Record<string, string>, spec: ListSpec<T>, lang: Lang): ListResult<T> {
  const { page, pageSize } = pageOf(query, lang);
  const out = filterRows(rows, query, spec, lang);
  const sortField = query.sortField as keyof T | undefined;
  if (sortField && !(spec.sortable ?? []).includes(sortField)) {
    throw new HttpError(400, message(lang, 'common.badSort', { field: String(sortField) }));
  }
  const sort = sortField ? { field: sortField, order: query.sortOrder === 'descend' ? 'descend' : 'ascend' } : spec.defaultSort;
  const total = out.length;
  const start = (page - 1) * pageSize;
  const list = sort ? sortedPage(out, sort.field, sort.order === 'descend' ? -1 : 1, start, start + pageSize) : out.slice(start, start + pageSize);
  const result: ListResult<T> = { list, total };
  // `sum=a,b`: sums of numeric fields over the whole filtered set (drill-down lists show them beside the total).
  const sumFields = (query.sum ?? '').split(',').filter((f) => /^[A-Za-z]\w{0,40}$/.test(f));
  if (sumFields.length) {
    result.sum = {};
    for (const f of sumFields) {
      let cents = 0;
      for (const r of out) {
        const v = (r as Record<string, unknown>)[f];
        if (typeof v === 'number' && Number.isFinite(v)) cents += Math.round(v * 100);
      }
      result.sum[f] = cents / 100;
    }
  }
  return result;
}
