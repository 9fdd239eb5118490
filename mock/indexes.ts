/**
 * Rows of a table by company, cached: every scope function starts from "the rows of the caller's company", which at
 * `MOCK_SCALE=large` is a filter over tens of thousands of rows per call. Tables change by `push` and `splice` (and
 * whole replacement, or truncation by a rollback), which the fingerprint (the array itself, its length, its first and
 * last rows) detects. Rows appended at the end (the common write: a sale, a roll call's records) are added to their
 * company's list (a new frozen copy of that list only); any other change rebuilds the table's index. Rows keep their
 * identity: the index holds the same objects.
 */
import type { Db } from './db';

interface Entry {
  length: number;
  first: unknown;
  last: unknown;
  byCompany: Map<number, unknown[]>;
}

const cache = new WeakMap<unknown[], Entry>();
const EMPTY: readonly unknown[] = Object.freeze([]);

type CompanyTable<K extends keyof Db> = Db[K] extends (infer R)[] ? (R extends { companyId: number } ? K : never) : never;
type RowOf<K extends keyof Db> = Db[K] extends (infer R)[] ? R : never;

/** The rows of `db[table]` whose `companyId` is `companyId`, in table order (frozen: copy before sorting). */
export function indexOf<K extends keyof Db>(db: Db, table: CompanyTable<K>, companyId: number): RowOf<K>[] {
  const rows = ((db as unknown as Record<string, unknown>)[table as string] ?? []) as { companyId: number }[];
  let e = cache.get(rows);
  if (e && e.length < rows.length && e.length > 0 && e.first === rows[0] && e.last === rows[e.length - 1]) {
    // Appended rows only: extend the lists of the companies they belong to.
    const added = new Map<number, unknown[]>();
    for (let i = e.length; i < rows.length; i += 1) {
      const r = rows[i];
      let list = added.get(r.companyId);
      if (!list) added.set(r.companyId, (list = []));
      list.push(r);
    }
    const byCompany = e.byCompany;
    added.forEach((list, id) => byCompany.set(id, Object.freeze([...(byCompany.get(id) ?? []), ...list]) as unknown[]));
    e = { length: rows.length, first: rows[0], last: rows[rows.length - 1], byCompany };
    cache.set(rows, e);
  }
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
  return (e.byCompany.get(companyId) ?? EMPTY) as RowOf<K>[];
}

interface GroupEntry {
  length: number;
  first: unknown;
  last: unknown;
  groups: Map<string, unknown[]>;
}

const groupCache = new WeakMap<unknown[], Map<(row: never) => string | undefined, GroupEntry>>();

/**
 * The rows of `rows` whose key (`keyOf`, a module-level function: it names the index) is `key`, in table order.
 * Same fingerprint as `indexOf`: appended rows extend their groups, any other change rebuilds the index. A row whose
 * key is `undefined` is in no group. The key must not change while the row is in the table, except by a rebuild.
 * Unlike `indexOf`, a group grows in place when rows are appended: read it at once, do not keep it.
 */
export function groupOf<R>(rows: R[], keyOf: (row: R) => string | undefined, key: string): readonly R[] {
  let perFn = groupCache.get(rows);
  if (!perFn) groupCache.set(rows, (perFn = new Map()));
  const fn = keyOf as (row: never) => string | undefined;
  let e = perFn.get(fn);
  const add = (g: Map<string, unknown[]>, from: number) => {
    for (let i = from; i < rows.length; i += 1) {
      const k = keyOf(rows[i]);
      if (k === undefined) continue;
      const list = g.get(k);
      if (list) list.push(rows[i]);
      else g.set(k, [rows[i]]);
    }
  };
  if (e && e.length > 0 && e.length < rows.length && e.first === rows[0] && e.last === rows[e.length - 1]) {
    add(e.groups, e.length);
    e.length = rows.length;
    e.last = rows[rows.length - 1];
  }
  if (!e || e.length !== rows.length || e.first !== rows[0] || e.last !== rows[rows.length - 1]) {
    e = { length: rows.length, first: rows[0], last: rows[rows.length - 1], groups: new Map() };
    add(e.groups, 0);
    perFn.set(fn, e);
  }
  return (e.groups.get(key) ?? EMPTY) as readonly R[];
}
