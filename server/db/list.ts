/**
 * A list call in SQL: the same query parameters and validation as the in-memory `listQuery` (mock/list.ts: page and
 * page size, dates, sort field), filtered, sorted and paged by the database. `total` counts the filtered rows.
 * A domain declares its list once: the keyword columns, the columns of equality filters (comma = any of), its own
 * filters as SQL conditions, the date column, the sortable expressions and a tiebreak that makes the order total.
 */
import { and, Column, gte, ilike, inArray, is, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { HttpError } from '../../mock/http';
import { checkDates, pageOf } from '../../mock/list';
import { message, type Lang } from '../../mock/messages';
import type { Database } from '.';

export interface SqlListSpec {
  /** Columns searched by `keyword` (case-insensitive substring). */
  keyword?: PgColumn[];
  /** Query key → column compared for equality (a comma-separated value = any of). */
  equal?: Record<string, PgColumn>;
  /** Query key → condition for its value (undefined: no condition). */
  filters?: Record<string, (value: string) => SQL | undefined>;
  /** A timestamp column compared with `startDate` / `endDate` as local dates (inclusive). */
  date?: PgColumn;
  /** A date column (YYYY-MM-DD) compared with `startDate` / `endDate` (inclusive). */
  day?: PgColumn;
  /** Sort field → the expression it sorts by. */
  sortable: Record<string, SQL | AnyColumn>;
  /** The order when the client asks none; `by` when it sorts by an expression the client may not choose. */
  defaultSort: { field: string; order: 'ascend' | 'descend'; by?: SQL | AnyColumn };
  /** Appended to every order: makes it total (e.g. newest id first). */
  tiebreak: SQL[];
  /**
   * Field → its numeric expression, for `sum=a,b`: the sums over the whole filtered set (a drill-down list shows them
   * beside the total), to the cent as the in-memory lists add them; a field not named here sums to 0.
   */
  sums?: Record<string, SQL | AnyColumn>;
  /** The total when the query filters nothing (the scope alone), from a count kept with the rows instead of counting them. */
  unfilteredTotal?: () => Promise<number>;
}

/** A table column declared `not null` (its sort needs no place for empty values). */
function notNullColumn(by: SQL | AnyColumn): boolean {
  return is(by, Column) && by.notNull;
}

/** The start of a local calendar day (YYYY-MM-DD) as an instant. */
export function localDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** `like` pattern for a substring, its wildcards escaped. */
export function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The conditions of a list query (without paging), for the list and for figures over the same filtered rows. */
export function listConditions(query: Record<string, string>, spec: SqlListSpec, lang: Lang): SQL[] {
  checkDates(query, lang);
  const where: SQL[] = [];
  const kw = (query.keyword || '').trim();
  if (kw && spec.keyword?.length) where.push(or(...spec.keyword.map((c) => ilike(c, contains(kw))))!);
  for (const [key, column] of Object.entries(spec.equal ?? {})) {
    const v = query[key];
    if (v === undefined || v === '') continue;
    // A number column matches numbers only (like the in-memory filter, another value matches no row, never a 500).
    const values = column.dataType === 'number' ? v.split(',').filter((x) => /^-?\d{1,9}$/.test(x)).map(Number) : v.split(',');
    where.push(values.length ? inArray(column, values) : sql`false`);
  }
  for (const [key, fn] of Object.entries(spec.filters ?? {})) {
    const v = query[key];
    if (v === undefined || v === '') continue;
    const cond = fn(v);
    if (cond) where.push(cond);
  }
  if (spec.date) {
    if (query.startDate) where.push(gte(spec.date, localDay(query.startDate)));
    if (query.endDate) {
      const next = localDay(query.endDate);
      next.setDate(next.getDate() + 1);
      where.push(lt(spec.date, next));
    }
  }
  if (spec.day) {
    if (query.startDate) where.push(gte(spec.day, query.startDate));
    if (query.endDate) where.push(lte(spec.day, query.endDate));
  }
  return where;
}

/** One page of `table`'s rows within `scope` (the policy's condition) and the query's filters, with the total. */
export async function sqlList<T extends PgTable>(
  db: Database,
  table: T,
  scope: SQL | undefined,
  query: Record<string, string>,
  spec: SqlListSpec,
  lang: Lang,
): Promise<{ list: T['$inferSelect'][]; total: number; sum?: Record<string, number> }> {
  const { page, pageSize } = pageOf(query, lang);
  const field = query.sortField;
  if (field && !(field in spec.sortable)) throw new HttpError(400, message(lang, 'common.badSort', { field }));
  const sort = field ? { field, order: query.sortOrder === 'descend' ? 'descend' : 'ascend' } : spec.defaultSort;
  const conditions = listConditions(query, spec, lang);
  const where = and(...[scope, ...conditions].filter((c): c is SQL => !!c));
  const by = field ? spec.sortable[field] : (spec.defaultSort.by ?? spec.sortable[sort.field]);
  const total = !conditions.length && spec.unfilteredTotal ? await spec.unfilteredTotal() : (await db.select({ total: sql<number>`count(*)::int` }).from(table as PgTable).where(where))[0].total;
  const list = await db
    .select()
    .from(table as PgTable)
    .where(where)
    // An empty value sorts first, as in the in-memory lists (PostgreSQL puts nulls last by default). A column that
    // holds no empty value sorts plainly, so that an index over it gives the order (a newest-first page of a large
    // ledger reads 20 index entries instead of sorting every row).
    .orderBy(notNullColumn(by) ? (sort.order === 'descend' ? sql`${by} desc` : sql`${by} asc`) : sort.order === 'descend' ? sql`${by} desc nulls last` : sql`${by} asc nulls first`, ...spec.tiebreak)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const sumFields = (query.sum ?? '').split(',').filter((f) => /^[A-Za-z]\w{0,40}$/.test(f));
  if (!sumFields.length) return { list: list as T['$inferSelect'][], total: Number(total) };
  const known = spec.sums ?? {};
  const summed = sumFields.filter((f) => Object.hasOwn(known, f));
  // One aggregate row (also over no rows: the sums are 0).
  const [r] = summed.length
    ? await db
        .select(Object.fromEntries(summed.map((f, i) => [`s${i}`, sql<string>`coalesce(sum(round(${known[f]} * 100)), 0)`])))
        .from(table as PgTable)
        .where(where)
    : [{}];
  const sum = Object.fromEntries(sumFields.map((f) => [f, summed.includes(f) ? Number((r as Record<string, string>)[`s${summed.indexOf(f)}`]) / 100 : 0]));
  return { list: list as T['$inferSelect'][], total: Number(total), sum };
}
