/**
 * Rows of a table by company, cached: every scope function starts from "the rows of the caller's company", which at
 * `MOCK_SCALE=large` is a filter over tens of thousands of rows per call. The cache of a table is rebuilt when the
 * table changes; tables change by `push` and `splice` (and whole replacement), which the fingerprint (the array
 * itself, its length, its first and last rows) detects. Rows keep their identity: the index holds the same objects.
 */
import type { Db } from './db';

interface Entry {
  length: number;
  first: unknown;
  last: unknown;
  byCompany: Map<number, unknown[]>;
}

const cache = new WeakMap<unknown[], Entry>();

type CompanyTable<K extends keyof Db> = Db[K] extends (infer R)[] ? (R extends { companyId: number } ? K : never) : never;
type RowOf<K extends keyof Db> = Db[K] extends (infer R)[] ? R : never;

/** The rows of `db[table]` whose `companyId` is `companyId`, in table order (frozen: copy before sorting). */
export function indexOf<K extends keyof Db>(db: Db, table: CompanyTable<K>, companyId: number): RowOf<K>[] {
  const rows = ((db as unknown as Record<string, unknown>)[table as string] ?? []) as { companyId: number }[];
  let e = cache.get(rows);
  if (!e || e.length !== rows.length || e.first !== rows[0] || e.last !== rows[rows.length - 1]) {
    const byCompany = new Map<number, unknown[]>();
    for (const r of rows) {
      let list = byCompany.get(r.companyId);
      if (!list) byCompany.set(r.companyId, (list = []));
      list.push(r);
    }
    byCompany.forEach((list) => Object.freeze(list));
    e = { length: rows.length, first: rows[0], last: rows[rows.length - 1], byCompany };
    cache.set(rows, e);
  }
  return (e.byCompany.get(companyId) ?? []) as RowOf<K>[];
}
