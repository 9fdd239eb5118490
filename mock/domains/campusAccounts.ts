/**
 * Login accounts of a company (PRODUCT.md §5.13): /account/staff (a staff member's login: create from the staff
 * member with a mobile number, reset its password, disable, enable) and /account/student (parent accounts linked to
 * students). An account is a membership of a user in the company; disabling it ends its sessions at once (their next
 * request is a 401: `buildSession` refuses a disabled membership) and refuses its logins.
 *
 * Parents and students: a student's parent account is the `customer` member whose mobile is the student's (parent's)
 * mobile, the same rule as the notifications (mock/domains/notify.ts); linking a student sets the student's mobile.
 */
import type { Db, MembershipRow, UserRow } from '../db';
import { nextId } from '../db';
import { hashPasswordSync } from '../credentials';
import { api, definePolicy, type AuthedCtx, type Session } from '../http';
import { defineMessages } from '../messages';
import { listQuery } from '../list';
import { nowStamp } from '../clock';
import type { ParentAccount, StaffAccount } from '../../src/types/campus';
import type { Staff, Student } from '../../src/types/school';
import { AccountIdBody, CreateStaffAccountBody, ParentAccountBody, ParentLinkBody, ResetPasswordBody } from '../../src/types/campus.schemas';
import { ROLE_FLAGS } from './session';
import { defaultGroupOf, groupIdOfStaff } from './campus';

declare module '../db' {
  interface Db {
    /** When each account (membership) was created, for the account lists. */
    accountCreatedAt: Record<number, string>;
  }
}

defineMessages({
  'account.account': { en: 'Account', zh: '账号' },
  'account.staff': { en: 'Staff member', zh: '员工' },
  'account.exists': { en: '{name} already has a login account.', zh: '{name} 已有登录账号。' },
  'account.mobileMember': { en: 'The mobile {mobile} already has an account in this company.', zh: '手机号 {mobile} 在本公司已有账号。' },
  'account.left': { en: '{name} has left: a login cannot be created.', zh: '{name} 已离职，不能创建登录账号。' },
  'account.owner': { en: 'The store owner’s account cannot be disabled.', zh: '店主账号不能停用。' },
  'account.self': { en: 'You cannot disable your own account.', zh: '不能停用自己的账号。' },
  'account.student': { en: 'Student', zh: '学员' },
  'field.staffId': { en: 'Staff member', zh: '员工' },
  'field.roleId': { en: 'Account', zh: '账号' },
  'field.studentIds': { en: 'Students', zh: '学员' },
});

export function seedAccounts(db: Db) {
  db.accountCreatedAt = {};
  for (const m of db.memberships) db.accountCreatedAt[m.roleId] = '2024-03-15 10:00:00';
}

/** Ends every session of an account (membership) at once: their next request is a 401. */
export function endSessionsOf(db: Db, roleId: number): number {
  let n = 0;
  for (const [token, row] of db.sessions) {
    if (row.roleId === roleId) {
      db.sessions.delete(token);
      n += 1;
    }
  }
  return n;
}

function membershipOfStaff(db: Db, st: Staff): MembershipRow | undefined {
  if (st.userId === undefined) return undefined;
  return db.memberships.find((m) => m.userId === st.userId && m.companyId === st.companyId && m.role !== 'customer');
}

function viewStaffAccount(db: Db, st: Staff): StaffAccount {
  const m = membershipOfStaff(db, st);
  const user = m && db.users.find((u) => u.id === m.userId);
  const gid = groupIdOfStaff(db, st);
  return {
    staffId: st.id,
    name: st.name,
    role: st.role,
    campusName: st.campusName,
    mobile: user?.mobile ?? st.mobile,
    username: user?.username,
    roleId: m?.roleId,
    status: m ? (m.disabled ? 'disabled' : 'active') : undefined,
    groupName: db.permissionGroups.find((g) => g.id === gid)?.name,
  };
}

function childrenOf(db: Db, companyId: number, user: UserRow): Student[] {
  return db.students.filter((s) => s.companyId === companyId && s.mobile === user.mobile);
}

function viewParent(db: Db, m: MembershipRow): ParentAccount {
  const user = db.users.find((u) => u.id === m.userId)!;
  const kids = childrenOf(db, m.companyId, user);
  return {
    roleId: m.roleId,
    userId: user.id,
    name: user.name,
    username: user.username,
    mobile: user.mobile,
    status: m.disabled ? 'disabled' : 'active',
    studentIds: kids.map((s) => s.id),
    studentNames: kids.map((s) => s.name),
    createdAt: db.accountCreatedAt?.[m.roleId] ?? '',
  };
}

export const staffAccountPolicy = definePolicy<Staff>({
  name: 'staff account',
  read: 'campusManagement',
  write: 'campusManagement',
  rows: (db, s) => db.staff.filter((st) => st.companyId === s.company.id),
});

/** Accounts (memberships) of the caller's company: staff and parents. */
export const accountPolicy = definePolicy<MembershipRow>({
  name: 'account',
  read: 'campusManagement',
  write: 'campusManagement',
  rows: (db, s) => db.memberships.filter((m) => m.companyId === s.company.id),
  idOf: (m) => m.roleId,
});

function newMembership(db: Db, userId: number, companyId: number, role: MembershipRow['role'], groupId?: number): MembershipRow {
  const row: MembershipRow = { roleId: nextId(db, 'memberships'), userId, companyId, role, type: 2, flags: { ...ROLE_FLAGS[role] }, ...(groupId ? { groupId } : {}) };
  db.memberships.push(row);
  db.accountCreatedAt[row.roleId] = nowStamp();
  return row;
}

/** The user of a mobile number, or a new one (username = the mobile). */
function userFor(db: Db, mobile: string, name: string, password: string): UserRow {
  const existing = db.users.find((u) => u.mobile === mobile);
  if (existing) return existing;
  const user: UserRow = { id: nextId(db, 'users'), username: mobile, passwordHash: hashPasswordSync(password), mustChangePassword: true, mobile, name, avatar: '/avatar.svg' };
  db.users.push(user);
  return user;
}

function setDisabled(ctx: AuthedCtx<Record<string, string>, { roleId: number }>, disabled: boolean, s: Session) {
  const m = ctx.target(accountPolicy, ctx.body.roleId, 'account.account');
  if (disabled && m.type === 0) throw ctx.bad('account.owner');
  if (disabled && m.roleId === s.membership.roleId) throw ctx.bad('account.self');
  m.disabled = disabled || undefined;
  if (disabled) endSessionsOf(ctx.db, m.roleId);
  return m;
}

export const accountHandlers = [
  /* ---------------- /account/staff ---------------- */
  api('get', '/v2/account/staff', { read: staffAccountPolicy }, (ctx) =>
    listQuery(
      ctx.rows(staffAccountPolicy).map((st) => viewStaffAccount(ctx.db, st)),
      ctx.query,
      {
        keywordFields: ['name', 'mobile', 'username'],
        equalFields: ['role', 'status'],
        filters: { hasAccount: (r, v) => (v === 'yes' ? r.roleId !== undefined : v === 'no' ? r.roleId === undefined : true) },
        sortable: ['name', 'role', 'campusName'],
        defaultSort: { field: 'staffId', order: 'ascend' },
      },
      ctx.lang,
    ),
  ),

  api('post', '/v2/account/staff', { write: staffAccountPolicy, body: CreateStaffAccountBody }, (ctx) => {
    const { db, session } = ctx;
    const st = ctx.target(staffAccountPolicy, ctx.body.staffId, 'account.staff');
    if (membershipOfStaff(db, st)) throw ctx.bad('account.exists', { name: st.name });
    if (st.status !== 'active') throw ctx.bad('account.left', { name: st.name });
    const other = db.users.find((u) => u.mobile === ctx.body.mobile);
    if (other && db.memberships.some((m) => m.userId === other.id && m.companyId === session.company.id)) throw ctx.bad('account.mobileMember', { mobile: ctx.body.mobile });
    const user = userFor(db, ctx.body.mobile, st.name, ctx.body.password);
    const groupId = groupIdOfStaff(db, st) ?? defaultGroupOf(db, session.company.id, st.role)?.id;
    newMembership(db, user.id, session.company.id, st.role, groupId);
    st.userId = user.id;
    return viewStaffAccount(db, st);
  }),

  api('post', '/v2/account/reset_password', { write: accountPolicy, body: ResetPasswordBody }, (ctx) => {
    const m = ctx.target(accountPolicy, ctx.body.roleId, 'account.account');
    const user = ctx.db.users.find((u) => u.id === m.userId)!;
    user.passwordHash = hashPasswordSync(ctx.body.password);
    user.mustChangePassword = true;
    return null;
  }),

  api('post', '/v2/account/disable', { write: accountPolicy, body: AccountIdBody }, (ctx) => {
    const m = setDisabled(ctx, true, ctx.session);
    return { roleId: m.roleId, status: 'disabled' };
  }),

  api('post', '/v2/account/enable', { write: accountPolicy, body: AccountIdBody }, (ctx) => {
    const m = setDisabled(ctx, false, ctx.session);
    return { roleId: m.roleId, status: 'active' };
  }),

  /* ---------------- /account/student: parent accounts ---------------- */
  api('get', '/v2/account/parent', { read: accountPolicy }, (ctx) =>
    listQuery(
      ctx
        .rows(accountPolicy)
        .filter((m) => m.role === 'customer')
        .map((m) => viewParent(ctx.db, m)),
      ctx.query,
      {
        keywordFields: ['name', 'mobile', 'username'],
        equalFields: ['status'],
        filters: { studentName: (r, v) => r.studentNames.some((n) => n.includes(v)) },
        sortable: ['name', 'createdAt'],
        defaultSort: { field: 'roleId', order: 'ascend' },
      },
      ctx.lang,
    ),
  ),

  api('post', '/v2/account/parent', { write: accountPolicy, body: ParentAccountBody }, (ctx) => {
    const { db, session, body } = ctx;
    const students = body.studentIds.map((id) => {
      const st = db.students.find((s) => s.id === id && s.companyId === session.company.id);
      if (!st) throw ctx.bad('common.notFound', { what: ctx.t('account.student') });
      return st;
    });
    const other = db.users.find((u) => u.mobile === body.mobile);
    if (other && db.memberships.some((m) => m.userId === other.id && m.companyId === session.company.id)) throw ctx.bad('account.mobileMember', { mobile: body.mobile });
    const user = userFor(db, body.mobile, body.name, body.password);
    const m = newMembership(db, user.id, session.company.id, 'customer');
    for (const st of students) {
      st.mobile = user.mobile;
      st.parentName = user.name;
    }
    return viewParent(db, m);
  }),

  api('post', '/v2/account/parent/link', { write: accountPolicy, body: ParentLinkBody }, (ctx) => {
    const { db, session, body } = ctx;
    const m = ctx.target(accountPolicy, body.roleId, 'account.account');
    if (m.role !== 'customer') throw ctx.bad('common.notFound', { what: ctx.t('account.account') });
    const students = body.studentIds.map((id) => {
      const st = db.students.find((s) => s.id === id && s.companyId === session.company.id);
      if (!st) throw ctx.bad('common.notFound', { what: ctx.t('account.student') });
      return st;
    });
    const user = db.users.find((u) => u.id === m.userId)!;
    for (const st of students) {
      st.mobile = user.mobile;
      st.parentName = user.name;
    }
    return viewParent(db, m);
  }),
];
