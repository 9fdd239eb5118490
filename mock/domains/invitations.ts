/**
 * Invitations (docs/rules.md#people-and-credentials). A user (one mobile) has one set of credentials that only that person changes; a
 * company manages memberships only. When a company adds a staff or parent login for a mobile that already has an
 * account (mock/domains/campusAccounts.ts), it creates an invitation here instead of a membership: the company, the
 * role, the permission group or linked students the account would have had, who invited and when. The password typed
 * with it is ignored (it never touches an existing account).
 *
 * The person answers it:
 *  - signed in: `GET /v2/invitation/mine` lists the pending ones (the console asks after each login,
 *    src/components/account/InvitationPrompt.tsx), `POST /v2/invitation/accept` / `decline`;
 *  - with no usable membership yet (all disabled, or none): the login (password or SMS code sent to the mobile)
 *    answers a ticket instead of a refusal (`withoutMembership` in mock/domains/session.ts), valid
 *    INVITATION_TICKET_MINUTES for that person only; `POST /v2/user/login/invitation` accepts (and starts the session
 *    on the new membership) or declines with it.
 * Accepting creates the membership with what the invitation carried (the store switch offers it at once); declining
 * or a cancel by the company (`POST /v2/invitation/cancel`) creates none. Each step is in the inviting company's audit
 * log (mock/domains/audit.ts): the invitation as created, its status before and after.
 */
import { groupBook, type GroupBook } from './groupRows';
import type { Db, MembershipRow, UserRow } from '../db';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterCommit, tx } from '../../server/db';
import { sqlList, type SqlListSpec } from '../../server/db/list';
import { sortKey } from '../../server/db/sortKey';
import { stampDate, stampOf } from '../../server/db/time';
import { companies, invitations, staff as staffTable } from '../../server/db/schema';
import { findStaff, updateStaff } from './staffRows';
import { setParent, studentNames, studentsByIds } from './studentRows';
import { companyById, rememberCompanies } from './companyRows';
import { api, definePolicy, HttpError, type AuthedCtx, type Ctx, type Session } from '../http';
import { insertMembership, isMember, membersElsewhere, updateUser, userById } from './people';
import { defineMessages, message } from '../messages';
import { nowStamp } from '../clock';
import { smsSender } from '../sms';
import type { Role } from '../../src/types/session';
import { INVITATION_TICKET_MINUTES, type AcceptedInvitation, type Invitation, type InvitationStatus, type InvitationTicket, type LoginAnswer, type MyInvitation } from '../../src/types/invitation';
import { InvitationIdBody, InvitationTicketBody } from '../../src/types/invitation.schemas';
import { ROLE_FLAGS, startSession, withoutMembership } from './session';
import { appendAudit, auditCompanyOf, created, diffRows, ipOf } from './audit';
import { dropTicket, issueTicket, ticketUser } from '../../server/auth/state';

/** An invitation as the calls and the audit log see it (server/db/schema/invitations.ts). */
export interface InvitationRow {
  id: number;
  companyId: number;
  /** The invited person (an existing user). */
  userId: number;
  /** The mobile the company typed (the user's at the time). */
  mobile: string;
  /** The person's name in the company: the staff member's, or the parent's name as entered. */
  name: string;
  role: Role;
  groupId?: number;
  /** The staff member whose login this becomes (staff invitations). */
  staffId?: number;
  /** Students linked to the parent at acceptance (parent invitations). */
  studentIds: number[];
  inviterId: number;
  inviterName: string;
  createdAt: string;
  status: InvitationStatus;
  decidedAt?: string;
  /** The membership created at acceptance. */
  roleId?: number;
}

function invitationOf(r: typeof invitations.$inferSelect): InvitationRow {
  const row: InvitationRow = { id: r.id, companyId: r.companyId, userId: r.userId, mobile: r.mobile, name: r.name, role: r.role, studentIds: r.studentIds, inviterId: r.inviterId, inviterName: r.inviterName, createdAt: stampOf(r.createdAt), status: r.status };
  if (r.groupId !== null) row.groupId = r.groupId;
  if (r.staffId !== null) row.staffId = r.staffId;
  if (r.decidedAt !== null) row.decidedAt = stampOf(r.decidedAt);
  if (r.roleId !== null) row.roleId = r.roleId;
  return row;
}

defineMessages({
  'invitation.invitation': { en: 'Invitation', zh: '邀请' },
  'invitation.pending': {
    en: 'An invitation to {mobile} is already waiting for an answer.',
    zh: '已向 {mobile} 发出邀请，正在等待对方答复。',
  },
  'invitation.pendingStaff': {
    en: 'An invitation for {name} is waiting for an answer: cancel it before creating another login.',
    zh: '{name} 的邀请正在等待答复，请先取消该邀请再创建登录账号。',
  },
  'invitation.answered': { en: 'This invitation is no longer waiting for an answer.', zh: '该邀请已不在待答复状态。' },
  'invitation.member': { en: 'You already have an account in {company}.', zh: '您在 {company} 已有账号。' },
  'invitation.staffGone': {
    en: 'This invitation no longer fits the staff record at {company} (the person left or already has a login): ask them to invite you again.',
    zh: '该邀请与 {company} 的员工信息已不一致（已离职或已有登录账号），请对方重新邀请。',
  },
  'invitation.companyDisabled': { en: '{company} cannot be joined now: it has been disabled.', zh: '{company} 已被停用，暂时无法加入。' },
  'invitation.ticket': { en: 'This sign-in has expired. Please sign in again.', zh: '本次登录已过期，请重新登录。' },
  'invitation.sms': {
    en: '{company} invited you to join as {role}. Sign in to Campus Console to accept or decline.',
    zh: '{company} 邀请您以{role}身份加入，请登录校务云接受或拒绝。',
  },
});

const ROLE_NAMES: Record<Role, { en: string; zh: string }> = {
  admin: { en: 'platform admin', zh: '平台管理员' },
  service: { en: 'customer service', zh: '客服' },
  operation: { en: 'operations', zh: '运营' },
  dealer: { en: 'owner', zh: '店主' },
  manager: { en: 'manager', zh: '店长' },
  teacher: { en: 'teacher', zh: '老师' },
  sales: { en: 'sales', zh: '销售' },
  customer: { en: 'parent', zh: '家长' },
};

const pending = eq(invitations.status, 'pending');
const isOpen = (r: InvitationRow) => r.status === 'pending';

/** The companies whose invitations can be answered (active ones). */
function activeCompanies(_db: Db): SQL {
  return sql`${invitations.companyId} in (select ${companies.id} from ${companies} where ${companies.status} = 'active')`;
}

/** Pending invitations of a person, from companies that are active, oldest first. */
async function pendingOf(db: Db, userId: number): Promise<InvitationRow[]> {
  const rows = await (await tx()).select().from(invitations).where(and(eq(invitations.userId, userId), pending, activeCompanies(db))).orderBy(asc(invitations.id));
  // Their companies' names, for the synchronous views.
  await rememberCompanies(rows.map((r) => r.companyId));
  return rows.map(invitationOf);
}

/** A pending invitation of the company for this person, if any. */
async function pendingForUser(companyId: number, userId: number): Promise<InvitationRow | undefined> {
  const [r] = await (await tx()).select().from(invitations).where(and(eq(invitations.companyId, companyId), eq(invitations.userId, userId), pending));
  return r && invitationOf(r);
}

/** The company's pending staff invitations: staff id → invitation id. */
export async function pendingStaffInvitations(companyId: number): Promise<Map<number, number>> {
  const rows = await (await tx()).select({ id: invitations.id, staffId: invitations.staffId }).from(invitations).where(and(eq(invitations.companyId, companyId), pending, sql`${invitations.staffId} is not null`));
  return new Map(rows.map((r) => [r.staffId!, r.id]));
}

/** The users tied to a company other than `companyId`: a membership there, or an invitation pending or accepted. */
export async function usersElsewhere(db: Db, companyId: number): Promise<Set<number>> {
  const out = await membersElsewhere(companyId);
  const invited = await (await tx())
    .selectDistinct({ userId: invitations.userId })
    .from(invitations)
    .where(and(sql`${invitations.companyId} <> ${companyId}`, inArray(invitations.status, ['pending', 'accepted'])));
  for (const r of invited) out.add(r.userId);
  return out;
}

/** A new membership of a user in a company (an account created, or an invitation accepted). */
export function addMembership(userId: number, companyId: number, role: Role, groupId?: number): Promise<MembershipRow> {
  return insertMembership({ userId, companyId, role, type: 2, flags: { ...ROLE_FLAGS[role] }, ...(groupId ? { groupId } : {}), createdAt: nowStamp() });
}

/**
 * Invites an existing user into the caller's company (instead of attaching them). Refused while another invitation
 * of the company to that person is pending. The person gets an SMS telling them to sign in and answer.
 */
export async function createInvitation(ctx: AuthedCtx<Record<string, string>, unknown>, user: UserRow, what: { name: string; role: Role; groupId?: number; staffId?: number; studentIds?: number[] }): Promise<InvitationRow> {
  const { session } = ctx;
  if (await pendingForUser(session.company.id, user.id)) throw ctx.bad('invitation.pending', { mobile: user.mobile });
  const [r] = await (await tx())
    .insert(invitations)
    .values({
      companyId: session.company.id,
      userId: user.id,
      mobile: user.mobile,
      name: what.name,
      nameSort: sortKey(what.name),
      role: what.role,
      groupId: what.groupId ?? null,
      staffId: what.staffId ?? null,
      studentIds: what.studentIds ?? [],
      inviterId: session.user.id,
      inviterName: session.user.name,
      createdAt: stampDate(nowStamp()),
      status: 'pending',
    })
    .returning();
  const role = ROLE_NAMES[what.role];
  const text = `${message('en', 'invitation.sms', { company: session.company.name, role: role.en })} ${message('zh', 'invitation.sms', { company: session.company.name, role: role.zh })}`;
  // The SMS leaves once the invitation is stored.
  await afterCommit(() => void Promise.resolve(smsSender().send(user.mobile, text)).catch(() => undefined));
  return created(invitationOf(r));
}

function companyName(db: Db, companyId: number): string {
  return companyById(db, companyId)?.name ?? '';
}

function viewMine(db: Db, r: InvitationRow): MyInvitation {
  return { id: r.id, companyName: companyName(db, r.companyId), role: r.role, inviterName: r.inviterName, createdAt: r.createdAt };
}

function viewInvitation(r: InvitationRow, book: Pick<GroupBook, 'groups'>, names: Map<number, string>): Invitation {
  return {
    id: r.id,
    name: r.name,
    mobile: r.mobile,
    role: r.role,
    ...(r.groupId !== undefined ? { groupName: book.groups.find((g) => g.id === r.groupId)?.name } : {}),
    studentNames: r.studentIds.map((id) => names.get(id)).filter((n): n is string => !!n),
    inviterName: r.inviterName,
    createdAt: r.createdAt,
    status: r.status,
    ...(r.decidedAt ? { decidedAt: r.decidedAt } : {}),
  };
}

/** Writes an answer (accepted, declined, cancelled) to the invitation and to `r`, if it is still pending. */
async function decide(ctx: Ctx, r: InvitationRow, status: Exclude<InvitationStatus, 'pending'>, roleId?: number): Promise<void> {
  const at = nowStamp();
  const done = await (await tx())
    .update(invitations)
    .set({ status, decidedAt: stampDate(at), roleId: roleId ?? null })
    .where(and(eq(invitations.id, r.id), pending))
    .returning({ id: invitations.id });
  if (!done.length) throw ctx.bad('invitation.answered');
  Object.assign(r, { status, decidedAt: at, ...(roleId !== undefined ? { roleId } : {}) });
}

/** Accepts: the membership the invitation carried (group, staff link, linked students). */
async function accept(ctx: Ctx, r: InvitationRow): Promise<MembershipRow> {
  const { db } = ctx;
  const company = companyById(db, r.companyId);
  if (!company || company.status !== 'active') throw ctx.bad('invitation.companyDisabled', { company: company?.name ?? '' });
  if (await isMember(r.companyId, r.userId)) throw ctx.bad('invitation.member', { company: company.name });
  const staff = r.staffId === undefined ? undefined : await findStaff(db, r.staffId, eq(staffTable.companyId, r.companyId), true);
  if (r.staffId !== undefined && (!staff || staff.status !== 'active' || (staff.userId !== undefined && staff.userId !== r.userId))) {
    throw ctx.bad('invitation.staffGone', { company: company.name });
  }
  const user = (await userById(r.userId))!;
  const m = await addMembership(r.userId, r.companyId, r.role, r.groupId);
  if (staff) await updateStaff(db, staff, { userId: user.id });
  await setParent(await studentsByIds(db, r.companyId, r.studentIds), user);
  await decide(ctx, r, 'accepted', m.roleId);
  return m;
}

function accepted(db: Db, r: InvitationRow, m: MembershipRow): AcceptedInvitation {
  return { id: r.id, roleId: m.roleId, companyName: companyName(db, r.companyId), role: m.role };
}

/* ---------------- login without a usable membership: a ticket ---------------- */

function newTicket(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function ticketFor(db: Db, userId: number): Promise<InvitationTicket | undefined> {
  const open = await pendingOf(db, userId);
  if (!open.length) return undefined;
  const ticket = newTicket();
  await issueTicket(ticket, userId, Date.now(), INVITATION_TICKET_MINUTES * 60_000);
  return { ticket, invitations: open.map((r) => viewMine(db, r)) };
}

withoutMembership.push(ticketFor);

/** The audit entry of an answer given with a ticket (no session: the write hook does not run), in the inviting company's log. */
function logTicketAnswer(ctx: Ctx, user: UserRow, r: InvitationRow, before: InvitationRow): Promise<void> {
  const db = ctx.db;
  return appendAudit([{
    at: new Date(),
    companyId: r.companyId,
    companyName: companyName(db, r.companyId),
    userId: user.id,
    userName: user.name,
    role: r.role,
    ip: ipOf(ctx.request),
    method: 'POST',
    path: ctx.url.pathname,
    resource: 'invitation',
    targetId: r.id,
    action: 'action',
    changes: diffRows(before, r),
  }]);
}

/* ---------------- policies ---------------- */

async function findInvitation(id: number, scope: SQL | undefined, lock: boolean): Promise<InvitationRow | undefined> {
  const q = (await tx()).select().from(invitations).where(and(eq(invitations.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  if (r) await rememberCompanies([r.companyId]);
  return r && invitationOf(r);
}

/** The company's invitations (/account/staff, /account/student). */
export const invitationPolicy = definePolicy<InvitationRow>({
  name: 'invitation',
  read: 'campusManagement',
  write: 'campusManagement',
  where: (s) => eq(invitations.companyId, s.company.id),
  find: findInvitation,
});

/** The caller's own pending invitations from active companies (found with `ctx.find`, so the audit keeps the status before and after). */
const myInvitationPolicy = definePolicy<InvitationRow>({
  name: 'invitation',
  read: 'loggedIn',
  where: (s: Session, db: Db) => and(eq(invitations.userId, s.user.id), pending, activeCompanies(db)),
  find: findInvitation,
});

const INVITATION_LIST: SqlListSpec = {
  keyword: [invitations.name, invitations.mobile],
  equal: { status: invitations.status, role: invitations.role },
  filters: { kind: (v) => (v === 'parent' ? eq(invitations.role, 'customer') : v === 'staff' ? sql`${invitations.role} <> 'customer'` : undefined) },
  sortable: { createdAt: invitations.createdAt, name: sql`${invitations.nameSort} collate "C"` },
  defaultSort: { field: 'id', order: 'descend', by: invitations.id },
  tiebreak: [desc(invitations.id)],
};

// An invitation answered by the person is the inviting company's event.
for (const path of ['/v2/invitation/accept', '/v2/invitation/decline']) {
  auditCompanyOf.set(path, (e) => {
    const row = e.targets[0]?.row as InvitationRow | undefined;
    const c = row && companyById(e.ctx.db, row.companyId);
    return c && { id: c.id, name: c.name };
  });
}

export const invitationHandlers = [
  /* ---------------- the company ---------------- */
  api('get', '/v2/invitation', { read: invitationPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), invitations, ctx.scope(invitationPolicy), ctx.query, INVITATION_LIST, ctx.lang);
    const book = await groupBook(ctx.session.company.id);
    const rows = page.list.map(invitationOf);
    const names = await studentNames(ctx.db, ctx.session.company.id, rows.flatMap((r) => r.studentIds));
    return { list: rows.map((r) => viewInvitation(r, book, names)), total: page.total };
  }),

  api('post', '/v2/invitation/cancel', { write: invitationPolicy, body: InvitationIdBody }, async (ctx) => {
    const r = await ctx.find(invitationPolicy, ctx.body.id, 'invitation.invitation');
    if (!isOpen(r)) throw ctx.bad('invitation.answered');
    await decide(ctx, r, 'cancelled');
    return viewInvitation(r, await groupBook(ctx.session.company.id), await studentNames(ctx.db, r.companyId, r.studentIds));
  }),

  /* ---------------- the invited person, signed in ---------------- */
  api('get', '/v2/invitation/mine', { self: true }, async (ctx): Promise<MyInvitation[]> => (await pendingOf(ctx.db, ctx.session.user.id)).map((r) => viewMine(ctx.db, r))),

  api('post', '/v2/invitation/accept', { self: true, body: InvitationIdBody }, async (ctx): Promise<AcceptedInvitation> => {
    const r = await ctx.find(myInvitationPolicy, ctx.body.id, 'invitation.invitation');
    const m = await accept(ctx, r);
    return accepted(ctx.db, r, m);
  }),

  api('post', '/v2/invitation/decline', { self: true, body: InvitationIdBody }, async (ctx) => {
    const r = await ctx.find(myInvitationPolicy, ctx.body.id, 'invitation.invitation');
    await decide(ctx, r, 'declined');
    return { id: r.id, status: r.status };
  }),

  /* ---------------- the invited person, with a login ticket ---------------- */
  api('post', '/v2/user/login/invitation', { auth: false, body: InvitationTicketBody }, async (ctx): Promise<LoginAnswer> => {
    const { db, body } = ctx;
    const userId = await ticketUser(body.ticket, Date.now());
    if (userId === undefined) throw ctx.bad('invitation.ticket');
    const user = (await userById(userId))!;
    const r = (await pendingOf(db, user.id)).find((x) => x.id === body.id);
    if (!r) throw new HttpError(404, ctx.t('common.notFound', { what: ctx.t('invitation.invitation') }));
    const before = structuredClone(r);
    if (body.accept) {
      const m = await accept(ctx, r);
      await logTicketAnswer(ctx, user, r, before);
      await dropTicket(body.ticket);
      await updateUser(user, { lastRoleId: m.roleId });
      return await startSession(db, user.id);
    }
    await decide(ctx, r, 'declined');
    await logTicketAnswer(ctx, user, r, before);
    const rest = await pendingOf(db, user.id);
    if (!rest.length) await dropTicket(body.ticket);
    return { ticket: rest.length ? body.ticket : '', invitations: rest.map((x) => viewMine(db, x)) };
  }),
];
