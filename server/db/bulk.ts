/**
 * Many rows in one statement: the rows travel as one JSON parameter (`json_populate_recordset`) instead of one
 * parameter per value, which both engines take far faster for seeds of hundreds or thousands of rows.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '.';

/** Rows as json objects with the table's column names (`keys[j]` → `names[j]`), dates as ISO text, absent as null. */
function asJson(rows: object[], keys: string[], names: string[]): Record<string, unknown>[] {
  return rows.map((r) => {
    const o: Record<string, unknown> = {};
    keys.forEach((k, j) => {
      const v = (r as Record<string, unknown>)[k];
      o[names[j]] = v instanceof Date ? v.toISOString() : (v ?? null);
    });
    return o;
  });
}

/**
 * Inserts `rows` (drizzle insert values) into `table`, in one statement per 5,000 rows: the columns any row names (a
 * row without one of them gets null there, not the column's default).
 */
export async function insertMany<T extends PgTable>(db: Database, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (!rows.length) return;
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k in columns && (rows as Record<string, unknown>[]).some((r) => r[k] !== undefined));
  const names = keys.map((k) => columns[k].name);
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const name = sql.raw(`"${getTableName(table)}"`);
  for (let i = 0; i < rows.length; i += 5000) {
    const json = asJson(rows.slice(i, i + 5000), keys, names);
    await db.execute(sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(json)}::json)`);
  }
}

/**
 * Inserts `rows` into `table`, or, for a row whose id is already there, writes every column given over it (`insert …
 * on conflict (id) do update`): the rows a request changed in the process, in one statement per 5,000.
 */
export async function upsertMany<T extends PgTable>(db: Database, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (!rows.length) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(columns);
  const names = keys.map((k) => columns[k].name);
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const set = sql.raw(names.filter((n) => n !== 'id').map((n) => `"${n}" = excluded."${n}"`).join(', '));
  const name = sql.raw(`"${getTableName(table)}"`);
  for (let i = 0; i < rows.length; i += 5000) {
    const json = asJson(rows.slice(i, i + 5000), keys, names);
    await db.execute(sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(json)}::json) on conflict ("id") do update set ${set}`);
  }
}

/**
 * Every row of `table` in id order, as drizzle's select gives them (timestamps as dates), read as json arrays of
 * 50,000 rows: the embedded engine reads hundreds of thousands of rows several times faster than row by row.
 */
export async function selectAllRows<T extends PgTable>(db: Database, table: T): Promise<T['$inferSelect'][]> {
  const columns = Object.entries(getTableColumns(table));
  const stamps = columns.filter(([, c]) => c.columnType === 'PgTimestamp').map(([k]) => k);
  const fields = sql.raw(columns.map(([k, c]) => `'${k}', t."${c.name}"`).join(', '));
  const name = sql.raw(`"${getTableName(table)}"`);
  const out: T['$inferSelect'][] = [];
  let after = 0;
  for (;;) {
    const [r] = await db
      .select({ list: sql<string>`coalesce(json_agg(json_build_object(${fields}) order by t.id), '[]')::text`, last: sql<number | null>`max(t.id)` })
      .from(sql`(select * from ${name} where id > ${after} order by id limit 50000) as t`);
    const list = JSON.parse(r.list) as Record<string, unknown>[];
    for (const row of list) for (const k of stamps) if (row[k] !== null) row[k] = new Date(row[k] as string);
    out.push(...(list as T['$inferSelect'][]));
    if (list.length < 50000 || r.last === null) return out;
    after = Number(r.last);
  }
}
