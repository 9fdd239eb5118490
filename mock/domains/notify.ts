/**
 * Notification rules, inboxes and the SMS outbox (docs/rules.md#notices-and-notifications): the ONE function `emit` through which the
 * product's events (roll call saved, leave reviewed, lead assigned, card running low, homework assigned) reach
 * people, as the company's rules matrix says (event × channel × receiver). In-app messages go to inboxes; SMS go to
 * an outbox log shown on /notify (no SMS is really sent). Notices (./notice.ts) deliver through `deliver` too.
 *
 * Parents: a student's parent account is the user whose mobile is the student's (parent's) mobile and who is a
 * `customer` of the student's company. The demo `customer` account is linked to some Starlight students by the seed.
 */
import type { Db } from '../db';
import { nextId, settingsOf } from '../db';
import { api, definePolicy, type Session } from '../http';
import { defineMessages } from '../messages';
import { listQuery } from '../list';
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
import { narrowsScope } from './dataScope';
import { ids, z } from '../../src/types/schema';

declare module '../db' {
  interface Db {
    /** Saved cells of the rules matrix (others take their default). */
    notifyRules: (RuleCell & { companyId: number })[];
    inbox: InboxMessage[];
    outbox: OutboxRow[];
    /** Companies and days whose time-based reminders were produced ("companyId:day"). */
    reminderSweeps: string[];
  }
}

defineMessages({
  'notify.ruleMissing': { en: 'This event does not reach that receiver.', zh: '该事件不通知此接收人。' },
  'notify.message': { en: 'Message', zh: '消息' },
});

/* ---------------- who receives ---------------- */

export const PARENT_ROLE = 'customer';

/** The parent account of a student (see the module comment), if any. */
export function parentUserOf(db: Db, student: Pick<Student, 'mobile' | 'companyId'>): number | undefined {
  const user = db.users.find((u) => u.mobile === student.mobile);
  if (!user) return undefined;
  return db.memberships.some((m) => m.userId === user.id && m.companyId === student.companyId && m.role === PARENT_ROLE) ? user.id : undefined;
}

/** The students whose parent account is `userId` in a company. */
export function childrenOf(db: Db, companyId: number, userId: number): Student[] {
  const user = db.users.find((u) => u.id === userId);
  if (!user) return [];
  return db.students.filter((s) => s.companyId === companyId && s.mobile === user.mobile);
}

function managersOf(db: Db, companyId: number): number[] {
  return db.memberships.filter((m) => m.companyId === companyId && (m.role === 'manager' || m.role === 'dealer')).map((m) => m.userId);
}

function teacherUserOfClass(db: Db, classId: number | undefined): number | undefined {
  const cls = classId === undefined ? undefined : db.classes.find((c) => c.id === classId);
  return cls ? db.staff.find((s) => s.id === cls.teacherId)?.userId : undefined;
}

/* ---------------- delivery ---------------- */

/** Puts a message in a user's inbox. */
export function deliver(db: Db, msg: Omit<InboxMessage, 'id' | 'createdAt'> & { createdAt?: string }): InboxMessage {
  const row: InboxMessage = { ...msg, id: nextId(db, 'inbox'), createdAt: msg.createdAt ?? nowStamp() };
  db.inbox.push(row);
  return row;
}

/** Logs one SMS (never really sent). */
export function logSms(db: Db, row: Omit<OutboxRow, 'id' | 'createdAt'> & { createdAt?: string }): void {
  db.outbox.push({ ...row, id: nextId(db, 'outbox'), createdAt: row.createdAt ?? nowStamp() });
}

export function rulesOfCompany(db: Db, companyId: number): RuleCell[] {
  return db.notifyRules.filter((r) => r.companyId === companyId);
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

/**
 * The one way events produce messages: for each (channel, receiver) cell of `event` that is on in the company's
 * rules, an in-app message to each receiver's inbox or an SMS row in the outbox. Never throws (an event must not
 * break the call that caused it); returns how many messages were produced.
 */
export function emit(db: Db, companyId: number, event: NotifyEvent, payload: EmitPayload): number {
  try {
    const targets = targetsOf(rulesOfCompany(db, companyId), event);
    if (!targets.length) return 0;
    let n = 0;
    const values = payload.values ?? {};
    const students = (payload.studentIds ?? []).map((id) => db.students.find((s) => s.id === id && s.companyId === companyId)).filter((s): s is Student => !!s);
    for (const { channel, receiver } of targets) {
      const people: { userId?: number; name: string; mobile: string; values: Record<string, string | number>; studentName?: string; studentId?: number }[] = [];
      if (receiver === 'parent') {
        students.forEach((st) => people.push({ userId: parentUserOf(db, st), name: st.parentName || st.name, mobile: st.mobile, studentName: st.name, studentId: st.id, values: { ...values, studentName: st.name, ...(payload.perStudent?.[st.id] ?? {}) } }));
      } else {
        let ids: number[] = [];
        if (receiver === 'manager') ids = managersOf(db, companyId);
        if (receiver === 'teacher') ids = [teacherUserOfClass(db, payload.classId)].filter((x): x is number => x !== undefined);
        if (receiver === 'leadOwner') ids = payload.ownerUserId === undefined ? [] : [payload.ownerUserId];
        const summary: Record<string, string | number> = students.length ? { studentName: students.map((s) => s.name).join('、'), count: students.length } : {};
        [...new Set(ids)].forEach((uid) => {
          const u = db.users.find((x) => x.id === uid);
          if (u) people.push({ userId: uid, name: u.name, mobile: u.mobile, values: { ...summary, ...values, ...(students.length === 1 ? payload.perStudent?.[students[0].id] ?? {} : {}) } });
        });
      }
      for (const p of people) {
        if (channel === 'inApp') {
          if (p.userId === undefined) continue;
          deliver(db, { companyId, userId: p.userId, kind: 'event', event, title: '', text: '', values: p.values, studentName: p.studentName });
        } else {
          logSms(db, { companyId, event, receiver, receiverName: p.name, mobile: p.mobile, values: p.values, ...(p.studentId !== undefined ? { studentId: p.studentId } : {}) });
        }
        n += 1;
      }
    }
    return n;
  } catch {
    return 0;
  }
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
  if (before > th && after <= th && renewalState(db.studentCards.filter((c) => c.studentId === card.studentId), today(), settings).low) emit(db, card.companyId, 'hoursLow', { studentIds: [card.studentId], values: { cardName: card.templateName, remainingHours: after } });
}

/**
 * The time-based events (lesson tomorrow, card reaching its expiry reminder, follow-up due today), produced once per
 * company and day, lazily (on the first inbox or outbox read of the day), through `emit` like every other event.
 */
export function sweepReminders(db: Db, companyId: number, day = today()) {
  db.reminderSweeps ??= [];
  const key = `${companyId}:${day}`;
  if (db.reminderSweeps.includes(key)) return;
  db.reminderSweeps.push(key);
  const tomorrow = new Date(`${day}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const next = tomorrow.toISOString().slice(0, 10);
  (db.lessons ?? [])
    .filter((l) => l.companyId === companyId && l.date === next && l.status !== 'cancelled')
    .forEach((l) => {
      const ids = db.students.filter((st) => st.companyId === companyId && st.classIds.includes(l.classId)).map((st) => st.id);
      if (ids.length) emit(db, companyId, 'lessonReminder', { studentIds: ids, classId: l.classId, values: { className: l.className, lessonTime: `${l.date} ${l.start}` } });
    });
  const days = settingsOf(db, companyId).expiryReminderDays;
  const due = new Date(`${day}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + days);
  const expiryDay = due.toISOString().slice(0, 10);
  db.studentCards
    .filter((c) => c.companyId === companyId && c.status === 'active' && c.expiryDate === expiryDay)
    .forEach((c) => emit(db, companyId, 'cardExpiring', { studentIds: [c.studentId], values: { cardName: c.templateName, expiryDate: c.expiryDate } }));
  const byOwner = new Map<number, string[]>();
  (db.leads ?? [])
    .filter((l) => l.companyId === companyId && l.ownerId !== undefined && l.nextFollowUpAt === day && l.status !== 'formal' && l.status !== 'invalid')
    .forEach((l) => byOwner.set(l.ownerId!, [...(byOwner.get(l.ownerId!) ?? []), l.name]));
  byOwner.forEach((names, ownerUserId) => emit(db, companyId, 'followUpDue', { ownerUserId, values: { names: names.slice(0, 5).join('、'), count: names.length } }));
}

/* ---------------- access ---------------- */

/** Staff who run notifications (not parents: their flag only opens their inbox). */
export const notifyStaff = (a: Access) => a.serviceNotification && !a.isCustomer && !a.isPlatform;
const ruleManager = (_a: Access, s: Session) => ['dealer', 'manager'].includes(s.membership.role);

export const rulePolicy = definePolicy<RuleCell>({
  name: 'notification rules',
  read: notifyStaff,
  write: ruleManager,
  rows: (db, s) => {
    const saved = rulesOfCompany(db, s.company.id);
    return defaultRules().map((c) => ({ ...c, on: isRuleOn(saved, c.event, c.channel, c.receiver) }));
  },
});

/**
 * The SMS log a caller reads. Whoever sees every student and every lead (the dealer and managers with the company
 * scope) reads the company's whole log; anyone else (teachers, sales, a narrowed data scope) reads the SMS to parents
 * about students of their own student list, and the SMS sent to themselves. SMS to other staff name students or leads
 * in bulk and are not theirs to read.
 */
export function outboxRows(db: Db, s: Session): OutboxRow[] {
  const all = db.outbox.filter((r) => r.companyId === s.company.id);
  const students = visibleStudentIds(db, s);
  if (!students && seesAllLeads(s.membership.role) && !narrowsScope(db, s)) return all;
  return all.filter((r) =>
    r.receiver === 'parent' ? r.studentId !== undefined && (!students || students.has(r.studentId)) : r.mobile !== '' && r.mobile === s.user.mobile,
  );
}

export const outboxPolicy = definePolicy<OutboxRow>({ name: 'SMS outbox', read: notifyStaff, rows: outboxRows });

/** Everyone's own inbox (parents included). */
export const inboxPolicy = definePolicy<InboxMessage>({
  name: 'inbox',
  read: 'everyone',
  write: 'everyone',
  rows: (db, s) => db.inbox.filter((m) => m.companyId === s.company.id && m.userId === s.user.id),
});

/* ---------------- seed ---------------- */

export function seedNotify(db: Db) {
  db.notifyRules = [];
  db.inbox = [];
  db.outbox = [];
  db.reminderSweeps = [];
  // The demo parent (customer, 13800000008) of Starlight: two students running low and one more.
  const parent = db.users.find((u) => u.username === 'customer');
  if (!parent) return;
  const t = today();
  const starlight = db.students.filter((s) => s.companyId === 2);
  const low = renewalCards(db.studentCards.filter((c) => c.companyId === 2), t, settingsOf(db, 2)).filter((c) => c.low);
  const lowIds = [...new Set(low.map((c) => c.studentId))].slice(0, 2);
  const other = starlight.find((s) => !low.some((c) => c.studentId === s.id) && s.status === 'active');
  const kids = [...lowIds.map((id) => starlight.find((s) => s.id === id)!), ...(other ? [other] : [])];
  kids.forEach((s) => {
    s.mobile = parent.mobile;
    s.parentName = parent.name;
  });
  // The result of the child's last lesson that is over, sent when it ended (never before the lesson, never after the clock).
  const now = nowStamp();
  const lessonsById = new Map(db.lessons.filter((l) => l.companyId === 2).map((l) => [l.id, l]));
  kids.slice(0, 2).forEach((s, i) => {
    const last = db.attendances
      .filter((x) => x.studentId === s.id && x.mark === 'present')
      .map((x) => lessonsById.get(x.lessonId))
      .filter((l): l is NonNullable<typeof l> => !!l && `${l.date} ${l.end}:00` <= now)
      .sort((a, b) => `${b.date} ${b.end}`.localeCompare(`${a.date} ${a.end}`))[0];
    if (!last) return;
    const sent = `${last.date} ${last.end}:00`;
    const read = i === 0 ? notAfterNow(`${addDays(last.date, 1)} 09:30:00`) : undefined;
    deliver(db, { companyId: 2, userId: parent.id, kind: 'event', event: 'rollCallResult', title: '', text: '', values: { studentName: s.name, className: last.className, status: 'present', date: last.date }, studentName: s.name, createdAt: sent, readAt: read && read > sent ? read : undefined });
  });
}

/* ---------------- calls ---------------- */

const InboxReadBody = z.object({ ids: ids(500, 0).optional(), all: z.boolean().optional() });

function summaryOf(db: Db, s: Session): InboxSummary {
  const unread = db.inbox.filter((m) => m.companyId === s.company.id && m.userId === s.user.id && !m.readAt).length;
  const a = s.access;
  const isStaff = !a.isCustomer && !a.isPlatform;
  const pendingLeave = isStaff && (a.scheduleManagement || a.studentManagement) ? (db.leaveRequests ?? []).filter((l) => l.companyId === s.company.id && l.status === 'pending').length : 0;
  const returnsToReview = isStaff && a.studentManagement && canReviewReturn(s.membership.role) ? (db.hourRecords ?? []).filter((r) => r.companyId === s.company.id && r.type === 'backing' && !r.reviewedAt).length : 0;
  const day = today();
  const followUpsDue = isStaff && a.customerCenter ? (db.leads ?? []).filter((l) => l.companyId === s.company.id && l.ownerId === s.user.id && l.nextFollowUpAt !== undefined && l.nextFollowUpAt <= day && l.status !== 'formal' && l.status !== 'invalid').length : 0;
  return { unread, pendingLeave, returnsToReview, followUpsDue };
}

export const notifyHandlers = [
  api('get', '/v2/notify/rules', { read: rulePolicy }, (ctx) => ({ rules: ctx.rows(rulePolicy), receivers: EVENT_RECEIVERS, canEdit: ruleManager(ctx.session.access, ctx.session) })),

  api('put', '/v2/notify/rules', { write: rulePolicy, body: RuleBody }, (ctx) => {
    const { event, channel, receiver, on } = ctx.body;
    if (!EVENT_RECEIVERS[event].includes(receiver as NotifyReceiver)) throw ctx.bad('notify.ruleMissing');
    const cid = ctx.session.company.id;
    const row = ctx.db.notifyRules.find((r) => r.companyId === cid && r.event === event && r.channel === channel && r.receiver === receiver);
    // What the cell was, for the audit log's before → after (issue 31).
    const onBefore = isRuleOn(ctx.db.notifyRules.filter((r) => r.companyId === cid), event, channel, receiver);
    if (row) row.on = on;
    else ctx.db.notifyRules.push({ companyId: cid, event, channel, receiver, on });
    return { event, channel, receiver, on, onBefore, onAfter: on };
  }),

  api('get', '/v2/notify/outbox', { read: outboxPolicy }, (ctx) => {
    sweepReminders(ctx.db, ctx.session.company.id);
    return listQuery(ctx.rows(outboxPolicy), ctx.query, { keywordFields: ['receiverName', 'mobile'], equalFields: ['event'], dateField: 'createdAt', sortable: ['createdAt'], defaultSort: { field: 'createdAt', order: 'descend' } }, ctx.lang);
  }),

  api('get', '/v2/inbox', { read: inboxPolicy }, (ctx) => {
    sweepReminders(ctx.db, ctx.session.company.id);
    return listQuery([...ctx.rows(inboxPolicy)].sort((a, b) => b.id - a.id), ctx.query, {
      keywordFields: ['title', 'text', 'studentName'],
      equalFields: ['kind'],
      filters: { unread: (m, v) => (v === '1' ? !m.readAt : true) },
      sortable: ['createdAt'],
    }, ctx.lang);
  }),

  api('get', '/v2/inbox/summary', { read: inboxPolicy }, (ctx) => {
    sweepReminders(ctx.db, ctx.session.company.id);
    return summaryOf(ctx.db, ctx.session);
  }),

  api('post', '/v2/inbox/read', { write: inboxPolicy, body: InboxReadBody }, (ctx) => {
    const mine = ctx.rows(inboxPolicy);
    const ids = ctx.body.all ? undefined : new Set(ctx.body.ids ?? []);
    const at = nowStamp();
    let n = 0;
    mine.forEach((m) => {
      if (!m.readAt && (!ids || ids.has(m.id))) {
        m.readAt = at;
        n += 1;
      }
    });
    return { read: n };
  }),
];
