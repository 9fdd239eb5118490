/**
 * Login accounts of a company (docs/rules.md#permission-groups-and-data-scope): /account/staff (a staff member's login: create from the staff
 * member with a mobile number, reset its password, disable, enable) and /account/student (parent accounts linked to
 * students). An account is a membership of a user in the company; disabling it ends its sessions at once (their next
 * request is a 401: `buildSession` refuses a disabled membership) and refuses its logins.
 *
 * Parents and students: a student's parent account is the `customer` member whose mobile is the student's (parent's)
 * mobile, the same rule as the notifications (mock/domains/notify.ts); linking a student sets the student's mobile.
 *
 * People and credentials (docs/rules.md#people-and-credentials): a company manages memberships, never someone else's sign-in.
 *  - A mobile that already has an account gets an invitation (mock/domains/invitations.ts) carrying what the account
 *    would have had (role and group, or linked students), never a silent membership; the password typed with it is
 *    ignored (the answer says an invitation was sent). A mobile without an account gets a new user, created by the
 *    company (`createdByCompanyId`), with the password typed as a first password to change at first login.
 *  - `reset_password` sets a first password only for a user the company created and that belongs to no other company
 *    (no membership, pending or accepted invitation elsewhere): 403 otherwise, naming the reason.
 *  - The owner's (type 0) membership and sign-in are the platform's: reset, disable and enable are 403.
 */
import { getDb, type Db, type MembershipRow, type UserRow } from '../db';
import { hashPasswordSync } from '../credentials';
import { api, definePolicy, HttpError, type AuthedCtx, type Session } from '../http';
import { defineMessages } from '../messages';
import { listQuery } from '../list';
import type { ParentAccount, StaffAccount } from '../../src/types/campus';
import type { Staff } from '../../src/types/school';
import { AccountIdBody, CreateStaffAccountBody, ParentAccountBody, ParentLinkBody, ResetPasswordBody } from '../../src/types/campus.schemas';
import { groupIdOfStaff } from './campus';
import { defaultGroupIn, groupBook, type GroupBook } from './groupRows';
import { addMembership, createInvitation, pendingStaffInvitations, usersElsewhere } from './invitations';
import { endSessionsOf as endUserSessions } from './session';
import { rememberDisabledSessions } from './accountStatus';
import { endSessions } from '../../server/auth/state';
import { tx } from '../../server/db';
import { memberships, staff as staffTable, students, users } from '../../server/db/schema';
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import { setParent, studentsByIds } from './studentRows';
import { findStaff, staffRowsOf, updateStaff } from './staffRows';
import { accountsOf, insertUser, isMember, membershipRowOf, updateMembership, updateUser, userById, userByMobile, userRowOf } from './people';

defineMessages({
  'account.account': { en: 'Account', zh: '账号' },
  'account.staff': { en: 'Staff member', zh: '员工' },
  'account.exists': { en: '{name} already has a login account.', zh: '{name} 已有登录账号。' },
  'account.mobileMember': { en: 'The mobile {mobile} already has an account in this company.', zh: '手机号 {mobile} 在本公司已有账号。' },
  'account.left': { en: '{name} has left: a login cannot be created.', zh: '{name} 已离职，不能创建登录账号。' },
  'account.owner': {
    en: 'The store owner’s account and sign-in can only be changed by the platform.',
    zh: '店主的账号和登录信息只能由平台修改。',
  },
  'account.notCreated': {
    en: '{name} signs in with an account your company did not create: only they can change its password (with their current password or an SMS code).',
    zh: '{name} 的登录账号不是由本公司创建的，只有本人可以修改密码（使用当前密码或短信验证码）。',
  },
  'account.otherCompany': {
    en: '{name} also belongs to another company: only they can change their password (with their current password or an SMS code).',
    zh: '{name} 同时属于其他公司，只有本人可以修改密码（使用当前密码或短信验证码）。',
  },
  'account.passwordNeeded': {
    en: 'No account uses {mobile} yet: enter a first password for the new account.',
    zh: '手机号 {mobile} 还没有账号，请为新账号设置初始密码。',
  },
  'account.self': { en: 'You cannot disable your own account.', zh: '不能停用自己的账号。' },
  'account.student': { en: 'Student', zh: '学员' },
  'field.staffId': { en: 'Staff member', zh: '员工' },
  'field.roleId': { en: 'Account', zh: '账号' },
  'field.studentIds': { en: 'Students', zh: '学员' },
});

export function seedAccounts(db: Db) {
  for (const m of db.seedMemberships) m.createdAt = '2024-03-15 10:00:00';
  // The seed's staff and parents were created by their one company; owners and platform users by the platform.
  for (const u of db.seedUsers) {
    const ms = db.seedMemberships.filter((m) => m.userId === u.id);
    const companyId = ms[0]?.companyId;
    const company = db.seedCompanies.find((c) => c.id === companyId);
    if (company && !company.platform && ms.every((m) => m.companyId === companyId && m.type !== 0)) u.createdByCompanyId = companyId;
  }
}

/** Ends every session of an account (membership) at once: their next request is a 401. */
export function endSessionsOf(roleId: number): Promise<number> {
  return endSessions({ roleIds: [roleId] });
}

/** A company's accounts with their users, by user (read once per call: `staffAccounts`). */
type Accounts = Map<number, { membership: MembershipRow; user: UserRow }>;

/** The staff accounts (every role but parents) of a company, by user. */
async function staffAccounts(companyId: number): Promise<Accounts> {
  const rows = await accountsOf(companyId, ['admin', 'service', 'operation', 'dealer', 'manager', 'teacher', 'sales']);
  return new Map(rows.map((r) => [r.user.id, r]));
}

function accountOfStaff(accounts: Accounts, st: Staff): { membership: MembershipRow; user: UserRow } | undefined {
  return st.userId === undefined ? undefined : accounts.get(st.userId);
}

/**
 * Whether the company may set a first password of an account (docs/rules.md#people-and-credentials): not the owner's, only for a user the
 * company created that belongs to no other company. `elsewhere`: users tied to another company (`usersElsewhere`,
 * computed once per call).
 */
function passwordSettable(m: MembershipRow, user: UserRow, elsewhere: Set<number>): boolean {
  return m.type !== 0 && user.createdByCompanyId === m.companyId && !elsewhere.has(user.id);
}

/** What the account views read once per call: users tied to other companies, pending staff invitations (staff id → invitation id), the groups and the company's staff accounts. */
interface AccountContext {
  elsewhere: Set<number>;
  pendingStaff: Map<number, number>;
  book: GroupBook;
  accounts: Accounts;
}

async function accountContext(db: Db, companyId: number): Promise<AccountContext> {
  return { elsewhere: await usersElsewhere(db, companyId), pendingStaff: await pendingStaffInvitations(companyId), book: await groupBook(companyId), accounts: await staffAccounts(companyId) };
}

function viewStaffAccount(st: Staff, { elsewhere, pendingStaff, book, accounts }: AccountContext): StaffAccount {
  const account = accountOfStaff(accounts, st);
  const m = account?.membership;
  const user = account?.user;
  const gid = groupIdOfStaff(book, st);
  return {
    staffId: st.id,
    name: st.name,
    role: st.role,
    campusName: st.campusName,
    mobile: user?.mobile ?? st.mobile,
    username: user?.username,
    roleId: m?.roleId,
    status: m ? (m.disabled ? 'disabled' : 'active') : undefined,
    groupName: book.groups.find((g) => g.id === gid)?.name,
    ...(m ? {} : { invitationId: pendingStaff.get(st.id) }),
    ...(m && m.type === 0 ? { owner: true } : {}),
    ...(m && user ? { canSetPassword: passwordSettable(m, user, elsewhere) } : {}),
  };
}

/** The company's students whose mobile is one of these (a parent's children), by mobile, in id order. */
async function childrenOf(companyId: number, mobiles: string[]): Promise<Map<string, { id: number; name: string }[]>> {
  const out = new Map<string, { id: number; name: string }[]>();
  if (!mobiles.length) return out;
  const rows = await (await tx())
    .select({ id: students.id, name: students.name, mobile: students.mobile })
    .from(students)
    .where(and(eq(students.companyId, companyId), inArray(students.mobile, [...new Set(mobiles)])))
    .orderBy(asc(students.id));
  for (const r of rows) out.set(r.mobile, [...(out.get(r.mobile) ?? []), { id: r.id, name: r.name }]);
  return out;
}

function viewParent({ membership: m, user }: { membership: MembershipRow; user: UserRow }, elsewhere: Set<number>, children: Map<string, { id: number; name: string }[]>): ParentAccount {
  const kids = children.get(user.mobile) ?? [];
  return {
    roleId: m.roleId,
    userId: user.id,
    name: user.name,
    username: user.username,
    mobile: user.mobile,
    status: m.disabled ? 'disabled' : 'active',
    studentIds: kids.map((s) => s.id),
    studentNames: kids.map((s) => s.name),
    createdAt: m.createdAt ?? '',
    canSetPassword: passwordSettable(m, user, elsewhere),
  };
}

export const staffAccountPolicy = definePolicy<Staff>({
  name: 'staff account',
  read: 'campusManagement',
  write: 'campusManagement',
  rows: (db, s) => staffRowsOf(db, s.company.id),
  where: (s) => eq(staffTable.companyId, s.company.id),
  find: (id, scope, lock) => findStaff(getDb(), id, scope, lock),
});

/** The users behind the company's accounts (a password set is a change of the user, kept in the audit log). */
const accountUserPolicy = definePolicy<UserRow>({
  name: 'user',
  read: 'campusManagement',
  write: 'campusManagement',
  where: (s) => exists(sql`(select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${memberships.companyId} = ${s.company.id})`),
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(users).where(and(eq(users.id, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && userRowOf(r);
  },
});

/** Accounts (memberships) of the caller's company: staff and parents. */
export const accountPolicy = definePolicy<MembershipRow>({
  name: 'account',
  read: 'campusManagement',
  write: 'campusManagement',
  where: (s) => eq(memberships.companyId, s.company.id),
  find: async (id, scope, lock) => {
    const q = (await tx()).select().from(memberships).where(and(eq(memberships.roleId, id), scope));
    const [r] = lock ? await q.for('update') : await q;
    return r && membershipRowOf(r);
  },
  idOf: (m) => m.roleId,
});

/**
 * A new user for a mobile without an account (username = the mobile), created by the caller's company, with the typed
 * password as a first password (to change at first login). A mobile with an account is never touched here.
 */
function newUser(ctx: AuthedCtx<Record<string, string>, unknown>, mobile: string, name: string, password: string | undefined): Promise<UserRow> {
  if (!password) throw ctx.bad('account.passwordNeeded', { mobile });
  return insertUser({ username: mobile, passwordHash: hashPasswordSync(password), mustChangePassword: true, createdByCompanyId: ctx.session.company.id, mobile, name, avatar: '/avatar.svg' });
}

/** The owner's membership and sign-in are the platform's (docs/rules.md#people-and-credentials). */
function refuseOwner(ctx: AuthedCtx<Record<string, string>, unknown>, m: MembershipRow) {
  if (m.type === 0) throw new HttpError(403, ctx.t('account.owner'));
}

async function setDisabled(ctx: AuthedCtx<Record<string, string>, { roleId: number }>, disabled: boolean, s: Session) {
  const m = await ctx.find(accountPolicy, ctx.body.roleId, 'account.account');
  refuseOwner(ctx, m);
  if (disabled && m.roleId === s.membership.roleId) throw ctx.bad('account.self');
  await updateMembership(m, { disabled: disabled || undefined });
  if (disabled) {
    // Their next call is told that the account was disabled, and whom to contact (issue 31).
    await rememberDisabledSessions(m.roleId);
    await endSessionsOf(m.roleId);
  }
  return m;
}

export const accountHandlers = [
  /* ---------------- /account/staff ---------------- */
  api('get', '/v2/account/staff', { read: staffAccountPolicy }, async (ctx) => {
    const context = await accountContext(ctx.db, ctx.session.company.id);
    return listQuery(
      ctx.rows(staffAccountPolicy).map((st) => viewStaffAccount(st, context)),
      ctx.query,
      {
        keywordFields: ['name', 'mobile', 'username'],
        equalFields: ['role', 'status'],
        filters: { hasAccount: (r, v) => (v === 'yes' ? r.roleId !== undefined : v === 'no' ? r.roleId === undefined : true) },
        sortable: ['name', 'role', 'campusName'],
        defaultSort: { field: 'staffId', order: 'ascend' },
      },
      ctx.lang,
    );
  }),

  api('post', '/v2/account/staff', { write: staffAccountPolicy, body: CreateStaffAccountBody }, async (ctx) => {
    const { db, session } = ctx;
    const st = await ctx.find(staffAccountPolicy, ctx.body.staffId, 'account.staff');
    const accounts = await staffAccounts(session.company.id);
    if (accountOfStaff(accounts, st)) throw ctx.bad('account.exists', { name: st.name });
    if (st.status !== 'active') throw ctx.bad('account.left', { name: st.name });
    const other = await userByMobile(ctx.body.mobile);
    if (other && (await isMember(session.company.id, other.id))) throw ctx.bad('account.mobileMember', { mobile: ctx.body.mobile });
    if ((await pendingStaffInvitations(session.company.id)).has(st.id)) throw ctx.bad('invitation.pendingStaff', { name: st.name });
    const book = await groupBook(session.company.id);
    const groupId = groupIdOfStaff(book, st) ?? defaultGroupIn(book, st.role)?.id;
    // An existing account: an invitation (the membership comes when the person accepts); the password is ignored.
    if (other) {
      const invitation = await createInvitation(ctx, other, { name: st.name, role: st.role, groupId, staffId: st.id });
      return { ...viewStaffAccount(st, await accountContext(db, session.company.id)), invitation };
    }
    const user = await newUser(ctx, ctx.body.mobile, st.name, ctx.body.password);
    await addMembership(user.id, session.company.id, st.role, groupId);
    await updateStaff(db, st, { userId: user.id });
    return viewStaffAccount(st, await accountContext(db, session.company.id));
  }),

  api('post', '/v2/account/reset_password', { write: accountPolicy, body: ResetPasswordBody }, async (ctx) => {
    const { db, session } = ctx;
    const m = await ctx.find(accountPolicy, ctx.body.roleId, 'account.account');
    refuseOwner(ctx, m);
    // The user is a target too: the audit keeps who got a first password (never the password or its hash).
    const user = await ctx.find(accountUserPolicy, m.userId, 'account.account');
    if (user.createdByCompanyId !== session.company.id) throw new HttpError(403, ctx.t('account.notCreated', { name: user.name }));
    if ((await usersElsewhere(db, session.company.id)).has(user.id)) throw new HttpError(403, ctx.t('account.otherCompany', { name: user.name }));
    await updateUser(user, { passwordHash: hashPasswordSync(ctx.body.password), mustChangePassword: true });
    // Sessions opened with the old password end (the person signs in with the new one and chooses their own).
    await endUserSessions(user.id);
    return { id: user.id };
  }),

  api('post', '/v2/account/disable', { write: accountPolicy, body: AccountIdBody }, async (ctx) => {
    const m = await setDisabled(ctx, true, ctx.session);
    return { roleId: m.roleId, status: 'disabled' };
  }),

  api('post', '/v2/account/enable', { write: accountPolicy, body: AccountIdBody }, async (ctx) => {
    const m = await setDisabled(ctx, false, ctx.session);
    return { roleId: m.roleId, status: 'active' };
  }),

  /* ---------------- /account/student: parent accounts ---------------- */
  api('get', '/v2/account/parent', { read: accountPolicy }, async (ctx) => {
    const elsewhere = await usersElsewhere(ctx.db, ctx.session.company.id);
    const accounts = await accountsOf(ctx.session.company.id, ['customer']);
    const children = await childrenOf(ctx.session.company.id, accounts.map((a) => a.user.mobile));
    return listQuery(
      accounts.map((a) => viewParent(a, elsewhere, children)),
      ctx.query,
      {
        keywordFields: ['name', 'mobile', 'username'],
        equalFields: ['status'],
        filters: { studentName: (r, v) => r.studentNames.some((n) => n.includes(v)) },
        sortable: ['name', 'createdAt'],
        defaultSort: { field: 'roleId', order: 'ascend' },
      },
      ctx.lang,
    );
  }),

  api('post', '/v2/account/parent', { write: accountPolicy, body: ParentAccountBody }, async (ctx) => {
    const { db, session, body } = ctx;
    const kids = await studentsByIds(db, session.company.id, body.studentIds);
    if (kids.length !== new Set(body.studentIds).size) throw ctx.bad('common.notFound', { what: ctx.t('account.student') });
    const other = await userByMobile(body.mobile);
    if (other && (await isMember(session.company.id, other.id))) throw ctx.bad('account.mobileMember', { mobile: body.mobile });
    // An existing account: an invitation that links the students when accepted; the password is ignored.
    if (other) return { invitation: await createInvitation(ctx, other, { name: body.name, role: 'customer', studentIds: kids.map((st) => st.id) }) };
    const user = await newUser(ctx, body.mobile, body.name, body.password);
    const m = await addMembership(user.id, session.company.id, 'customer');
    await setParent(kids, user);
    return viewParent({ membership: m, user }, await usersElsewhere(db, session.company.id), await childrenOf(session.company.id, [user.mobile]));
  }),

  api('post', '/v2/account/parent/link', { write: accountPolicy, body: ParentLinkBody }, async (ctx) => {
    const { db, session, body } = ctx;
    const m = await ctx.find(accountPolicy, body.roleId, 'account.account');
    if (m.role !== 'customer') throw ctx.bad('common.notFound', { what: ctx.t('account.account') });
    const kids = await studentsByIds(db, session.company.id, body.studentIds);
    if (kids.length !== new Set(body.studentIds).size) throw ctx.bad('common.notFound', { what: ctx.t('account.student') });
    const user = (await userById(m.userId))!;
    await setParent(kids, user);
    return viewParent({ membership: m, user }, await usersElsewhere(db, session.company.id), await childrenOf(session.company.id, [user.mobile]));
  }),
];
