/**
 * The one list adapter (docs/api.md#lists): ProTable's `(params, sort, filter)` → the list query, and the answer →
 * `{ data, total, success }`. A list screen passes `tableRequest(service)` as ProTable's `request`.
 */
import type { ListQuery, ListResult, SortOrder } from '@/types/api';
import { LIST_PAGE_SIZE } from './listCalls';

export interface TableParams {
  current?: number;
  pageSize?: number;
  keyword?: string;
  [key: string]: unknown;
}

type SortArg = Record<string, SortOrder | null | undefined> | undefined;
type FilterArg = Record<string, (string | number | boolean)[] | null | undefined> | undefined;

function isDayjsLike(v: unknown): v is { format: (f: string) => string } {
  return !!v && typeof v === 'object' && typeof (v as { format?: unknown }).format === 'function';
}

function toValue(v: unknown): string | number | boolean | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (isDayjsLike(v)) return v.format('YYYY-MM-DD');
  if (Array.isArray(v)) return v.length ? v.map((x) => toValue(x)).join(',') : undefined;
  return String(v);
}

/**
 * Builds the list query. Date ranges: a param named `dateRange` (or any `[start, end]` pair under `rangeKeys`)
 * becomes `startDate` / `endDate`.
 */
export function toListQuery(params: TableParams = {}, sort?: SortArg, filter?: FilterArg, rangeKeys: string[] = ['dateRange']): ListQuery {
  const { current, pageSize, ...rest } = params;
  const q: ListQuery = { page: current ?? 1, pageSize: pageSize ?? LIST_PAGE_SIZE };
  for (const [k, v] of Object.entries(rest)) {
    if (rangeKeys.includes(k) && Array.isArray(v)) {
      const [s, e] = v;
      const start = toValue(s);
      const end = toValue(e);
      if (start !== undefined) q.startDate = String(start).slice(0, 10);
      if (end !== undefined) q.endDate = String(end).slice(0, 10);
      continue;
    }
    const val = toValue(v);
    if (val !== undefined) q[k] = typeof val === 'string' ? val.trim() : val;
  }
  for (const [k, v] of Object.entries(filter ?? {})) {
    const val = toValue(v);
    if (val !== undefined) q[k] = val;
  }
  const sortEntry = Object.entries(sort ?? {}).find(([, o]) => o === 'ascend' || o === 'descend');
  if (sortEntry) {
    q.sortField = sortEntry[0];
    q.sortOrder = sortEntry[1] as SortOrder;
  }
  return q;
}

export interface TableAnswer<T> {
  data: T[];
  total: number;
  success: boolean;
}

/** Wraps a list service into ProTable's `request`. Errors are already shown by the request layer. */
export function tableRequest<T, P extends TableParams = TableParams>(
  service: (q: ListQuery) => Promise<ListResult<T>>,
  extra?: (params: P) => Partial<ListQuery>,
  rangeKeys?: string[],
) {
  return async (params: P, sort?: SortArg, filter?: FilterArg): Promise<TableAnswer<T>> => {
    try {
      const res = await service({ ...toListQuery(params, sort, filter, rangeKeys), ...(extra ? extra(params) : {}) });
      return { data: res.list, total: res.total, success: true };
    } catch {
      return { data: [], total: 0, success: false };
    }
  };
}
