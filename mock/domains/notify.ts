/**
 * Notification rules, inboxes and the SMS outbox (docs/rules.md#notices-and-notifications): the ONE function `emit` through which the
 * product's events (roll call saved, leave reviewed, lead assigned, card running low, homework assigned) reach
 * people, as the company's rules matrix says (event × channel × receiver). In-app messages go to inboxes; SMS go to
 * an outbox log shown on /notify (no SMS is really sent). Notices (./notice.ts) deliver through `deliver` too.
 *
 * Parents: a student's parent account is the user whose mobile is the student's (parent's) mobile and who is a
 * `customer` of the student's company. The demo `customer` account is linked to some Starlight students by the seed.
 */
import { pendingReturnCount } from './cardRows';
import type { Db, SqlSeeder } from '../db';
import { isSeeding } from '../db';
import { loadSettings, settingsOf } from './companySettings';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { allCompanies } from './companyRows';
import { beforeCommit, inTransaction, savepoint, tx, type Database } from '../../server/db';
import { sqlList, type SqlListSpec } from '../../server/db/list';
import { stampDate, stampOf } from '../../server/db/time';
import { inbox, leads, notifyRules, outbox, reminderSweeps } from '../../server/db/schema';
import { pendingLeaveCount } from './scheduleRows';
import { api, definePolicy, type Session } from '../http';
import { accountsOf, parentsByMobile, usersByIds } from './people';
import { defineMessages } from '../messages';
import { addDays, notAfterNow, nowStamp, today } from '../clock';
import type { Access } from '../../src/access';
import type { InboxMessage, InboxSummary, OutboxRow } from '../../src/types/notice';
import type { Student } from '../../src/types/school';
import { defaultRules, EVENT_RECEIVERS, isRuleOn, targetsOf, type NotifyEvent, type NotifyReceiver, type RuleCell } from '../../src/domain/notifyRules';
import { renewalCards, renewalState } from '../../src/domain/receivers';
import { canReviewReturn } from '../../src/domain/schoolPermissions';
import { RuleBody } from '../../src/types/notice.schemas';
import { seesAllLeads } from '../../src/domain/leads';
import { visibleStudentIds } from './schoolPolicies';
import { loadCompanyStudents, studentsByIds } from './studentRows';
import { narrowsScope } from './dataScope';
import { classById, loadSchoolRows } from './schoolRows';
import { loadStaffRows, staffById } from './staffRows';
import { loadCompanyLessons } from './lessonRows';
import { usableCardsEnding } from './cardLists';
import { ids, z } from '../../src/types/schema';

defineMessages({
  'notify.ruleMissing': { en: 'This event does not reach that receiver.', zh: '该事件不通知此接收人。' },
  'notify.message': { en: 'Message', zh: '消息' },
});

/* ---------------- who receives ---------------- */

export const PARENT_ROLE = 'customer';

/** The parent accounts of students (see the module comment): student id → the parent's user id, for those who have one. */
export async function parentUsersOf(companyId: number, students: Pick<Student, 'id' | 'mobile'>[], t?: Database): Promise<Map<number, number>> {
  const byMobile = await parentsByMobile(companyId, students.map((s) => s.mobile), t);
  const out = new Map<number, number>();
  for (const s of students) {
    const userId = byMobile.get(s.mobile);
    if (userId !== undefined) out.set(s.id, userId);
  }
  return out;
}

/** The seed's students of a company whose parent account has this mobile. */
function seedChildrenOf(db: Db, companyId: number, mobile: string): Student[] {
  return db.seedStudents.filter((s) => s.companyId === companyId && s.mobile === mobile);
}


function teacherUserOfClass(db: Db, classId: number | undefined): number | undefined {
  const cls = classId === undefined ? undefined : classById(db, classId);
  return cls ? staffById(db, cls.teacherId)?.userId : undefined;
}

/* ---------------- rows ---------------- */

type InboxRow = typeof inbox.$inferSelect;
type OutboxDbRow = typeof outbox.$inferSelect;

/** An inbox row as the API shows it. */
export function messageOf(r: InboxRow): InboxMessage {
  const m: InboxMessage = { id: r.id, companyId: r.companyId, userId: r.userId, kind: r.kind, title: r.title, text: r.text, createdAt: stampOf(r.createdAt) };
  if (r.noticeId !== null) m.noticeId = r.noticeId;
  if (r.event !== null) m.event = r.event;
  if (r.values !== null) m.values = r.values;
  if (r.studentName !== null) m.studentName = r.studentName;
  if (r.readAt !== null) m.readAt = stampOf(r.readAt);
  return m;
}

function smsOf(r: OutboxDbRow): OutboxRow {
  const row: OutboxRow = { id: r.id, companyId: r.companyId, event: r.event, receiver: r.receiver, receiverName: r.receiverName, mobile: r.mobile, values: r.values, createdAt: stampOf(r.createdAt) };
  if (r.studentId !== null) row.studentId = r.studentId;
  if (r.text !== null) row.text = r.text;
  return row;
}

/* ---------------- delivery ---------------- */

export type NewMessage = Omit<InboxMessage, 'id' | 'createdAt' | 'readAt'> & { createdAt?: string; readAt?: string; studentId?: number };

/** The inbox row of a message (a notice's keeps the student it is for). */
export function inboxValues(msg: NewMessage): typeof inbox.$inferInsert {
  const at = msg.createdAt ?? nowStamp();
  return {
    companyId: msg.companyId,
    userId: msg.userId,
    kind: msg.kind,
    noticeId: msg.noticeId ?? null,
    studentId: msg.studentId ?? null,
    event: msg.event ?? null,
    title: msg.title,
    text: msg.text,
    values: msg.values ?? null,
    studentName: msg.studentName ?? null,
    createdAt: stampDate(at),
    readAt: msg.readAt ? stampDate(msg.readAt) : null,
  };
}

/** Puts messages in users' inboxes. */
export async function deliver(msgs: NewMessage[]): Promise<void> {
  if (msgs.length) await (await tx()).insert(inbox).values(msgs.map(inboxValues));
}

/** Logs SMS (never really sent). */
async function logSms(rows: (Omit<OutboxRow, 'id' | 'createdAt'> & { createdAt?: string })[]): Promise<void> {
  if (!rows.length) return;
  await (await tx())
    .insert(outbox)
    .values(rows.map((r) => ({ companyId: r.companyId, event: r.event, receiver: r.receiver, receiverName: r.receiverName, mobile: r.mobile, studentId: r.studentId ?? null, values: r.values, text: r.text ?? null, createdAt: stampDate(r.createdAt ?? nowStamp()) })));
}

/** The saved cells of a company's rules matrix. */
export async function rulesOfCompany(companyId: number): Promise<RuleCell[]> {
  return (await tx()).select({ event: notifyRules.event, channel: notifyRules.channel, receiver: notifyRules.receiver, on: notifyRules.on }).from(notifyRules).where(eq(notifyRules.companyId, companyId));
}

/** What an event is about. Values are plain strings/numbers rendered by the client (`notify.msg.<event>`). */
export interface EmitPayload {
  /** Students concerned (their parents receive "parent" cells). */
  studentIds?: number[];
  /** Per-student values (e.g. the roll-call status of each). */
  perStudent?: Record<number, Record<string, string | number>>;
  /** Class concerned (its teacher receives "teacher" cells). */
  classId?: number;
  /** The lead owner's user id ("leadOwner" cells). */
  ownerUserId?: number;
  values?: Record<string, string | number>;
}

interface Person {
  userId?: number;
  name: string;
  mobile: string;
  values: Record<string, string | number>;
  studentName?: string;
  studentId?: number;
}

/** Who a receiver of an event is: people known now (parents, by their students), or users found when the messages are written. */
type Reach = { people: Person[] } | { users: number[] | 'managers'; values: Record<string, string | number> };

/** Everyone each receiver of `event` would reach, as the students are now (their people are read when written: `reachOf`). */
function receiversOfEvent(event: NotifyEvent, payload: EmitPayload, students: Student[], teacherUsers: number[]): Map<NotifyReceiver, Reach> {
  const values = payload.values ?? {};
  const out = new Map<NotifyReceiver, Reach>();
  for (const receiver of EVENT_RECEIVERS[event]) {
    if (receiver === 'parent') {
      // Their parents' accounts are found when the messages are written (by the students' mobiles).
      out.set(receiver, { people: students.map((st) => ({ name: st.parentName || st.name, mobile: st.mobile, studentName: st.name, studentId: st.id, values: { ...values, studentName: st.name, ...(payload.perStudent?.[st.id] ?? {}) } })) });
      continue;
    }
    let users: number[] | 'managers' = [];
    if (receiver === 'manager') users = 'managers';
    if (receiver === 'teacher') users = teacherUsers;
    if (receiver === 'leadOwner') users = payload.ownerUserId === undefined ? [] : [payload.ownerUserId];
    const summary: Record<string, string | number> = students.length ? { studentName: students.map((s) => s.name).join('、'), count: students.length } : {};
    out.set(receiver, { users, values: { ...summary, ...values, ...(students.length === 1 ? payload.perStudent?.[students[0].id] ?? {} : {}) } });
  }
  return out;
}

/** The people of each receiver, read in the transaction that writes their messages. */
async function reachOf(companyId: number, plan: Map<NotifyReceiver, Reach>): Promise<Map<NotifyReceiver, Person[]>> {
  const out = new Map<NotifyReceiver, Person[]>();
  for (const [receiver, reach] of plan) {
    if ('people' in reach) {
      const parents = await parentUsersOf(companyId, reach.people.filter((p) => p.studentId !== undefined).map((p) => ({ id: p.studentId!, mobile: p.mobile })));
      out.set(receiver, reach.people.map((p) => ({ ...p, ...(p.studentId !== undefined && parents.has(p.studentId) ? { userId: parents.get(p.studentId) } : {}) })));
      continue;
    }
    const ids = reach.users === 'managers' ? (await accountsOf(companyId, ['manager', 'dealer'])).map((a) => a.user.id) : reach.users;
    const unique = [...new Set(ids)];
    const found = await usersByIds(unique);
    out.set(
      receiver,
      unique.flatMap((uid) => {
        const u = found.get(uid);
        return u ? [{ userId: uid, name: u.name, mobile: u.mobile, values: reach.values }] : [];
      }),
    );
  }
  return out;
}

/**
 * The one way events produce messages: for each (channel, receiver) cell of `event` that is on in the company's
 * rules, an in-app message to each receiver's inbox or an SMS row in the outbox. Which students and users it is about
 * is decided now; their accounts, names and mobiles are read, and the rows written, in the request's transaction before it commits (`beforeCommit`: callers deep in synchronous
 * rules need not wait), in a savepoint, so an event never breaks the call that caused it, and a request that fails
 * sends nothing. Outside a request it writes at once and resolves to how many messages were produced.
 */
export function emit(db: Db, companyId: number, event: NotifyEvent, payload: EmitPayload): Promise<number> {
  if (isSeeding()) return Promise.resolve(0);
  let teacherUsers: number[];
  try {
    teacherUsers = [teacherUserOfClass(db, payload.classId)].filter((x): x is number => x !== undefined);
  } catch {
    return Promise.resolve(0);
  }
  let n = 0;
  const write = async () => {
    // The students as they are when the messages are written (before the request's commit), in the payload's order.
    const byId = new Map((await studentsByIds(db, companyId, payload.studentIds ?? [])).map((s) => [s.id, s]));
    const students = (payload.studentIds ?? []).map((id) => byId.get(id)).filter((s): s is Student => !!s);
    const plan = receiversOfEvent(event, payload, students, teacherUsers);
    const targets = targetsOf(await rulesOfCompany(companyId), event);
    const people = await reachOf(companyId, plan);
    const messages: NewMessage[] = [];
    const sms: Parameters<typeof logSms>[0] = [];
    for (const { channel, receiver } of targets) {
      for (const p of people.get(receiver) ?? []) {
        if (channel === 'inApp') {
          if (p.userId === undefined) continue;
          messages.push({ companyId, userId: p.userId, kind: 'event', event, title: '', text: '', values: p.values, studentName: p.studentName });
        } else {
          sms.push({ companyId, event, receiver, receiverName: p.name, mobile: p.mobile, values: p.values, ...(p.studentId !== undefined ? { studentId: p.studentId } : {}) });
        }
      }
    }
    await deliver(messages);
    await logSms(sms);
    n = messages.length + sms.length;
  };
  return beforeCommit(() => savepoint(write).catch(() => undefined)).then(() => n);
}

/**
 * Call after a record took hours from a count card: when the balance crosses the company's "running low" threshold
 * (the same rule as the dashboard and the receiver segments), emits `hoursLow`.
 */
export function afterDeduction(db: Db, card: { companyId: number; studentId: number; kind: string; templateName: string }, before: number, after: number): void {
  if (card.kind !== 'count') return;
  const settings = settingsOf(db, card.companyId);
  const th = settings.lowHoursThreshold;
  // Only when the student runs low over all their cards (`renewalState`): a student with another card is not low.
  if (before > th && after <= th && renewalState(db.studentCards.filter((c) => c.studentId === card.studentId), today(), settings).low) void emit(db, card.companyId, 'hoursLow', { studentIds: [card.studentId], values: { cardName: card.templateName, remainingHours: after } });
}

/** Owned leads still open (not converted, not invalid) whose next follow-up is `day`, in id order (the leads' table). */
async function followUpsDueOn(companyId: number, day: string): Promise<{ ownerId: number; name: string }[]> {
  const rows = await (await tx())
    .select({ ownerId: leads.ownerId, name: leads.name })
    .from(leads)
    .where(and(eq(leads.companyId, companyId), isNotNull(leads.ownerId), eq(leads.nextFollowUpAt, day), notInArray(leads.status, ['formal', 'invalid'])))
    .orderBy(asc(leads.id));
  return rows.map((r) => ({ ownerId: r.ownerId!, name: r.name }));
}

/** How many of a user's open leads are due for a follow-up by `day`. */
async function followUpsDueBy(companyId: number, userId: number, day: string): Promise<number> {
  const [{ n }] = await (await tx())
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.companyId, companyId), eq(leads.ownerId, userId), lte(leads.nextFollowUpAt, day), notInArray(leads.status, ['formal', 'invalid'])));
  return Number(n);
}

/**
 * The time-based events (lesson tomorrow, card reaching its expiry reminder, follow-up due today) of a company's
 * day, through `emit` like every other event. Once per company and day: the first caller to write the day's
 * `reminder_sweeps` row produces them (another server, or a second run, finds the row and does nothing). Run by the
 * server's timer (`startReminders`), never by a read. Resolves to whether this call produced them.
 */
export async function sweepReminders(db: Db, companyId: number, day = today()): Promise<boolean> {
  const won = await (await tx()).insert(reminderSweeps).values({ companyId, day, sweptAt: stampDate(nowStamp()) }).onConflictDoNothing().returning({ day: reminderSweeps.day });
  if (!won.length) return false;
  await loadSettings(companyId);
  // A lesson's teacher is found through its class (`teacherUserOfClass`).
  await loadSchoolRows(companyId);
  await loadStaffRows(companyId);
  const next = addDays(day, 1);
  const students = await loadCompanyStudents(db, companyId);
  (await loadCompanyLessons(companyId))
    .filter((l) => l.date === next && l.status !== 'cancelled')
    .forEach((l) => {
      const ids = students.filter((st) => st.classIds.includes(l.classId)).map((st) => st.id);
      if (ids.length) void emit(db, companyId, 'lessonReminder', { studentIds: ids, classId: l.classId, values: { className: l.className, lessonTime: `${l.date} ${l.start}` } });
    });
  const expiryDay = addDays(day, settingsOf(db, companyId).expiryReminderDays);
  (await usableCardsEnding(companyId, expiryDay, day)).forEach((c) => void emit(db, companyId, 'cardExpiring', { studentIds: [c.studentId], values: { cardName: c.templateName, expiryDate: c.expiryDate } }));
  const byOwner = new Map<number, string[]>();
  (await followUpsDueOn(companyId, day)).forEach((l) => byOwner.set(l.ownerId, [...(byOwner.get(l.ownerId) ?? []), l.name]));
  byOwner.forEach((names, ownerUserId) => void emit(db, companyId, 'followUpDue', { ownerUserId, values: { names: names.slice(0, 5).join('、'), count: names.length } }));
  return true;
}

/** Sweeps today's reminders of every company, each in its own transaction (one company's failure stops no other). */
export async function sweepAllReminders(db: Db): Promise<void> {
  for (const c of await allCompanies()) {
    await inTransaction(() => sweepReminders(db, c.id)).catch((e: unknown) => console.error(`reminders of company ${c.id}:`, e instanceof Error ? e.message : e));
  }
}

/** The server's reminder timer: at start, then every 10 minutes (a new day is swept in its first 10 minutes). */
export function startReminders(db: () => Db): () => void {
  void sweepAllReminders(db());
  const timer = setInterval(() => void sweepAllReminders(db()), 10 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

/* ---------------- access ---------------- */

/** Staff who run notifications (not parents: their flag only opens their inbox). */
export const notifyStaff = (a: Access) => a.serviceNotification && !a.isCustomer && !a.isPlatform;
const ruleManager = (_a: Access, s: Session) => ['dealer', 'manager'].includes(s.membership.role);

/** The company's matrix: its saved cells (writes upsert a cell of the caller's company, within this condition). */
export const rulePolicy = definePolicy<RuleCell>({
  name: 'notification rules',
  read: notifyStaff,
  write: ruleManager,
  where: (s) => eq(notifyRules.companyId, s.company.id),
});

/**
 * The SMS log a caller reads. Whoever sees every student and every lead (the dealer and managers with the company
 * scope) reads the company's whole log; anyone else (teachers, sales, a narrowed data scope) reads the SMS to parents
 * about students of their own student list, and the SMS sent to themselves. SMS to other staff name students or leads
 * in bulk and are not theirs to read.
 */
export function outboxScope(db: Db, s: Session): SQL {
  const company = eq(outbox.companyId, s.company.id);
  const students = visibleStudentIds(db, s);
  if (!students && seesAllLeads(s.membership.role) && !narrowsScope(db, s)) return company;
  const parents = students ? (students.size ? inArray(outbox.studentId, [...students]) : sql`false`) : sql`${outbox.studentId} is not null`;
  const own = s.user.mobile ? and(sql`${outbox.receiver} <> 'parent'`, eq(outbox.mobile, s.user.mobile)) : sql`false`;
  return and(company, or(and(eq(outbox.receiver, 'parent'), parents), own))!;
}

export const outboxPolicy = definePolicy<OutboxRow>({ name: 'SMS outbox', read: notifyStaff, where: (s, db) => outboxScope(db, s) });

/** A user's inbox in a company: the messages that have reached it (a scheduled notice's from its send time on). */
export function inboxOf(companyId: number, userId: number): SQL {
  return and(eq(inbox.companyId, companyId), eq(inbox.userId, userId), lte(inbox.createdAt, stampDate(nowStamp())))!;
}

/** Everyone's own inbox (parents included). */
export const inboxPolicy = definePolicy<InboxMessage>({
  name: 'inbox',
  read: 'everyone',
  write: 'everyone',
  where: (s) => inboxOf(s.company.id, s.user.id),
});

/** How many messages of a user's inbox are unread (all, or those `about` one matching condition). */
export async function unreadCount(companyId: number, userId: number, about?: SQL): Promise<number> {
  const [r] = await (await tx()).select({ n: count() }).from(inbox).where(and(inboxOf(companyId, userId), isNull(inbox.readAt), about));
  return r.n;
}

/* ---------------- seed ---------------- */

/** The demo parent (customer, 13800000008) of Starlight: two students running low and one more become their children. */
export function seedNotify(db: Db) {
  const parent = db.seedUsers.find((u) => u.username === 'customer');
  if (!parent) return;
  const t = today();
  const starlight = db.seedStudents.filter((s) => s.companyId === 2);
  const low = renewalCards(db.studentCards.filter((c) => c.companyId === 2), t, settingsOf(db, 2)).filter((c) => c.low);
  const lowIds = [...new Set(low.map((c) => c.studentId))].slice(0, 2);
  const other = starlight.find((s) => !low.some((c) => c.studentId === s.id) && s.status === 'active');
  const kids = [...lowIds.map((id) => starlight.find((s) => s.id === id)!), ...(other ? [other] : [])];
  kids.forEach((s) => {
    s.mobile = parent.mobile;
    s.parentName = parent.name;
  });
}

/** The results of the demo parent's children's last lessons that are over, sent when each ended (the first one read the next morning). */
export function parentInboxSeed(db: Db): NewMessage[] {
  const parent = db.seedUsers.find((u) => u.username === 'customer');
  if (!parent) return [];
  const now = nowStamp();
  const lessonsById = new Map(db.seedLessons.filter((l) => l.companyId === 2).map((l) => [l.id, l]));
  const rows: NewMessage[] = [];
  seedChildrenOf(db, 2, parent.mobile)
    .slice(0, 2)
    .forEach((s, i) => {
      const last = db.seedAttendances
        .filter((x) => x.studentId === s.id && x.mark === 'present')
        .map((x) => lessonsById.get(x.lessonId))
        .filter((l): l is NonNullable<typeof l> => !!l && `${l.date} ${l.end}:00` <= now)
        .sort((a, b) => `${b.date} ${b.end}`.localeCompare(`${a.date} ${a.end}`))[0];
      if (!last) return;
      const sent = `${last.date} ${last.end}:00`;
      const read = i === 0 ? notAfterNow(`${addDays(last.date, 1)} 09:30:00`) : undefined;
      rows.push({ companyId: 2, userId: parent.id, kind: 'event', event: 'rollCallResult', title: '', text: '', values: { studentName: s.name, className: last.className, status: 'present', date: last.date }, studentName: s.name, createdAt: sent, readAt: read && read > sent ? read : undefined });
    });
  return rows;
}

export const seedParentInbox: SqlSeeder = async (sql, db) => {
  const rows = parentInboxSeed(db);
  if (rows.length) await sql.insert(inbox).values(rows.map(inboxValues));
};

/* ---------------- calls ---------------- */

const InboxReadBody = z.object({ ids: ids(500, 0).optional(), all: z.boolean().optional() });

async function summaryOf(db: Db, s: Session): Promise<InboxSummary> {
  const unread = await unreadCount(s.company.id, s.user.id);
  const a = s.access;
  const isStaff = !a.isCustomer && !a.isPlatform;
  const pendingLeave = isStaff && (a.scheduleManagement || a.studentManagement) ? await pendingLeaveCount(s.company.id) : 0;
  const returnsToReview = isStaff && a.studentManagement && canReviewReturn(s.membership.role) ? await pendingReturnCount(s.company.id) : 0;
  const day = today();
  const followUpsDue = isStaff && a.customerCenter ? await followUpsDueBy(s.company.id, s.user.id, day) : 0;
  return { unread, pendingLeave, returnsToReview, followUpsDue };
}

const OUTBOX_LIST: SqlListSpec = {
  keyword: [outbox.receiverName, outbox.mobile],
  equal: { event: outbox.event },
  date: outbox.createdAt,
  sortable: { createdAt: outbox.createdAt },
  defaultSort: { field: 'createdAt', order: 'descend' },
  tiebreak: [desc(outbox.id)],
};
const INBOX_LIST: SqlListSpec = {
  keyword: [inbox.title, inbox.text, inbox.studentName],
  equal: { kind: inbox.kind },
  filters: { unread: (v) => (v === '1' ? isNull(inbox.readAt) : undefined) },
  sortable: { createdAt: inbox.createdAt },
  defaultSort: { field: 'id', order: 'descend', by: inbox.id },
  tiebreak: [desc(inbox.id)],
};

export const notifyHandlers = [
  api('get', '/v2/notify/rules', { read: rulePolicy }, async (ctx) => {
    const saved = await (await tx()).select().from(notifyRules).where(ctx.scope(rulePolicy));
    const rules = defaultRules().map((c) => ({ ...c, on: isRuleOn(saved, c.event, c.channel, c.receiver) }));
    return { rules, receivers: EVENT_RECEIVERS, canEdit: ruleManager(ctx.session.access, ctx.session) };
  }),

  api('put', '/v2/notify/rules', { write: rulePolicy, body: RuleBody }, async (ctx) => {
    const { event, channel, receiver, on } = ctx.body;
    if (!EVENT_RECEIVERS[event].includes(receiver as NotifyReceiver)) throw ctx.bad('notify.ruleMissing');
    const db = await tx();
    // What the cell was, for the audit log's before → after (issue 31); the row lock keeps two changes in order.
    const saved = await db.select().from(notifyRules).where(ctx.scope(rulePolicy)).for('update');
    const onBefore = isRuleOn(saved, event, channel, receiver);
    await db
      .insert(notifyRules)
      .values({ companyId: ctx.session.company.id, event, channel, receiver, on })
      .onConflictDoUpdate({ target: [notifyRules.companyId, notifyRules.event, notifyRules.channel, notifyRules.receiver], set: { on } });
    return { event, channel, receiver, on, onBefore, onAfter: on };
  }),

  api('get', '/v2/notify/outbox', { read: outboxPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), outbox, ctx.scope(outboxPolicy), ctx.query, OUTBOX_LIST, ctx.lang);
    return { list: page.list.map(smsOf), total: page.total };
  }),

  api('get', '/v2/inbox', { read: inboxPolicy }, async (ctx) => {
    const page = await sqlList(await tx(), inbox, ctx.scope(inboxPolicy), ctx.query, INBOX_LIST, ctx.lang);
    return { list: page.list.map(messageOf), total: page.total };
  }),

  api('get', '/v2/inbox/summary', { read: inboxPolicy }, (ctx) => summaryOf(ctx.db, ctx.session)),

  api('post', '/v2/inbox/read', { write: inboxPolicy, body: InboxReadBody }, async (ctx) => {
    const chosen = ctx.body.all ? undefined : inArray(inbox.id, ctx.body.ids ?? []);
    if (!ctx.body.all && !ctx.body.ids?.length) return { read: 0 };
    const done = await (await tx())
      .update(inbox)
      .set({ readAt: stampDate(nowStamp()) })
      .where(and(ctx.scope(inboxPolicy), isNull(inbox.readAt), chosen))
      .returning({ id: inbox.id });
    return { read: done.length };
  }),
];

/** Seed checks over the inboxes (mock/seedChecks.ts): a message read before it was sent. */
export async function inboxProblems(db: Database): Promise<string[]> {
  const rows = await db.select().from(inbox).where(sql`${inbox.readAt} < ${inbox.createdAt}`).orderBy(asc(inbox.id));
  return rows.map((m) => `inbox read ${stampOf(m.readAt!)} before sent ${stampOf(m.createdAt)}`);
}
