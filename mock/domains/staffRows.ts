/**
 * The school's staff in the database (server/db/schema/staff.ts). A company's staff is small: a request reads it once,
 * with the company (`loadCompany` in ./companyRows.ts, run by the session), into the request's memo, where the
 * synchronous rules still kept in the process find it (the session's staff row, teachers' and sellers' names, lead
 * owners, salary plans): `staffRowsOf`, `staffById`. A row shows its campus's name, read from the campus. Lists read
 * the table (`sqlList`); writes go to the table and to the memo's row (`insertStaff`, `updateStaff`, `deleteStaff`).
 * During the in-process seed the seed's rows (`Db.seedStaff`) stand for them.
 */
import { and, asc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { requestMemo, restartIdentities, tx } from '../../server/db';
import { insertMany } from '../../server/db/bulk';
import { staff } from '../../server/db/schema';
import { sortKey } from '../../server/db/sortKey';
import { isSeeding, type Db, type SqlSeeder } from '../db';
import type { Session } from '../http';
import { indexOf } from '../indexes';
import type { Staff } from '../../src/types/school';
import { campusById } from './campusRows';

type StaffSql = typeof staff.$inferSelect;

/** A staff member as `json_agg` gives it (the table's column names). */
export interface StaffJson {
  id: number;
  company_id: number;
  campus_id: number;
  name: string;
  mobile: string;
  role: StaffSql['role'];
  status: StaffSql['status'];
  hire_date: string;
  salary_plan_id: number | null;
  user_id: number | null;
}

/** The fields a staff member is written with (the campus's name is read from the campus). */
export type StaffFields = Pick<Staff, 'campusId' | 'name' | 'mobile' | 'role' | 'status' | 'hireDate' | 'salaryPlanId' | 'userId'>;

interface Loaded {
  list: StaffJson[];
  /** The views, built at the first use in the request (the campuses are read by then). */
  rows?: Staff[];
}

const key = (companyId: number) => `staff:${companyId}`;

/** The SQL of a company's staff (the company's id column given), one json array in id order. */
export function staffListSql(companyId: SQL | AnyColumn): SQL<StaffJson[]> {
  return sql<StaffJson[]>`coalesce((select json_agg(json_build_object('id', s.id, 'company_id', s.company_id, 'campus_id', s.campus_id, 'name', s.name, 'mobile', s.mobile, 'role', s.role, 'status', s.status, 'hire_date', s.hire_date, 'salary_plan_id', s.salary_plan_id, 'user_id', s.user_id) order by s.id) from ${staff} as s where s.company_id = ${companyId}), '[]'::json)`;
}

function jsonOf(r: StaffSql): StaffJson {
  return { id: r.id, company_id: r.companyId, campus_id: r.campusId, name: r.name, mobile: r.mobile, role: r.role, status: r.status, hire_date: r.hireDate, salary_plan_id: r.salaryPlanId, user_id: r.userId };
}

/** A staff member as the calls answer it: its campus's name read from the campus. */
function viewOf(db: Db, j: StaffJson): Staff {
  const out: Staff = {
    id: j.id,
    companyId: j.company_id,
    campusId: j.campus_id,
    campusName: campusById(db, j.campus_id)?.name ?? '',
    name: j.name,
    mobile: j.mobile,
    role: j.role,
    status: j.status,
    hireDate: j.hire_date,
  };
  if (j.salary_plan_id !== null) out.salaryPlanId = j.salary_plan_id;
  if (j.user_id !== null) out.userId = j.user_id;
  return out;
}

/** A row of the table as the calls answer it. */
export function staffOf(db: Db, r: StaffSql): Staff {
  return viewOf(db, jsonOf(r));
}

/** Keeps a company's staff as read (./companyRows.ts) in the request's memo; rows the request holds stay its own. */
export function rememberStaffRows(companyId: number, list: StaffJson[]): void {
  if (requestMemo()?.has(key(companyId))) return;
  requestMemo()?.set(key(companyId), { list } satisfies Loaded);
}

/** Reads a company's staff into the request's memo (code outside a session's request: a timer, another company's call). */
export async function loadStaffRows(companyId: number): Promise<void> {
  if (!requestMemo() || requestMemo()?.has(key(companyId))) return;
  const rows = await (await tx()).select().from(staff).where(eq(staff.companyId, companyId)).orderBy(asc(staff.id));
  requestMemo()?.set(key(companyId), { list: rows.map(jsonOf) } satisfies Loaded);
}

function loaded(companyId: number): Loaded {
  const l = requestMemo()?.get(key(companyId)) as Loaded | undefined;
  if (!l) throw new Error(`The staff of company ${companyId} were not loaded in this request (loadCompany).`);
  return l;
}

/** A company's staff for synchronous code, in id order: those the request loaded, or the seed's while the in-process seed runs. */
export function staffRowsOf(db: Db, companyId: number): Staff[] {
  if (isSeeding()) return indexOf(db, 'seedStaff', companyId);
  const l = loaded(companyId);
  return (l.rows ??= l.list.map((j) => viewOf(db, j)));
}

/** A staff member by id among the companies the request loaded (or the seed's). */
export function staffById(db: Db, id: number): Staff | undefined {
  if (isSeeding()) return db.seedStaff.find((s) => s.id === id);
  for (const k of [...(requestMemo()?.keys() ?? [])]) {
    if (!k.startsWith('staff:')) continue;
    const hit = staffRowsOf(db, Number(k.slice('staff:'.length))).find((s) => s.id === id);
    if (hit) return hit;
  }
  return undefined;
}

/** The memo's row of a staff member when the request holds it. */
function held(companyId: number, id: number): Staff | undefined {
  return (requestMemo()?.get(key(companyId)) as Loaded | undefined)?.rows?.find((s) => s.id === id);
}

/** A staff member by id within `scope`, locked for a write: the memo's row brought up to date. */
export async function findStaff(db: Db, id: number, scope: SQL | undefined, lock: boolean): Promise<Staff | undefined> {
  const q = (await tx()).select().from(staff).where(and(eq(staff.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) return undefined;
  const fresh = staffOf(db, r);
  const row = held(r.companyId, id);
  if (!row) return fresh;
  for (const k of ['salaryPlanId', 'userId'] as const) if (fresh[k] === undefined) delete row[k];
  return Object.assign(row, fresh);
}

/** The staff member of a company whose account is this user's, if any (read now, not from the memo). */
export async function staffOfUser(db: Db, companyId: number, userId: number): Promise<Staff | undefined> {
  const [r] = await (await tx()).select().from(staff).where(and(eq(staff.companyId, companyId), eq(staff.userId, userId))).orderBy(asc(staff.id)).limit(1);
  return r && staffOf(db, r);
}

/** The advisory lock class of a company's staff mobiles (with the company id): "sf" in ASCII. */
const STAFF_LOCK = 0x7366;

/**
 * Whether another staff member of the company than `except` has this mobile, read after locking the company's staff
 * mobiles until the request ends: two writes giving one mobile to two staff members are checked one after the other.
 */
export async function staffMobileTaken(companyId: number, mobile: string, except?: number): Promise<boolean> {
  const t = await tx();
  await t.execute(sql`select pg_advisory_xact_lock(${STAFF_LOCK}, ${companyId})`);
  const [r] = await t
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.companyId, companyId), eq(staff.mobile, mobile), except === undefined ? undefined : ne(staff.id, except)))
    .limit(1);
  return r !== undefined;
}

function values(f: StaffFields) {
  return {
    campusId: f.campusId,
    name: f.name,
    nameSort: sortKey(f.name),
    mobile: f.mobile,
    role: f.role as StaffSql['role'],
    status: f.status,
    hireDate: f.hireDate,
    salaryPlanId: f.salaryPlanId ?? null,
    userId: f.userId ?? null,
  };
}

/** Adds a staff member (and to the memo). */
export async function insertStaff(db: Db, companyId: number, f: StaffFields): Promise<Staff> {
  const [r] = await (await tx()).insert(staff).values({ companyId, ...values(f) }).returning();
  const l = requestMemo()?.get(key(companyId)) as Loaded | undefined;
  const row = staffOf(db, r);
  if (l) {
    l.list.push(jsonOf(r));
    if (l.rows) l.rows.push(row);
    else l.rows = l.list.map((j) => (j.id === row.id ? row : viewOf(db, j)));
  }
  return row;
}

/** Writes a staff member's fields (the row given, the memo's, is changed too; a field given as undefined is cleared). */
export async function updateStaff(db: Db, row: Staff, patch: Partial<StaffFields>): Promise<Staff> {
  const next: StaffFields = { campusId: row.campusId, name: row.name, mobile: row.mobile, role: row.role, status: row.status, hireDate: row.hireDate, salaryPlanId: row.salaryPlanId, userId: row.userId, ...patch };
  const [r] = await (await tx()).update(staff).set({ ...values(next), updatedAt: sql`now()` }).where(eq(staff.id, row.id)).returning();
  const l = requestMemo()?.get(key(row.companyId)) as Loaded | undefined;
  if (l) l.list = l.list.map((j) => (j.id === r.id ? jsonOf(r) : j));
  const fresh = staffOf(db, r);
  for (const k of ['salaryPlanId', 'userId'] as const) if (fresh[k] === undefined) delete row[k];
  return Object.assign(row, fresh);
}

/** Deletes a staff member. */
export async function deleteStaff(row: Staff): Promise<void> {
  await (await tx()).delete(staff).where(eq(staff.id, row.id));
  const l = requestMemo()?.get(key(row.companyId)) as Loaded | undefined;
  if (!l) return;
  l.list = l.list.filter((j) => j.id !== row.id);
  l.rows = l.rows?.filter((s) => s.id !== row.id);
}

/** The demo seed's staff with their ids (after the users they name, before the classes that name them). */
export const seedStaffRows: SqlSeeder = async (t, db) => {
  if (db.seedStaff.length) await insertMany(t, staff, db.seedStaff.map((s) => ({ id: s.id, companyId: s.companyId, ...values(s) })));
  await restartIdentities(t, ['staff']);
};

/** The staff row of the session user in their company (teachers, sales ... linked by userId). */
export function staffOfSession(db: Db, s: Pick<Session, 'user' | 'company'>): Staff | undefined {
  return staffRowsOf(db, s.company.id).find((st) => st.userId === s.user.id);
}
