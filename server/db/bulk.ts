/**
 * Many rows in one statement: the rows travel as one JSON parameter (`json_populate_recordset`) instead of one
 * parameter per value, which both engines take far faster for seeds of hundreds or thousands of rows.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '.';

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
    const json = rows.slice(i, i + 5000).map((r) => {
      const o: Record<string, unknown> = {};
      keys.forEach((k, j) => {
        const v = (r as Record<string, unknown>)[k];
        o[names[j]] = v instanceof Date ? v.toISOString() : v;
      });
      return o;
    });
    await db.execute(sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(json)}::json)`);
  }
}
