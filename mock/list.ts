/**
 * Server-side list query (PRODUCT.md §3.2): validate, filter, search, sort, then page; `total` counts the
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

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'zh-CN');
}

export function listQuery<T>(rows: T[], query: Record<string, string>, spec: ListSpec<T>, lang: Lang): ListResult<T> {
  const page = query.page === undefined ? DEFAULT_PAGE : Number(query.page);
  const pageSize = query.pageSize === undefined ? DEFAULT_PAGE_SIZE : Number(query.pageSize);
  if (!Number.isInteger(page) || page < 1) throw new HttpError(400, message(lang, 'common.badPage'));
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) throw new HttpError(400, message(lang, 'common.badPageSize'));
  for (const f of ['startDate', 'endDate']) {
    if (query[f] && !(DATE.test(query[f]) && isValidDate(query[f]))) throw new HttpError(400, message(lang, 'common.badDate', { field: f }));
  }
  if (query.startDate && query.endDate && query.startDate > query.endDate) throw new HttpError(400, message(lang, 'common.badRange'));

  let out = rows;
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
  const sortField = query.sortField as keyof T | undefined;
  if (sortField && !(spec.sortable ?? []).includes(sortField)) {
    throw new HttpError(400, message(lang, 'common.badSort', { field: String(sortField) }));
  }
  const sort = sortField ? { field: sortField, order: query.sortOrder === 'descend' ? 'descend' : 'ascend' } : spec.defaultSort;
  if (sort) {
    const dir = sort.order === 'descend' ? -1 : 1;
    out = [...out].sort((a, b) => dir * compare(a[sort.field], b[sort.field]));
  }
  const total = out.length;
  const start = (page - 1) * pageSize;
  const result: ListResult<T> = { list: out.slice(start, start + pageSize), total };
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
