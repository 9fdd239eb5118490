/**
 * Campus management, part 1 (docs/rules.md#permission-groups-and-data-scope, #campuses-and-online-sales, docs/screens.md#campus-management): permission groups (docs/api.md#calls-named-by-the-spec `/v2/permission_group`
 * calls exactly) with their data scope, the staff × group assignment of /access, and campuses (docs/api.md#calls-named-by-the-spec
 * `/v2/company_kt/campus` calls exactly): add, edit, set main, renew a branch campus, its staff.
 *
 * How groups drive access: a membership's `groupId` (mock/db.ts) makes `buildSession` (mock/http.ts) take the
 * group's flags at every request, so the menu and the server's 403s follow from the next request on. The data scope
 * is applied by the shared visibility functions through mock/domains/dataScope.ts.
 *
 * Groups and the staff × group assignments are in the database (server/db/schema/groups.ts, ./groupRows.ts).
 * Exported for other domains (platform: default groups of a new company): `seedCompanyGroups` (the demo seed),
 * `createCompanyGroups` (a company created by a call).
 */
import { classesOf, roomsOf } from './schoolRows';
import { staffOf, staffRowsOf } from './staffRows';
import { createWebPages } from './webPages';
import type { CampusRow, Db, MembershipRow, PermissionGroupRow, SqlSeeder } from '../db';
import { nextId } from '../db';
import { api, definePolicy, HttpError, type AuthedCtx, type Session } from '../http';
import { updateMembership } from './people';
import { defineMessages, message, type Lang } from '../messages';
import { listQuery } from '../list';
import { addDays, nowStamp, today, notAfterNow } from '../clock';
import type { Campus, CampusRenewal, PermissionGroup, StaffAccess } from '../../src/types/campus';
import type { Staff } from '../../src/types/school';
import type { PermissionFlag, Role } from '../../src/types/session';
import { PERMISSION_FLAGS } from '../../src/types/session';
import { grantsEverything } from '../../src/domain/dataScope';
import { daysLeft } from '../../src/utils/expiry';
import { AssignGroupBody, CampusBody, CampusIdBody, CampusRenewBody, CampusUpdateBody, PermissionGroupBody, PermissionGroupUpdateBody } from '../../src/types/campus.schemas';
import { ROLE_FLAGS } from './session';
import { and, asc, desc, eq } from 'drizzle-orm';
import { sqlList, type SqlListSpec } from '../../server/db/list';
import { stampDate, stampOf } from '../../server/db/time';
import { restartIdentities, tx } from '../../server/db';
import { campusRenewals, permissionGroups, staff as staffTable, staffGroups } from '../../server/db/schema';
import { defaultGroupIn, groupBook, groupRowOf, insertGroups, type GroupBook } from './groupRows';
import { campusById, campusesOf, insertCampus, updateCampus } from './campusRows';
import { companyById } from './companyRows';
import { created } from './audit';
import { findPackage, insertOrder } from './platformRows';

declare module '../db' {
  interface Db {
    /** Group of a staff member who has no login account yet (applied when one is created). */
  }
}

defineMessages({
  'group.group': { en: 'Permission group', zh: '权限组' },
  'group.nameTaken': { en: 'A permission group named {name} already exists.', zh: '已存在名为 {name} 的权限组。' },
  'group.ownerNarrow': {
    en: 'The owner is in this group: it must keep every permission and the whole company.',
    zh: '店主在此权限组中：该组必须保留全部权限和全公司数据范围。',
  },
  'group.ownerMove': {
    en: 'The owner can only be in a group with every permission and the whole company.',
    zh: '店主只能属于拥有全部权限和全公司数据范围的权限组。',
  },
  'group.inUse': { en: '{n, plural, one {# staff member is} other {# staff members are}} in this group: move them to another group first.', zh: '该权限组还有 {n} 名员工，请先将他们移到其他组。' },
  'group.isDefault': { en: 'A default group cannot be deleted; change its permissions instead.', zh: '默认权限组不能删除，可修改其权限。' },
  'group.staff': { en: 'Staff member', zh: '员工' },
  'field.flags': { en: 'Permissions', zh: '权限' },
  'field.dataScope': { en: 'Data scope', zh: '数据范围' },
  'field.staffIds': { en: 'Staff', zh: '员工' },
  'field.groupId': { en: 'Permission group', zh: '权限组' },
  'field.address': { en: 'Address', zh: '地址' },
  'field.phone': { en: 'Phone', zh: '电话' },
  'field.packageId': { en: 'Package', zh: '套餐' },
  'campus.campus': { en: 'Campus', zh: '校区' },
  'campus.nameTaken': { en: 'A campus named {name} already exists.', zh: '已存在名为 {name} 的校区。' },
  'campus.alreadyMain': { en: 'This campus is already the main campus.', zh: '该校区已是主校区。' },
  'campus.mainFollows': {
    en: 'The main campus follows the company subscription: renew it on the renewal page.',
    zh: '主校区随公司订阅有效，请在续费页面续费。',
  },
  'campus.package': { en: 'Package', zh: '套餐' },
  'campus.offSale': { en: 'This package is not on sale.', zh: '该套餐未上架。' },
  'campus.expired': {
    en: 'Campus {name} has expired: renew it on the campus list to add lessons, take roll calls or sell cards there.',
    zh: '校区 {name} 已过期：请在校区列表续费后再排课、点名或售卡。',
  },
  'campus.ownerOnly': { en: 'Only the store owner can renew a campus.', zh: '只有店主可以为校区续费。' },
});

const FLAGS_ALL = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, 1])) as Record<PermissionFlag, number>;
/** The dashboard warns this many days before a branch campus expires. */
export const CAMPUS_WARN_DAYS = 30;
/** Trial days of a new branch campus (until its first renewal). */
export const NEW_CAMPUS_DAYS = 30;

const DEFAULT_GROUPS: { role: Role; name: string }[] = [
  { role: 'dealer', name: 'Store manager / 店长' },
  { role: 'manager', name: 'Manager / 负责人' },
  { role: 'teacher', name: 'Teacher / 老师' },
  { role: 'sales', name: 'Sales / 销售' },
];

/** A company's default groups (one per staff role, the role's flags today, whole company), without ids. */
function defaultGroups(companyId: number, at: string): Omit<PermissionGroupRow, 'id'>[] {
  return DEFAULT_GROUPS.map(({ role, name }) => ({
    companyId,
    name,
    flags: { ...(role === 'dealer' ? FLAGS_ALL : ROLE_FLAGS[role]) },
    dataScope: 'company' as const,
    defaultFor: role,
    createdAt: at,
  }));
}

/**
 * The demo seed's default groups of a company, with the ids its memberships name (written to the database by
 * `seedPermissionGroups`). Returns the owner's (dealer) group.
 */
export function seedCompanyGroups(db: Db, companyId: number, at = notAfterNow(`${today()} 09:00:00`)): PermissionGroupRow | undefined {
  const rows = defaultGroups(companyId, at).map((g) => ({ ...g, id: nextId(db, 'permissionGroups') }));
  db.seedGroups.push(...rows);
  return rows.find((g) => g.defaultFor === 'dealer');
}

/** A company created by a call: its default groups in the database; returns the owner's (dealer) group. */
export async function createCompanyGroups(companyId: number, at: string): Promise<PermissionGroupRow | undefined> {
  const rows = await insertGroups(await tx(), defaultGroups(companyId, at));
  return rows.find((g) => g.defaultFor === 'dealer');
}

/** The demo groups (demo mode), with their seed ids; new groups take ids after them. */
export const seedPermissionGroups: SqlSeeder = async (t, db) => {
  await insertGroups(t, db.seedGroups);
  await restartIdentities(t, ['permission_groups']);
};

export function seedCampus(db: Db) {
  db.seedGroups = db.seedGroups ?? [];
  const t = today();
  for (const c of db.seedCompanies.filter((x) => !x.platform)) seedCompanyGroups(db, c.id);
  for (const m of db.seedMemberships) {
    const g = db.seedGroups.find((x) => x.companyId === m.companyId && x.defaultFor === m.role);
    if (g) m.groupId = g.id;
  }
  // Riverside (a branch of Starlight Dance) has its own validity.
  for (const campus of db.seedCampuses.filter((c) => !c.isMain)) campus.validUntil = addDays(t, 200);
}

/* ---------------- helpers ---------------- */

function membershipOfStaff(book: GroupBook, st: Staff): MembershipRow | undefined {
  return st.userId === undefined ? undefined : book.accounts.get(st.userId);
}

/** The group of a staff member: their account's, else the one chosen before an account existed, else the role's default. */
export function groupIdOfStaff(book: GroupBook, st: Staff): number | undefined {
  return membershipOfStaff(book, st)?.groupId ?? book.assigned.get(st.id) ?? defaultGroupIn(book, st.role)?.id;
}

function isOwnerStaff(book: GroupBook, st: Staff): boolean {
  return membershipOfStaff(book, st)?.type === 0;
}

function companyStaff(db: Db, companyId: number): Staff[] {
  return staffRowsOf(db, companyId);
}

export function viewGroup(db: Db, book: GroupBook, g: PermissionGroupRow): PermissionGroup {
  const staff = companyStaff(db, g.companyId).filter((st) => groupIdOfStaff(book, st) === g.id);
  const ownerGroup = [...book.accounts.values()].some((m) => m.type === 0 && m.groupId === g.id);
  return { ...g, flags: { ...g.flags }, memberCount: staff.length, ownerGroup };
}

function assertNameFree(ctx: AuthedCtx, book: GroupBook, name: string, id?: number) {
  const taken = book.groups.some((g) => g.id !== id && g.name.toLowerCase() === name.toLowerCase());
  if (taken) throw ctx.bad('group.nameTaken', { name });
}

/**
 * The validity of a campus: the company's subscription for the main campus, its own valid-until for a branch.
 * Each campus keeps its own valid-until (set when it is added, moved only by a campus renewal); while a campus is
 * main its own date is kept, unused, and applies again when it stops being main. The company's validity is never
 * handed to a branch (issue 29: making a campus main moves no days).
 */
export function campusValidUntil(db: Db, c: CampusRow): string {
  if (c.isMain) return companyById(db, c.companyId)?.validUntil ?? today();
  return c.validUntil ?? today();
}

export function viewCampus(db: Db, c: CampusRow): Campus {
  const validUntil = campusValidUntil(db, c);
  return {
    id: c.id,
    companyId: c.companyId,
    name: c.name,
    address: c.address,
    phone: c.phone,
    isMain: c.isMain,
    validUntil,
    day: daysLeft(validUntil, today()),
    staffCount: companyStaff(db, c.companyId).filter((st) => st.campusId === c.id && st.status === 'active').length,
  };
}

/** True when a campus's validity is over (refuses new lessons, roll calls and sales there). */
export function campusExpired(db: Db, campusId: number): boolean {
  const c = campusById(db, campusId);
  return !!c && daysLeft(campusValidUntil(db, c), today()) <= 0;
}

/** 400 when the campus's validity is over: an expired campus keeps its data readable but refuses new lessons, roll calls and sales. */
export function assertCampusOpen(db: Db, campusId: number | undefined, lang: Lang): void {
  if (campusId === undefined || !campusExpired(db, campusId)) return;
  const c = campusById(db, campusId);
  throw new HttpError(400, message(lang, 'campus.expired', { name: c?.name ?? '' }));
}

/* ---------------- policies ---------------- */

export const groupPolicy = definePolicy<PermissionGroupRow>({
  name: 'permission group',
  read: 'campusManagement',
  write: 'campusManagement',
  where: (s) => eq(permissionGroups.companyId, s.company.id),
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(permissionGroups).where(and(eq(permissionGroups.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && groupRowOf(r);
  },
});

export const accessPolicy = definePolicy<Staff>({
  name: 'staff access',
  read: 'campusManagement',
  write: 'campusManagement',
  rows: (db, s) => companyStaff(db, s.company.id),
});

export const campusPolicy = definePolicy<CampusRow>({
  name: 'campus',
  read: 'campusManagement',
  write: 'campusManagement',
  rows: (db, s) => campusesOf(db, s.company.id),
});

function staffAccessRow(db: Db, book: GroupBook, st: Staff): StaffAccess {
  const gid = groupIdOfStaff(book, st);
  const g = book.groups.find((x) => x.id === gid);
  return {
    staffId: st.id,
    name: st.name,
    role: st.role,
    campusId: st.campusId,
    campusName: st.campusName,
    groupId: g?.id,
    groupName: g?.name,
    hasAccount: !!membershipOfStaff(book, st),
    owner: isOwnerStaff(book, st),
  };
}

const isOwner = (_a: unknown, s: Session) => s.membership.type === 0;

function renewalOf(r: typeof campusRenewals.$inferSelect): CampusRenewal {
  return { ...r, createdAt: stampOf(r.createdAt) };
}

const RENEWAL_LIST: SqlListSpec = {
  equal: { campusId: campusRenewals.campusId },
  sortable: { createdAt: campusRenewals.createdAt },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [desc(campusRenewals.id)],
};

export const campusHandlers = [
  /* ---------------- permission groups (docs/api.md#calls-named-by-the-spec) ---------------- */
  api('get', '/v2/permission_group/list', { read: groupPolicy }, async (ctx) => {
    const book = await groupBook(ctx.session.company.id);
    return book.groups.map((g) => viewGroup(ctx.db, book, g));
  }),

  api('get', '/v2/permission_group/get', { read: groupPolicy }, async (ctx) => {
    const row = await ctx.find(groupPolicy, Number(ctx.query.id), 'group.group');
    return viewGroup(ctx.db, await groupBook(ctx.session.company.id), row);
  }),

  api('post', '/v2/permission_group/', { write: groupPolicy, body: PermissionGroupBody }, async (ctx) => {
    const book = await groupBook(ctx.session.company.id);
    assertNameFree(ctx, book, ctx.body.name);
    const [row] = await insertGroups(await tx(), [{ companyId: ctx.session.company.id, name: ctx.body.name, flags: { ...ctx.body.flags }, dataScope: ctx.body.dataScope, createdAt: nowStamp() }]);
    return created(viewGroup(ctx.db, book, row));
  }),

  api('put', '/v2/permission_group/', { write: groupPolicy, body: PermissionGroupUpdateBody }, async (ctx) => {
    const row = await ctx.find(groupPolicy, ctx.body.id, 'group.group');
    const book = await groupBook(ctx.session.company.id);
    assertNameFree(ctx, book, ctx.body.name, row.id);
    if (viewGroup(ctx.db, book, row).ownerGroup && !grantsEverything(ctx.body.flags, ctx.body.dataScope)) throw ctx.bad('group.ownerNarrow');
    row.name = ctx.body.name;
    row.flags = { ...ctx.body.flags };
    row.dataScope = ctx.body.dataScope;
    await (await tx()).update(permissionGroups).set({ name: row.name, flags: row.flags, dataScope: row.dataScope }).where(eq(permissionGroups.id, row.id));
    return viewGroup(ctx.db, book, row);
  }),

  api<{ id: string }>('delete', '/v2/permission_group/:id', { write: groupPolicy }, async (ctx) => {
    const row = await ctx.find(groupPolicy, Number(ctx.params.id), 'group.group');
    const view = viewGroup(ctx.db, await groupBook(ctx.session.company.id), row);
    if (row.defaultFor) throw ctx.bad('group.isDefault');
    if (view.memberCount > 0 || view.ownerGroup) throw ctx.bad('group.inUse', { n: view.memberCount });
    // Its assignments of staff without an account go with it (the foreign key cascades).
    await (await tx()).delete(permissionGroups).where(eq(permissionGroups.id, row.id));
    return null;
  }),

  /* ---------------- /access: staff × group ---------------- */
  api('get', '/v2/permission_group/staff', { read: accessPolicy }, async (ctx) => {
    const book = await groupBook(ctx.session.company.id);
    return listQuery(
      ctx.rows(accessPolicy).map((st) => staffAccessRow(ctx.db, book, st)),
      ctx.query,
      {
        keywordFields: ['name', 'groupName'],
        equalFields: ['role', 'campusId', 'groupId'],
        sortable: ['name', 'role', 'campusName', 'groupName'],
        defaultSort: { field: 'staffId', order: 'ascend' },
      },
      ctx.lang,
    );
  }),

  api('post', '/v2/permission_group/assign', { write: accessPolicy, body: AssignGroupBody }, async (ctx) => {
    const group = await ctx.find(groupPolicy, ctx.body.groupId, 'group.group');
    const staff = ctx.body.staffIds.map((id) => ctx.target(accessPolicy, id, 'group.staff'));
    const before = await groupBook(ctx.session.company.id);
    if (staff.some((st) => isOwnerStaff(before, st)) && !grantsEverything(group.flags, group.dataScope)) throw ctx.bad('group.ownerMove');
    const t = await tx();
    for (const st of staff) {
      const m = membershipOfStaff(before, st);
      if (m) await updateMembership(m, { groupId: group.id });
      await t
        .insert(staffGroups)
        .values({ companyId: st.companyId, staffId: st.id, groupId: group.id })
        .onConflictDoUpdate({ target: [staffGroups.companyId, staffGroups.staffId], set: { groupId: group.id } });
    }
    const book = await groupBook(ctx.session.company.id);
    return staff.map((st) => staffAccessRow(ctx.db, book, st));
  }),

  /* ---------------- campuses (docs/api.md#calls-named-by-the-spec) ---------------- */
  api('get', '/v2/company_kt/campus', { read: campusPolicy }, (ctx) =>
    listQuery(
      ctx.rows(campusPolicy).map((c) => viewCampus(ctx.db, c)),
      ctx.query,
      { keywordFields: ['name', 'address', 'phone'], sortable: ['name', 'validUntil', 'staffCount'], defaultSort: { field: 'id', order: 'ascend' } },
      ctx.lang,
    ),
  ),

  api('post', '/v2/company_kt/campus', { write: campusPolicy, body: CampusBody }, async (ctx) => {
    const { db, body, session } = ctx;
    if (ctx.rows(campusPolicy).some((c) => c.name.toLowerCase() === body.name.toLowerCase())) throw ctx.bad('campus.nameTaken', { name: body.name });
    const row = created(
      await insertCampus(await tx(), {
        companyId: session.company.id,
        name: body.name,
        address: body.address,
        phone: body.phone,
        isMain: false,
        validUntil: addDays(today(), NEW_CAMPUS_DAYS),
      }),
    );
    await createWebPages(db, row.companyId);
    return viewCampus(db, row);
  }),

  api('put', '/v2/company_kt/campus', { write: campusPolicy, body: CampusUpdateBody }, async (ctx) => {
    const row = ctx.target(campusPolicy, ctx.body.id, 'campus.campus');
    if (ctx.rows(campusPolicy).some((c) => c.id !== row.id && c.name.toLowerCase() === ctx.body.name.toLowerCase())) throw ctx.bad('campus.nameTaken', { name: ctx.body.name });
    await updateCampus(row, { name: ctx.body.name, address: ctx.body.address, phone: ctx.body.phone });
    // Students, staff, rooms and classes read their campus's name (the request's rows follow).
    for (const r of [...staffRowsOf(ctx.db, row.companyId), ...roomsOf(ctx.db, row.companyId), ...classesOf(ctx.db, row.companyId)]) if (r.campusId === row.id) r.campusName = row.name;
    return viewCampus(ctx.db, row);
  }),

  api('post', '/v2/company_kt/campus/main', { write: campusPolicy, body: CampusIdBody }, async (ctx) => {
    const row = ctx.target(campusPolicy, ctx.body.id, 'campus.campus');
    if (row.isMain) throw ctx.bad('campus.alreadyMain');
    const old = ctx.rows(campusPolicy).find((c) => c.isMain);
    if (old) {
      // The former main campus becomes a branch with its own valid-until (none of its own yet: the first one a branch
      // gets, as a campus added today would). The subscription's days stay with the company: no days move. Written
      // first: the table holds one main campus per company.
      await updateCampus(old, { isMain: false, validUntil: old.validUntil ?? addDays(today(), NEW_CAMPUS_DAYS) });
    }
    await updateCampus(row, { isMain: true });
    return ctx.rows(campusPolicy).map((c) => viewCampus(ctx.db, c));
  }),

  api('post', '/v2/company_kt/campus/renew', { write: campusPolicy, access: isOwner, body: CampusRenewBody }, async (ctx) => {
    const { db, session } = ctx;
    const row = ctx.target(campusPolicy, ctx.body.id, 'campus.campus');
    if (row.isMain) throw ctx.bad('campus.mainFollows');
    const pkg = await findPackage(ctx.body.packageId);
    if (!pkg) throw ctx.bad('common.notFound', { what: ctx.t('campus.package') });
    if (!pkg.onSale) throw ctx.bad('campus.offSale');
    const before = campusValidUntil(db, row);
    const after = addDays(before > today() ? before : today(), pkg.days);
    const at = nowStamp();
    // The database's row first: should it fail, nothing in the process has changed.
    const fresh: Omit<CampusRenewal, 'id'> = {
      companyId: session.company.id,
      campusId: row.id,
      campusName: row.name,
      packageId: pkg.id,
      packageName: pkg.name,
      days: pkg.days,
      amount: pkg.price,
      before,
      after,
      createdAt: at,
      createdBy: session.user.name,
    };
    const [r] = await (await tx())
      .insert(campusRenewals)
      .values({ ...fresh, createdAt: stampDate(fresh.createdAt) })
      .returning();
    const renewal = renewalOf(r);
    await updateCampus(row, { validUntil: after });
    const order = await insertOrder({
      companyId: session.company.id,
      companyName: session.company.name,
      packageId: pkg.id,
      packageName: `${pkg.name} · ${row.name}`,
      days: pkg.days,
      amount: pkg.price,
      status: 'paid',
      createdAt: at,
      paidAt: at,
      createdBy: session.user.name,
    });
    return { campus: viewCampus(db, row), renewal, order: created(order) };
  }),

  api('get', '/v2/company_kt/campus/staff_list', { read: campusPolicy }, async (ctx) => {
    const campus = ctx.target(campusPolicy, Number(ctx.query.campusId), 'campus.campus');
    const page = await sqlList(await tx(), staffTable, and(eq(staffTable.companyId, ctx.session.company.id), eq(staffTable.campusId, campus.id)), ctx.query, {
      keyword: [staffTable.name, staffTable.mobile],
      equal: { role: staffTable.role, status: staffTable.status },
      sortable: { name: staffTable.nameSort, role: staffTable.role, hireDate: staffTable.hireDate },
      defaultSort: { field: 'id', order: 'ascend', by: staffTable.id },
      tiebreak: [asc(staffTable.id)],
    }, ctx.lang);
    return { list: page.list.map((r) => staffOf(ctx.db, r)), total: page.total };
  }),

  /** Branch campuses expired or expiring within 30 days (the dashboard's warning). */
  api('get', '/v2/company_kt/campus/expiring', { read: campusPolicy }, (ctx) =>
    ctx
      .rows(campusPolicy)
      .filter((c) => !c.isMain)
      .map((c) => viewCampus(ctx.db, c))
      .filter((c) => c.day <= CAMPUS_WARN_DAYS)
      .sort((a, b) => a.day - b.day),
  ),

  api('get', '/v2/company_kt/campus/renewals', { read: campusPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), campusRenewals, eq(campusRenewals.companyId, ctx.session.company.id), ctx.query, RENEWAL_LIST, ctx.lang);
    return { list: page.list.map(renewalOf), total: page.total };
  }),
];

