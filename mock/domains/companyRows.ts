/**
 * Companies in the database (server/db/schema/accounts.ts `companies`). A request reads its company once (with its
 * rules and campuses: `loadCompany`, run when the session is built, mock/http.ts) into the request's memo: the
 * session's `company` is that row, and the synchronous rules still in the process find it there (`companyById`: the
 * validity of a main campus). Calls over other companies (the platform's, the public pages') read them here.
 * Writes go to the table and to the row given. No
 * import of the http layer, so both may use it.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { requestMemo, restartIdentities, tx, type Database } from '../../server/db';
import { campuses, cardTemplates, companies, companySettings, rooms, studentCampusMoves } from '../../server/db/schema';
import { isSeeding, type CompanyRow, type Db } from '../db';
import { campusesOfJson, rememberCampuses, type CampusJson } from './campusRows';
import { rememberSettings } from './companySettings';
import { rememberStaffDirectory, staffDirectorySql } from './people';
import { classListSql, rememberSchoolRows, type RoomJson } from './schoolRows';
import { rememberTemplates, type TemplateJson } from './cardTemplateRows';
import { rememberCampusMoves, type CampusMoveJson } from './studentCampus';
import { rememberStaffRows, staffListSql } from './staffRows';

const key = (companyId: number) => `company:${companyId}`;

export function companyRowOf(r: typeof companies.$inferSelect): CompanyRow {
  const out: CompanyRow = { id: r.id, name: r.name, platform: r.platform, validUntil: r.validUntil, status: r.status, ownerMobile: r.ownerMobile, createdAt: r.createdAt };
  if (r.ownerName !== null) out.ownerName = r.ownerName;
  if (r.themeColor !== null) out.themeColor = r.themeColor;
  if (r.logo !== null) out.logo = r.logo;
  if (r.contact !== null) out.contact = r.contact;
  if (r.address !== null) out.address = r.address;
  if (r.remark !== null) out.remark = r.remark;
  if (r.disabledAt !== null) out.disabledAt = r.disabledAt;
  return out;
}

function valuesOf(c: Omit<CompanyRow, 'id'>): Omit<typeof companies.$inferInsert, 'id'> {
  return {
    name: c.name,
    platform: c.platform,
    validUntil: c.validUntil,
    status: c.status,
    ownerMobile: c.ownerMobile,
    ownerName: c.ownerName ?? null,
    createdAt: c.createdAt,
    themeColor: c.themeColor ?? null,
    logo: c.logo ?? null,
    contact: c.contact ?? null,
    address: c.address ?? null,
    remark: c.remark ?? null,
    disabledAt: c.disabledAt ?? null,
  };
}

/** A company by id (none: no such company). */
export async function findCompany(id: number): Promise<CompanyRow | undefined> {
  const [r] = await (await tx()).select().from(companies).where(eq(companies.id, id));
  return r && companyRowOf(r);
}

/** Every company, by id (the platform's lists and timers). */
export async function allCompanies(): Promise<CompanyRow[]> {
  return (await (await tx()).select().from(companies).orderBy(asc(companies.id))).map(companyRowOf);
}

/** The companies of the ids, by id. */
export async function companyStates(ids: number[]): Promise<Map<number, CompanyRow>> {
  if (!ids.length) return new Map();
  const rows = await (await tx()).select().from(companies).where(inArray(companies.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, companyRowOf(r)]));
}

/** The names of the companies of the ids. */
export async function companyNames(ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await (await tx()).select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * What the synchronous rules of a request on a company need, read once into the request's memo: the company's row
 * (the one returned: the session's `company`), its rules, its campuses, rooms, classes, card templates and students' campus moves, its staff (`staffRowsOf`,
 * ./staffRows.ts) and its staff accounts (`staffOf`, ./people.ts). None when there is no such company.
 */
export async function loadCompany(companyId: number): Promise<CompanyRow | undefined> {
  const memo = requestMemo();
  // One query at every request: the company, its rules (none saved: the defaults), its campuses, rooms, classes and staff.
  const [r] = await (await tx())
    .select({
      company: companies,
      settings: companySettings,
      campuses: sql<CampusJson[]>`coalesce((select json_agg(c order by c.id) from ${campuses} as c where c.company_id = ${companies.id}), '[]'::json)`,
      rooms: sql<RoomJson[]>`coalesce((select json_agg(r order by r.id) from ${rooms} as r where r.company_id = ${companies.id}), '[]'::json)`,
      classes: classListSql(companies.id),
      templates: sql<TemplateJson[]>`coalesce((select json_agg(t order by t.id) from ${cardTemplates} as t where t.company_id = ${companies.id}), '[]'::json)`,
      moves: sql<CampusMoveJson[]>`coalesce((select json_agg(m order by m.id) from ${studentCampusMoves} as m where m.company_id = ${companies.id}), '[]'::json)`,
      staff: staffDirectorySql(companies.id),
      staffRows: staffListSql(companies.id),
    })
    .from(companies)
    .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
    .where(eq(companies.id, companyId));
  if (!r) return undefined;
  // A row the request already holds (its names read earlier) stays the one its code holds.
  const held = memo?.get(key(companyId)) as CompanyRow | undefined;
  const row = held ? Object.assign(held, companyRowOf(r.company)) : companyRowOf(r.company);
  memo?.set(key(companyId), row);
  rememberSettings(companyId, r.settings);
  rememberCampuses(companyId, campusesOfJson(r.campuses));
  rememberSchoolRows(companyId, r.rooms, r.classes);
  rememberTemplates(companyId, r.templates);
  rememberCampusMoves(companyId, r.moves);
  rememberStaffDirectory(companyId, r.staff);
  rememberStaffRows(companyId, r.staffRows);
  return row;
}

/** Reads companies into the request's memo (their names and states for synchronous views), those not there yet. */
export async function rememberCompanies(ids: number[]): Promise<void> {
  const memo = requestMemo();
  const missing = [...new Set(ids)].filter((id) => !memo?.has(key(id)));
  if (!memo || !missing.length) return;
  for (const r of await (await tx()).select().from(companies).where(inArray(companies.id, missing))) memo.set(key(r.id), companyRowOf(r));
}

/** A company for synchronous code: one the request loaded, or the seed's while the in-process seed runs. */
export function companyById(db: Db, id: number): CompanyRow | undefined {
  if (isSeeding()) return db.seedCompanies.find((c) => c.id === id);
  return requestMemo()?.get(key(id)) as CompanyRow | undefined;
}

/** The id a new company will have (drawn first: the process's rows that name it are written before the company). */
export async function newCompanyId(): Promise<number> {
  const [r] = await (await tx()).select({ id: sql<number>`nextval(pg_get_serial_sequence('companies', 'id'))::int` }).from(sql`(values (1)) as one (x)`);
  return r.id;
}

/** Writes a new company with its id. */
export async function insertCompany(c: CompanyRow): Promise<void> {
  await (await tx()).insert(companies).values({ id: c.id, ...valuesOf(c) });
}

/** Locks a company's row for a write that reads it first (a renewal) and brings the request's row up to date. */
export async function lockCompany(row: CompanyRow): Promise<CompanyRow> {
  const [r] = await (await tx()).select().from(companies).where(eq(companies.id, row.id)).for('update');
  if (r) Object.assign(row, companyRowOf(r));
  return row;
}

/** Writes a company's fields (the row given is changed too). */
export async function updateCompany(row: CompanyRow, patch: Partial<Omit<CompanyRow, 'id'>>): Promise<CompanyRow> {
  Object.assign(row, patch);
  const loose = row as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete loose[k];
  await (await tx()).update(companies).set(valuesOf(row)).where(eq(companies.id, row.id));
  return row;
}

/** Deletes a company (its campuses, pages and rules go with it: foreign keys). */
export async function deleteCompany(id: number): Promise<void> {
  await (await tx()).delete(companies).where(eq(companies.id, id));
}

/** The demo seed's companies with their ids. */
export async function seedCompanyRows(sqlDb: Database, db: Db): Promise<void> {
  if (!db.seedCompanies.length) return;
  await sqlDb.insert(companies).values(db.seedCompanies.map((c) => ({ id: c.id, ...valuesOf(c) })));
  await restartIdentities(sqlDb, ['companies']);
}
