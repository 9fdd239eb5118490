/** Session, user, permission, store, menu and service-contact calls (docs/api.md#calls-named-by-the-spec, docs/api.md#session-calls) and the core seed. */
import type { Db, MembershipRow, ServiceContactRow, SqlSeeder } from '../db';
import { nextId, sessionExpired } from '../db';
import { api, buildSession, HttpError, json, type AuthedCtx } from '../http';
import { defineMessages } from '../messages';
import {
  MobileChangeBody,
  PasswordChangeBody,
  PasswordLoginBody,
  ProfileBody,
  SendSmsBody,
  SmsLoginBody,
  SwitchStoreBody,
} from '../../src/types/session.schemas';
import { loginRefusal } from './companyStatus';
import { serviceContactOf } from './platformRows';
import { hashPassword, needsRehash, oneTimePassword, seedHash, verifyPassword } from '../credentials';
import { insertMembership, insertUser, membershipsOfUser, mobileTaken, updateUser, userById, userByLogin, userByMobile } from './people';
import { demoMode } from '../mode';
import { sendCode, takeCode } from '../sms';
import { keepOnRefusal } from '../../server/db';
import { clearFailures, deleteSession, endSessions, insertSession, lastSmsSend, recentFailures, recordFailure, recordSmsSend, sessionByToken, setSessionRole } from '../../server/auth/state';
import { addDays, today } from '../clock';
import type { CompanyRoleEntry, MenuEntry, PermissionFlag, Role } from '../../src/types/session';
import type { InvitationTicket, LoginAnswer } from '../../src/types/invitation';
import { PERMISSION_FLAGS } from '../../src/types/session';
import { MENU_GROUPS, ROUTES } from '../../src/config/routeTable';
import access from '../../src/access';
import { companyNames, companyStates, findCompany } from './companyRows';

defineMessages({
  'auth.fields': { en: 'Please enter your account and password.', zh: '请输入账号和密码。' },
  'auth.bad': { en: 'Incorrect account or password.', zh: '账号或密码错误。' },
  'auth.disabled': { en: 'This account has no active company.', zh: '该账号没有可用的公司。' },
  'auth.noMobile': { en: 'No account uses this mobile number.', zh: '该手机号未注册账号。' },
  'auth.smsWait': { en: 'A code was sent less than 60 seconds ago. Try again in {s} s.', zh: '验证码已发送，请 {s} 秒后再试。' },
  'auth.badCode': { en: 'The verification code is incorrect.', zh: '验证码错误。' },
  'auth.notYourStore': { en: 'You do not belong to this store.', zh: '您不属于该门店。' },
  'auth.companyDisabled': { en: 'This company has been disabled.', zh: '该公司已被停用。' },
  'auth.oldPassword': { en: 'The current password is incorrect.', zh: '当前密码错误。' },
  'auth.passwordRule': { en: 'The new password must have 6 to 32 characters.', zh: '新密码长度须为 6 到 32 位。' },
  'auth.locked': {
    en: 'Too many wrong passwords or codes for this account. Try again in {m, plural, one {# minute} other {# minutes}}.',
    zh: '该账号密码或验证码错误次数过多，请 {m} 分钟后再试。',
  },
  'auth.mobileTaken': { en: 'Another account already uses this mobile number.', zh: '该手机号已被其他账号使用。' },
  'auth.mustChangePassword': {
    en: 'Your password was set by someone else: choose your own password before doing anything else.',
    zh: '您的密码由他人设置，请先设置您自己的密码再进行其他操作。',
  },
  'auth.passwordSame': { en: 'The new password must differ from the current one.', zh: '新密码不能与当前密码相同。' },
  'field.username': { en: 'Account', zh: '账号' },
  'field.password': { en: 'Password', zh: '密码' },
  'field.mobile': { en: 'Mobile', zh: '手机号' },
  'field.code': { en: 'Verification code', zh: '验证码' },
  'field.roleId': { en: 'Store', zh: '门店' },
  'field.name': { en: 'Name', zh: '姓名' },
});

export const SMS_RESEND_MS = 60_000;

const ALL = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, 1])) as Record<PermissionFlag, number>;
const NONE = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, 0])) as Record<PermissionFlag, number>;
const only = (...flags: PermissionFlag[]) => ({ ...NONE, ...Object.fromEntries(flags.map((f) => [f, 1])) }) as Record<PermissionFlag, number>;

/** Default permission flags of each role (a company may change them with permission groups). */
export const ROLE_FLAGS: Record<Role, Record<PermissionFlag, number>> = {
  admin: only('staging'),
  service: only('staging'),
  operation: only('staging'),
  dealer: ALL,
  manager: ALL,
  teacher: only('staging', 'educationalManagement', 'scheduleManagement', 'studentManagement', 'serviceNotification'),
  sales: only('staging', 'customerCenter', 'studentManagement', 'scheduleManagement', 'serviceNotification'),
  customer: only('staging', 'serviceNotification'),
};

const AVATAR = '/avatar.svg';

/** The service contact of the seed (server/db/schema/platform.ts, written by ./platform.ts `seedPlatformTables`)… */
export const DEMO_SERVICE_CONTACT: ServiceContactRow = { name: 'Campus Console Support / 客服小星', phone: '400-820-0088', wechat: 'campus-console-help' };
/** …and outside demo mode (`seedPlatformProduction`). */
export const PRODUCTION_SERVICE_CONTACT: ServiceContactRow = { name: 'Campus Console Support', phone: '', wechat: '' };

/**
 * Outside demo mode (mock/mode.ts) the seed is the platform company and its admin only, with a random one-time
 * password printed once on stdout (to be changed at the first login); no demo company, account or data.
 */
export function seedProductionCore(db: Db) {
  db.seedCompanies.push({ id: 1, name: 'Campus Console Platform', platform: true, validUntil: addDays(today(), 36500), status: 'active', ownerMobile: '', createdAt: today() });
  db.seq.companies = 1;
}

/**
 * The platform's admin of a production start, written once, when the database is new (a restart keeps the account
 * and prints nothing): a random one-time password, printed once on stdout, to be changed at the first login.
 */
export const seedPlatformAdmin: SqlSeeder = async (t) => {
  const password = oneTimePassword();
  const user = await insertUser({ username: 'admin', passwordHash: await hashPassword(password), mustChangePassword: true, mobile: '', name: 'Platform admin', avatar: AVATAR }, t);
  await insertMembership({ userId: user.id, companyId: 1, role: 'admin', type: 2, flags: { ...ROLE_FLAGS.admin } }, t);
  // The one place this password is ever shown: the server's own output, once.
  // eslint-disable-next-line no-console
  console.log(`[setup] Platform admin account "admin", one-time password: ${password} (to be changed at the first login; shown only now)`);
};

export function seedCore(db: Db) {
  if (!demoMode()) return seedProductionCore(db);
  seedDemoCore(db);
}

/** The demo companies (platform, Starlight Dance, Sunrise Art, Maple Music) and the demo accounts of tests/demoAccounts.ts. */
export function seedDemoCore(db: Db) {
  const t = today();
  db.seedCompanies.push(
    { id: 1, name: 'Campus Console Platform', platform: true, validUntil: addDays(t, 36500), status: 'active', ownerMobile: '13800000001', createdAt: '2024-01-01' },
    { id: 2, name: 'Starlight Dance', platform: false, validUntil: addDays(t, 400), status: 'active', ownerMobile: '13800000002', createdAt: '2024-03-15' },
    { id: 3, name: 'Sunrise Art', platform: false, validUntil: addDays(t, 12), status: 'active', ownerMobile: '13800000009', createdAt: '2024-09-01' },
    { id: 4, name: 'Maple Music', platform: false, validUntil: t, status: 'active', ownerMobile: '13800000010', createdAt: '2023-11-20' },
  );
  db.seq.companies = 4;
  db.seedCampuses.push(
    { id: 1, companyId: 2, name: 'Downtown', address: '88 Renmin Road, Floor 3', phone: '021-62880001', isMain: true },
    { id: 2, companyId: 2, name: 'Riverside', address: '12 Binjiang Avenue', phone: '021-62880002', isMain: false },
    { id: 3, companyId: 3, name: 'Sunrise Main', address: '5 Chaoyang Street', phone: '010-65550003', isMain: true },
    { id: 4, companyId: 4, name: 'Maple Main', address: '21 Fengye Lane', phone: '020-83330004', isMain: true },
  );
  db.seq.campuses = 4;
  const users: [string, string, string, string][] = [
    ['admin', 'admin123', '13800000001', '林思远'],
    ['dealer', 'dealer123', '13800000002', '周晓彤'],
    ['manager', 'manager123', '13800000003', '陈嘉怡'],
    ['teacher', 'teacher123', '13800000004', '王若汐'],
    ['sales', 'sales123', '13800000005', '李浩然'],
    ['service', 'service123', '13800000006', '赵雅琪'],
    ['operation', 'operation123', '13800000007', '孙明轩'],
    ['customer', 'customer123', '13800000008', '吴佳怡'],
    ['sunrise', 'sunrise123', '13800000009', '何梦琪'],
    ['maple', 'maple123', '13800000010', '郭俊杰'],
    ['mapleteacher', 'maple123', '13800000011', '罗婉清'],
  ];
  users.forEach(([username, password, mobile, name], i) => db.seedUsers.push({ id: i + 1, username, passwordHash: seedHash(password), mobile, name, avatar: AVATAR }));
  db.seq.users = users.length;
  const m = (userId: number, companyId: number, role: Role, type = 2): MembershipRow => ({
    roleId: 0,
    userId,
    companyId,
    role,
    type,
    flags: { ...ROLE_FLAGS[role] },
  });
  const memberships = [
    m(1, 1, 'admin'),
    m(2, 2, 'dealer', 0),
    m(2, 3, 'teacher'),
    m(3, 2, 'manager'),
    m(4, 2, 'teacher'),
    m(5, 2, 'sales'),
    m(6, 1, 'service'),
    m(7, 1, 'operation'),
    m(8, 2, 'customer'),
    m(9, 3, 'dealer', 0),
    m(10, 4, 'dealer', 0),
    m(11, 4, 'teacher'),
  ];
  memberships.forEach((row, i) => db.seedMemberships.push({ ...row, roleId: 101 + i }));
  db.seq.memberships = 100 + memberships.length;
}

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;

/** The throttle key of an account: the user when the name or mobile is known, else the name as typed (no hint). */
function failureKey(userId: number | undefined, typed: string): string {
  return userId !== undefined ? `u:${userId}` : `n:${typed.trim().toLowerCase()}`;
}

/** Minutes to wait when the account is locked, else 0 (failed logins in the database: server/auth/state.ts). */
async function lockedFor(key: string, now = Date.now()): Promise<number> {
  const recent = await recentFailures(key, now, FAILURE_WINDOW_MS);
  if (recent.length < MAX_FAILURES) return 0;
  return Math.max(1, Math.ceil((recent[recent.length - MAX_FAILURES] + FAILURE_WINDOW_MS - now) / 60_000));
}

/** Counts a failed login; kept although the login answers with a refusal. */
async function failed(key: string, now = Date.now()) {
  keepOnRefusal();
  await recordFailure(key, now, FAILURE_WINDOW_MS);
}

/**
 * Ends the sessions of a user (all of them, or all but `except`): a password change, a disabled account.
 * Their next call answers 401. Returns how many ended.
 */
export function endSessionsOf(userId: number, except?: string): Promise<number> {
  return endSessions({ userId, except });
}

/** The signed-in user of a request, if any (for the public SMS call; the session rules are `sessionOf`'s). */
async function callerOf(request: Request): Promise<number | undefined> {
  const token = request.headers.get('request-token');
  const row = token ? await sessionByToken(token) : undefined;
  if (!row || request.headers.get('satoken') !== row.satoken || sessionExpired(row, Date.now())) return undefined;
  return row.userId;
}

function newToken(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * What a login answers instead of a refusal when the person has no usable membership (mock/domains/invitations.ts:
 * pending invitations, to accept or decline first). The first hook with an answer wins.
 */
export const withoutMembership: ((db: Db, userId: number) => Promise<InvitationTicket | undefined>)[] = [];

export async function startSession(db: Db, userId: number): Promise<LoginAnswer> {
  const user = (await userById(userId))!;
  const mine = await membershipsOfUser(userId);
  const states = await companyStates(mine.map((mm) => mm.companyId));
  const active = mine.filter((mm) => !mm.disabled && states.get(mm.companyId)?.status === 'active');
  if (active.length === 0) {
    for (const hook of withoutMembership) {
      const answer = await hook(db, userId);
      if (answer) return answer;
    }
    throw new HttpError(400, '');
  }
  const roleId = active.find((mm) => mm.roleId === user.lastRoleId)?.roleId ?? active[0].roleId;
  const token = newToken();
  const satoken = newToken();
  const now = Date.now();
  await insertSession({ token, satoken, userId, roleId, createdAt: now, lastSeenAt: now });
  return { token, satoken };
}

/** The menu of a session: route table grouped by docs/screens.md#routes-and-shell areas, filtered by access (docs/api.md#session-calls). */
export function buildMenu(s: { currentUser: AuthedCtx['session']['currentUser']; permissions: AuthedCtx['session']['permissions'] }): MenuEntry[] {
  const acc = access({ currentUser: s.currentUser, permissions: s.permissions });
  // When expired, show what the role would see, disabled (docs/rules.md#subscription-and-expiry), except the routes that stay open.
  const visible = acc.expired ? access({ currentUser: { ...s.currentUser, company: { ...s.currentUser.company, day: 9999 } }, permissions: s.permissions }) : acc;
  const menu: MenuEntry[] = [];
  for (const group of MENU_GROUPS) {
    const children = ROUTES.filter((r) => r.menu === group.key && (!r.access || visible[r.access] || acc[r.access]))
      .map((r) => ({ path: r.path, name: r.title, icon: r.icon, ...(r.access && !acc[r.access] ? { disabled: true } : {}) }));
    if (children.length === 0) continue;
    menu.push({
      path: `/${group.key}`,
      name: `menu.group.${group.key}`,
      icon: group.icon,
      routes: children,
      ...(children.every((c) => c.disabled) ? { disabled: true } : {}),
    });
  }
  return menu;
}

export const sessionHandlers = [
  api('post', '/v2/user/login/password', { auth: false, body: PasswordLoginBody }, async ({ db, body, lang, t }) => {
    const username = (body.username ?? '').trim();
    const password = body.password ?? '';
    if (!username || !password.trim()) throw new HttpError(400, t('auth.fields'));
    const user = await userByLogin(username);
    // At most MAX_FAILURES wrong passwords per account in the window, then a refusal with the wait (even a right one).
    const key = failureKey(user?.id, username);
    const wait = await lockedFor(key);
    if (wait) throw new HttpError(400, t('auth.locked', { m: wait }));
    if (!(await verifyPassword(password, user?.passwordHash)) || !user) {
      await failed(key);
      const after = await lockedFor(key);
      throw new HttpError(400, after ? t('auth.locked', { m: after }) : t('auth.bad'));
    }
    await clearFailures(key);
    if (needsRehash(user.passwordHash)) await updateUser(user, { passwordHash: await hashPassword(password) });
    try {
      return await startSession(db, user.id);
    } catch {
      throw new HttpError(400, await loginRefusal(db, user.id, lang, 'auth.disabled'));
    }
  }),

  // The same answer whether or not the mobile has an account (no account enumeration): nothing is sent to unknown ones.
  // A login code goes only to a mobile with an account; a code to bind a new mobile only to a signed-in caller.
  api('post', '/api/send/sms', { auth: false, body: SendSmsBody }, async ({ db, body, request, t }) => {
    const { mobile, scene } = body;
    const last = await lastSmsSend(mobile);
    const now = Date.now();
    if (last !== undefined && now - last < SMS_RESEND_MS) {
      throw new HttpError(400, t('auth.smsWait', { s: Math.ceil((SMS_RESEND_MS - (now - last)) / 1000) }));
    }
    await recordSmsSend(mobile, now);
    const send = scene === 'login' ? (await userByMobile(mobile)) !== undefined : (await callerOf(request)) !== undefined;
    if (send) await sendCode(mobile, scene, now);
    return { sent: true, resendAfter: SMS_RESEND_MS / 1000 };
  }),

  api('post', '/v2/user/login/sms', { auth: false, body: SmsLoginBody }, async ({ db, body, lang, t }) => {
    const { mobile, code } = body;
    const user = await userByMobile(mobile);
    // An unknown mobile answers like a wrong code; both count towards the account's limit.
    const key = failureKey(user?.id, mobile);
    const wait = await lockedFor(key);
    if (wait) throw new HttpError(400, t('auth.locked', { m: wait }));
    if (!(await takeCode(mobile, 'login', code)) || !user) {
      await failed(key);
      const after = await lockedFor(key);
      throw new HttpError(400, after ? t('auth.locked', { m: after }) : t('auth.badCode'));
    }
    await clearFailures(key);
    try {
      return await startSession(db, user.id);
    } catch {
      throw new HttpError(400, await loginRefusal(db, user.id, lang, 'auth.disabled'));
    }
  }),

  api('get', '/v2/user/info', { self: true }, ({ session }) => session.currentUser),

  api('get', '/v2/company_role/permissions', { self: true }, ({ session, t }) => {
    if (session.company.status !== 'active') return json({ code: 1, msg: t('auth.companyDisabled') });
    return session.permissions;
  }),

  api('get', '/v2/company_role/select', { self: true }, async ({ db, session }): Promise<CompanyRoleEntry[]> => {
    const mine = (await membershipsOfUser(session.user.id)).filter((mm) => !mm.disabled);
    const names = await companyNames(mine.map((mm) => mm.companyId));
    return mine.map((mm) => ({ roleId: mm.roleId, role: mm.role, companyName: names.get(mm.companyId) ?? '' }));
  }),

  api('post', '/v2/company_role/switch', { self: true, body: SwitchStoreBody }, async ({ db, session, body, t }) => {
    const { roleId } = body;
    const target = (await membershipsOfUser(session.user.id)).find((mm) => mm.roleId === roleId && !mm.disabled);
    if (!target) throw new HttpError(403, t('auth.notYourStore'));
    if ((await findCompany(target.companyId))?.status !== 'active') throw new HttpError(400, t('auth.companyDisabled'));
    await setSessionRole(session.token, roleId);
    await updateUser(session.user, { lastRoleId: roleId });
    return { roleId };
  }),

  api('get', '/v2/company_role/get_menu_pc', { self: true }, async ({ db, session, query, t }) => {
    const roleId = query.roleId ? Number(query.roleId) : session.membership.roleId;
    if (roleId !== session.membership.roleId) {
      const other = (await membershipsOfUser(session.user.id)).find((mm) => mm.roleId === roleId);
      if (!other) throw new HttpError(403, t('auth.notYourStore'));
      const s = (await buildSession(db, session.token, session.user.id, roleId))!;
      return buildMenu(s);
    }
    return buildMenu(session);
  }),

  api('get', '/v2/company_role/service', { self: true }, () => serviceContactOf()),

  // docs/api.md#calls-named-by-the-spec makes the logout a GET: the one GET that writes (it deletes the caller's own session).
  api('get', '/v2/user/login/logout', { auth: false }, async ({ request }) => {
    const token = request.headers.get('request-token');
    if (token) await deleteSession(token);
    return null;
  }),

  api('put', '/v2/user/profile', { self: true, body: ProfileBody }, async ({ session, body }) => {
    await updateUser(session.user, { name: body.name });
    return session.currentUser && { ...session.currentUser, name: session.user.name };
  }),

  api('post', '/v2/user/password', { self: true, body: PasswordChangeBody, labels: { oldPassword: 'field.password', newPassword: 'field.password' } }, async ({ db, session, body, t }) => {
    const { oldPassword, newPassword } = body;
    if (!(await verifyPassword(oldPassword, session.user.passwordHash))) throw new HttpError(400, t('auth.oldPassword'));
    if (newPassword.length < 6 || newPassword.length > 32) throw new HttpError(400, t('auth.passwordRule'));
    if (newPassword === oldPassword) throw new HttpError(400, t('auth.passwordSame'));
    await updateUser(session.user, { passwordHash: await hashPassword(newPassword), mustChangePassword: undefined });
    // Every other session of the user ends (a stolen session does not survive a password change).
    await endSessionsOf(session.user.id, session.token);
    return null;
  }),

  api('post', '/v2/user/mobile', { self: true, body: MobileChangeBody }, async ({ db, session, body, t }) => {
    const { mobile, code } = body;
    // The code first: whether a number has an account is told only to the one who holds that number.
    if (!(await takeCode(mobile, 'bind', code))) throw new HttpError(400, t('auth.badCode'));
    if (await mobileTaken(mobile, session.user.id)) throw new HttpError(400, t('auth.mobileTaken'));
    await updateUser(session.user, { mobile });
    return null;
  }),
];

export { nextId };
