/**
 * Campuses in the database (server/db/schema/accounts.ts `campuses`). A request reads its company's campuses once
 * (`loadCompany` in ./companyRows.ts, run by the session, mock/http.ts) into the request's memo, where the synchronous rules still kept
 * in the process (a student's campus name, an expired campus refusing a sale) find them; calls that reach another
 * company (a public page, an online payment) load that company first. Writes go to the table and to the memo's row.
 * No import of the http layer, so both may use it.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { requestMemo, restartIdentities, tx, type Database } from '../../server/db';
import { campuses } from '../../server/db/schema';
import { isSeeding, type CampusRow, type Db } from '../db';

const key = (companyId: number) => `campuses:${companyId}`;

export function campusRowOf(r: typeof campuses.$inferSelect): CampusRow {
  const { validUntil, ...rest } = r;
  return { ...rest, ...(validUntil !== null ? { validUntil } : {}) };
}

function valuesOf(c: Omit<CampusRow, 'id'>): Omit<typeof campuses.$inferInsert, 'id'> {
  return { companyId: c.companyId, name: c.name, address: c.address, phone: c.phone, isMain: c.isMain, validUntil: c.validUntil ?? null };
}

/** Reads a company's campuses (by id) into the request's memo and returns them. */
export async function loadCampuses(companyId: number): Promise<CampusRow[]> {
  const rows = (await (await tx()).select().from(campuses).where(eq(campuses.companyId, companyId)).orderBy(asc(campuses.id))).map(campusRowOf);
  return rememberCampuses(companyId, rows);
}

/** A campus as `json_agg` gives it (the table's column names). */
export interface CampusJson {
  id: number;
  company_id: number;
  name: string;
  address: string;
  phone: string;
  is_main: boolean;
  valid_until: string | null;
}

/** The campuses of a company as `json_agg(campuses)` gives them (./companyRows.ts reads them with the company). */
export function campusesOfJson(list: CampusJson[]): CampusRow[] {
  return list.map((c) => campusRowOf({ id: c.id, companyId: c.company_id, name: c.name, address: c.address, phone: c.phone, isMain: c.is_main, validUntil: c.valid_until }));
}

/** Keeps a company's campuses as read in the request's memo. */
export function rememberCampuses(companyId: number, rows: CampusRow[]): CampusRow[] {
  requestMemo()?.set(key(companyId), rows);
  return rows;
}

/** A company's campuses for synchronous code: those the request loaded, or the seed's while the in-process seed runs. */
export function campusesOf(db: Db, companyId: number): CampusRow[] {
  if (isSeeding()) return db.seedCampuses.filter((c) => c.companyId === companyId);
  const rows = requestMemo()?.get(key(companyId)) as CampusRow[] | undefined;
  if (!rows) throw new Error(`The campuses of company ${companyId} were not loaded in this request (loadCompany).`);
  return rows;
}

/** A campus by id among the companies the request loaded (or the seed's). */
export function campusById(db: Db, id: number): CampusRow | undefined {
  if (isSeeding()) return db.seedCampuses.find((c) => c.id === id);
  for (const [k, rows] of requestMemo() ?? []) if (k.startsWith('campuses:')) {
    const hit = (rows as CampusRow[]).find((c) => c.id === id);
    if (hit) return hit;
  }
  return undefined;
}

/** A campus by id, of any company, from the table (public pages). */
export async function findCampus(id: number): Promise<CampusRow | undefined> {
  const [r] = await (await tx()).select().from(campuses).where(eq(campuses.id, id));
  return r && campusRowOf(r);
}

/** One campus of a company, locked for a write (none when it is another company's or no campus). */
export async function lockCampus(companyId: number, id: number): Promise<CampusRow | undefined> {
  const [r] = await (await tx()).select().from(campuses).where(and(eq(campuses.id, id), eq(campuses.companyId, companyId))).for('update');
  if (!r) return undefined;
  // The memo's row is the one the request's other code holds: keep it and bring it up to date.
  const held = (requestMemo()?.get(key(companyId)) as CampusRow[] | undefined)?.find((c) => c.id === id);
  return held ? Object.assign(held, campusRowOf(r)) : campusRowOf(r);
}

/** Adds a campus (and to the memo when its company is loaded). */
export async function insertCampus(t: Database, c: Omit<CampusRow, 'id'>): Promise<CampusRow> {
  const [r] = await t.insert(campuses).values(valuesOf(c)).returning();
  const row = campusRowOf(r);
  (requestMemo()?.get(key(row.companyId)) as CampusRow[] | undefined)?.push(row);
  return row;
}

/** Writes a campus's fields (the row given is changed too). */
export async function updateCampus(row: CampusRow, patch: Partial<Omit<CampusRow, 'id' | 'companyId'>>): Promise<CampusRow> {
  Object.assign(row, patch);
  await (await tx()).update(campuses).set(valuesOf(row)).where(eq(campuses.id, row.id));
  return row;
}

/** How many campuses each company has (one company's, or every company's). */
export async function campusCounts(companyId?: number): Promise<Map<number, number>> {
  const rows = await (await tx())
    .select({ companyId: campuses.companyId, n: count() })
    .from(campuses)
    .where(companyId === undefined ? undefined : eq(campuses.companyId, companyId))
    .groupBy(campuses.companyId);
  return new Map(rows.map((r) => [r.companyId, r.n]));
}

/** The demo seed's campuses with their ids. */
export async function seedCampusRows(sql: Database, db: Db): Promise<void> {
  if (!db.seedCampuses.length) return;
  await sql.insert(campuses).values(db.seedCampuses.map((c) => ({ id: c.id, ...valuesOf(c) })));
  await restartIdentities(sql, ['campuses']);
}
