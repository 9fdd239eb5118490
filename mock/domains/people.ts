/**
 * People and their accounts in the database (server/db/schema/accounts.ts `users`, `memberships`;
 * docs/rules.md#people-and-credentials). A request's session reads its user and membership once (`memberOf`, run by
 * `buildSession` in mock/http.ts); the session's `user` and `membership` are those rows, and writes go to the table
 * and to the row (`updateUser`, `updateMembership`). Everything else reads what it needs here, by query. No import of
 * the http layer, so both may use it.
 */
import { and, asc, eq, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { requestMemo, restartIdentities, tx, type Database } from '../../server/db';
import { stampDate, stampOf } from '../../server/db/time';
import { memberships, users } from '../../server/db/schema';
import type { Role } from '../../src/types/session';
import { isSeeding, type Db, type MembershipRow, type SqlSeeder, type UserRow } from '../db';

type UserDbRow = typeof users.$inferSelect;
type MembershipDbRow = typeof memberships.$inferSelect;

export function userRowOf(r: UserDbRow): UserRow {
  return {
    id: r.id,
    username: r.username,
    passwordHash: r.passwordHash,
    ...(r.mustChangePassword ? { mustChangePassword: true } : {}),
    ...(r.createdByCompanyId !== null ? { createdByCompanyId: r.createdByCompanyId } : {}),
    mobile: r.mobile,
    name: r.name,
    avatar: r.avatar,
    ...(r.lastRoleId !== null ? { lastRoleId: r.lastRoleId } : {}),
  };
}

export function membershipRowOf(r: MembershipDbRow): MembershipRow {
  return {
    roleId: r.roleId,
    userId: r.userId,
    companyId: r.companyId,
    role: r.role,
    type: r.type,
    flags: r.flags,
    ...(r.groupId !== null ? { groupId: r.groupId } : {}),
    ...(r.disabled ? { disabled: true } : {}),
    createdAt: stampOf(r.createdAt),
  };
}

function userValues(u: Omit<UserRow, 'id'>): Omit<typeof users.$inferInsert, 'id'> {
  return {
    username: u.username,
    passwordHash: u.passwordHash,
    mustChangePassword: u.mustChangePassword ?? false,
    createdByCompanyId: u.createdByCompanyId ?? null,
    mobile: u.mobile,
    name: u.name,
    avatar: u.avatar,
    lastRoleId: u.lastRoleId ?? null,
  };
}

function membershipValues(m: Omit<MembershipRow, 'roleId'>): Omit<typeof memberships.$inferInsert, 'roleId'> {
  return {
    userId: m.userId,
    companyId: m.companyId,
    role: m.role,
    type: m.type,
    flags: m.flags,
    groupId: m.groupId ?? null,
    disabled: m.disabled ?? false,
    ...(m.createdAt ? { createdAt: stampDate(m.createdAt) } : {}),
  };
}

/* ---------------- users ---------------- */

/** A user and one of their memberships, in one query (the session's; none when either is gone). */
export async function memberOf(userId: number, roleId: number): Promise<{ user: UserRow; membership: MembershipRow } | undefined> {
  const [r] = await (await tx())
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.roleId, roleId), eq(memberships.userId, userId)));
  return r && { user: userRowOf(r.user), membership: membershipRowOf(r.membership) };
}

export async function userById(id: number): Promise<UserRow | undefined> {
  const [r] = await (await tx()).select().from(users).where(eq(users.id, id));
  return r && userRowOf(r);
}

/** Users by id (those that exist). */
export async function usersByIds(ids: Iterable<number>): Promise<Map<number, UserRow>> {
  const list = [...new Set(ids)];
  if (!list.length) return new Map();
  const rows = await (await tx()).select().from(users).where(inArray(users.id, list));
  return new Map(rows.map((r) => [r.id, userRowOf(r)]));
}

/** The user a login names: by username or by mobile (the lowest id when both match different users). */
export async function userByLogin(name: string): Promise<UserRow | undefined> {
  const [r] = await (await tx())
    .select()
    .from(users)
    .where(or(eq(users.username, name), eq(users.mobile, name)))
    .orderBy(asc(users.id))
    .limit(1);
  return r && userRowOf(r);
}

/** The user whose mobile this is (a non-empty mobile names at most one). */
export async function userByMobile(mobile: string): Promise<UserRow | undefined> {
  if (!mobile) return undefined;
  const [r] = await (await tx()).select().from(users).where(eq(users.mobile, mobile));
  return r && userRowOf(r);
}

/** Which of these mobiles already have a user. */
export async function mobilesWithUsers(mobiles: Iterable<string>): Promise<Set<string>> {
  const list = [...new Set(mobiles)].filter(Boolean);
  if (!list.length) return new Set();
  const rows = await (await tx()).select({ mobile: users.mobile }).from(users).where(inArray(users.mobile, list));
  return new Set(rows.map((r) => r.mobile));
}

/** Whether another user than `except` has this mobile. */
export async function mobileTaken(mobile: string, except?: number): Promise<boolean> {
  const [r] = await (await tx())
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), except === undefined ? undefined : ne(users.id, except)))
    .limit(1);
  return r !== undefined;
}

export async function insertUser(u: Omit<UserRow, 'id'>, t?: Database): Promise<UserRow> {
  const [r] = await (t ?? (await tx())).insert(users).values(userValues(u)).returning();
  return userRowOf(r);
}

/** Writes a user's fields; the row given (a session's user) is changed too. */
export async function updateUser(row: UserRow, patch: Partial<Omit<UserRow, 'id'>>): Promise<UserRow> {
  Object.assign(row, patch);
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete (row as unknown as Record<string, unknown>)[k];
  await (await tx()).update(users).set(userValues(row)).where(eq(users.id, row.id));
  touchDirectories({ user: row });
  return row;
}

/* ---------------- memberships ---------------- */

export async function membershipsOfUser(userId: number): Promise<MembershipRow[]> {
  const rows = await (await tx()).select().from(memberships).where(eq(memberships.userId, userId)).orderBy(asc(memberships.roleId));
  return rows.map(membershipRowOf);
}

/** An account by its id, within a company when given, locked for a write when asked. */
export async function membershipByRole(roleId: number, companyId?: number, lock = false): Promise<MembershipRow | undefined> {
  const q = (await tx())
    .select()
    .from(memberships)
    .where(and(eq(memberships.roleId, roleId), companyId === undefined ? undefined : eq(memberships.companyId, companyId)));
  const [r] = lock ? await q.for('update') : await q;
  return r && membershipRowOf(r);
}

/** The accounts of a company, with their users (of some roles, or all), in account order. */
export async function accountsOf(companyId: number, roles?: Role[]): Promise<{ membership: MembershipRow; user: UserRow }[]> {
  const rows = await (await tx())
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), roles ? inArray(memberships.role, roles) : undefined))
    .orderBy(asc(memberships.roleId));
  return rows.map((r) => ({ membership: membershipRowOf(r.membership), user: userRowOf(r.user) }));
}

/** The account ids of a company's memberships. */
export async function roleIdsOf(companyId: number): Promise<number[]> {
  const rows = await (await tx()).select({ roleId: memberships.roleId }).from(memberships).where(eq(memberships.companyId, companyId));
  return rows.map((r) => r.roleId);
}

/** The account of a user in a company other than a parent's (a staff member's login), if any. */
export async function staffMembershipOf(companyId: number, userId: number | undefined): Promise<MembershipRow | undefined> {
  if (userId === undefined) return undefined;
  const [r] = await (await tx())
    .select()
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId), ne(memberships.role, 'customer')));
  return r && membershipRowOf(r);
}

/** The staff accounts of a company (every membership but parents'). */
export async function staffMembershipsOf(companyId: number): Promise<MembershipRow[]> {
  const rows = await (await tx())
    .select()
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), ne(memberships.role, 'customer')))
    .orderBy(asc(memberships.roleId));
  return rows.map(membershipRowOf);
}

/** The owner of a company (its type-0 member; else a dealer of it, as the seed's older companies may have). */
export async function ownerOf(companyId: number): Promise<{ membership: MembershipRow; user: UserRow } | undefined> {
  const [r] = await (await tx())
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), or(eq(memberships.type, 0), eq(memberships.role, 'dealer'))))
    .orderBy(sql`${memberships.type} <> 0`, asc(memberships.roleId))
    .limit(1);
  return r && { membership: membershipRowOf(r.membership), user: userRowOf(r.user) };
}

/** The owners of companies (type-0 members, else a dealer), by company. */
export async function ownersOf(companyIds: number[]): Promise<Map<number, UserRow>> {
  if (!companyIds.length) return new Map();
  const rows = await (await tx())
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inArray(memberships.companyId, companyIds), or(eq(memberships.type, 0), eq(memberships.role, 'dealer'))))
    .orderBy(sql`${memberships.type} <> 0`, asc(memberships.roleId));
  const out = new Map<number, UserRow>();
  for (const r of rows) if (!out.has(r.membership.companyId)) out.set(r.membership.companyId, userRowOf(r.user));
  return out;
}

/** Whether this user has an account in the company. */
export async function isMember(companyId: number, userId: number): Promise<boolean> {
  const [r] = await (await tx())
    .select({ roleId: memberships.roleId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  return r !== undefined;
}

/** The parent accounts of a company by mobile: the `customer` members whose user has one of these mobiles. */
export async function parentsByMobile(companyId: number, mobiles: Iterable<string>, t?: Database): Promise<Map<string, number>> {
  const list = [...new Set(mobiles)].filter(Boolean);
  if (!list.length) return new Map();
  const rows = await (t ?? (await tx()))
    .select({ mobile: users.mobile, userId: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, 'customer'), inArray(users.mobile, list)));
  return new Map(rows.map((r) => [r.mobile, r.userId]));
}

/** The users of companies other than `companyId` among these (or all) users. */
export async function membersElsewhere(companyId: number): Promise<Set<number>> {
  const rows = await (await tx()).selectDistinct({ userId: memberships.userId }).from(memberships).where(ne(memberships.companyId, companyId));
  return new Set(rows.map((r) => r.userId));
}

export async function insertMembership(m: Omit<MembershipRow, 'roleId'>, t?: Database): Promise<MembershipRow> {
  const [r] = await (t ?? (await tx())).insert(memberships).values(membershipValues(m)).returning();
  const row = membershipRowOf(r);
  if (requestMemo()?.has(directoryKey(row.companyId))) touchDirectories({ membership: row, user: await userById(row.userId) });
  return row;
}

/** Writes an account's fields; the row given is changed too. */
export async function updateMembership(row: MembershipRow, patch: Partial<Pick<MembershipRow, 'groupId' | 'disabled' | 'flags' | 'role' | 'type'>>): Promise<MembershipRow> {
  Object.assign(row, patch);
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete (row as unknown as Record<string, unknown>)[k];
  const { createdAt: _created, ...values } = membershipValues(row);
  await (await tx()).update(memberships).set(values).where(eq(memberships.roleId, row.roleId));
  touchDirectories({ membership: row });
  return row;
}

/** Puts the accounts of a company that hold one of these users' staff roles into a group (the access screen). */
export async function setStaffGroup(companyId: number, userIds: number[], groupId: number): Promise<void> {
  if (!userIds.length) return;
  await (await tx())
    .update(memberships)
    .set({ groupId })
    .where(and(eq(memberships.companyId, companyId), inArray(memberships.userId, userIds), ne(memberships.role, 'customer')));
}

/* ---------------- seed ---------------- */

/** The seed's users and accounts with their ids; new rows take ids after them. */
export const seedPeople: SqlSeeder = async (t, db: Db) => {
  if (db.seedUsers.length) await t.insert(users).values(db.seedUsers.map((u) => ({ id: u.id, ...userValues(u) })));
  if (db.seedMemberships.length) await t.insert(memberships).values(db.seedMemberships.map((m) => ({ roleId: m.roleId, ...membershipValues(m) })));
  await restartIdentities(t, ['users', 'memberships.role_id']);
};

/* ---------------- the staff directory of a request ---------------- */

/** What the synchronous rules need of a person: never the password's hash. */
export interface Person {
  id: number;
  username: string;
  mobile: string;
  name: string;
  avatar: string;
}

/** A staff account (every membership but parents') with its person. */
export interface StaffEntry {
  membership: MembershipRow;
  person: Person;
}

/** A staff account as `json_agg` gives it (./companyRows.ts reads the directory with the company). */
export interface StaffJson {
  role_id: number;
  user_id: number;
  company_id: number;
  role: Role;
  type: number;
  flags: MembershipRow['flags'];
  group_id: number | null;
  disabled: boolean;
  username: string;
  mobile: string;
  name: string;
  avatar: string;
}

/** The SQL of a company's staff directory (the company's id column given), one json array. */
export function staffDirectorySql(companyId: SQL | AnyColumn): SQL<StaffJson[]> {
  return sql<StaffJson[]>`coalesce((select json_agg(json_build_object('role_id', m.role_id, 'user_id', m.user_id, 'company_id', m.company_id, 'role', m.role, 'type', m.type, 'flags', m.flags, 'group_id', m.group_id, 'disabled', m.disabled, 'username', u.username, 'mobile', u.mobile, 'name', u.name, 'avatar', u.avatar) order by m.role_id) from ${memberships} as m join ${users} as u on u.id = m.user_id where m.company_id = ${companyId} and m.role <> 'customer'), '[]'::json)`;
}

const directoryKey = (companyId: number) => `staffDirectory:${companyId}`;

/** Keeps a company's staff directory, as read, in the request's memo. */
export function rememberStaffDirectory(companyId: number, list: StaffJson[]): void {
  const entries: StaffEntry[] = list.map((j) => ({
    membership: { roleId: j.role_id, userId: j.user_id, companyId: j.company_id, role: j.role, type: j.type, flags: j.flags, ...(j.group_id !== null ? { groupId: j.group_id } : {}), ...(j.disabled ? { disabled: true } : {}) },
    person: { id: j.user_id, username: j.username, mobile: j.mobile, name: j.name, avatar: j.avatar },
  }));
  requestMemo()?.set(directoryKey(companyId), entries);
}

/**
 * A company's staff accounts for synchronous code (lead owners, the managers an event reaches): those the request
 * loaded with its company (`loadCompany`), or the seed's while the in-process seed runs.
 */
export function staffOf(db: Db, companyId: number): StaffEntry[] {
  if (isSeeding()) {
    return db.seedMemberships
      .filter((m) => m.companyId === companyId && m.role !== 'customer')
      .map((m) => ({ membership: m, person: db.seedUsers.find((u) => u.id === m.userId)! }));
  }
  const rows = requestMemo()?.get(directoryKey(companyId)) as StaffEntry[] | undefined;
  if (!rows) throw new Error(`The staff of company ${companyId} were not loaded in this request (loadCompany).`);
  return rows;
}

/** A staff member's person in a company (by user id), for synchronous code. */
export function staffPerson(db: Db, companyId: number, userId: number): Person | undefined {
  return staffOf(db, companyId).find((e) => e.person.id === userId)?.person;
}

/** After a write: the loaded directories see the change (a person renamed, an account added or changed). */
function touchDirectories(change: { user?: UserRow; membership?: MembershipRow }): void {
  const memo = requestMemo();
  if (!memo) return;
  const { user, membership } = change;
  for (const [k, v] of memo) {
    if (!k.startsWith('staffDirectory:')) continue;
    const entries = v as StaffEntry[];
    if (user) for (const e of entries) if (e.person.id === user.id) Object.assign(e.person, { username: user.username, mobile: user.mobile, name: user.name, avatar: user.avatar });
    if (membership && k === directoryKey(membership.companyId)) {
      const at = entries.findIndex((e) => e.membership.roleId === membership.roleId);
      if (at >= 0) entries[at].membership = { ...membership };
      else if (membership.role !== 'customer' && user) entries.push({ membership: { ...membership }, person: { id: user.id, username: user.username, mobile: user.mobile, name: user.name, avatar: user.avatar } });
    }
  }
}
