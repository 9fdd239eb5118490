/**
 * A stamp of the data a read may cache on: it changes with every successful write with a session (the ledger, roll
 * calls, sales, returns, undo, renames all come through writes; `onWrite` in ./http.ts) and with the lengths of the
 * tables that public calls append to (online orders from the campus web page) or that tests fill directly. A read that
 * keeps an answer under the stamp recomputes it after any of these, so it shows no stale rows as long as data changes
 * only through calls (code that edits rows in place outside a call, as a test may, must not rely on it); what it saves is
 * the repeated work of the same read between writes (paging, sorting, filtering a month's drill-down).
 */
import type { Db } from './db';
import { onWrite } from './http';
import { today } from './clock';

let version = 0;
onWrite.push(() => {
  version += 1;
});

/** The stamp of `db` now (the day included: figures change with the date alone). */
export function dataStamp(db: Db): string {
  const n = (rows: unknown[] | undefined) => rows?.length ?? 0;
  // Lessons are in the database and change only through calls (the version counts them).
  return [version, today(), n(db.hourRecords), n(db.cardOrders), n(db.studentCards)].join('|');
}

const cache = new WeakMap<Db, Map<string, { stamp: string; value: unknown }>>();

/** `compute()`, kept for `db` under `key` until the data stamp changes. */
export function cachedRead<T>(db: Db, key: string, compute: () => T): T {
  let byKey = cache.get(db);
  if (!byKey) cache.set(db, (byKey = new Map()));
  const stamp = dataStamp(db);
  const had = byKey.get(key);
  if (had && had.stamp === stamp) return had.value as T;
  const value = compute();
  byKey.set(key, { stamp, value });
  return value;
}
