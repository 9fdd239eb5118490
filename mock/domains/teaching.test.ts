/** Homework, scores, notices, rules and inboxes through msw: scopes (403/404), state rules, snapshots, emit. */
import { allLeads, allLeaveRequests, allStaff, allStudents, authHeaders, classesIn, inRequest, rowsOf, studentsIn, userNamed } from '../testing';
import { homework, inbox, notices, outbox, reminderSweeps, scores } from '../../server/db/schema';
import { addDays, today } from '../clock';
import { inTransaction } from '../../server/db';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb, resetDb } from '../db';
import type { ListResult } from '../../src/types/api';
import type { Exam, Homework, ScoreSheet, Submission } from '../../src/types/teaching';
import type { InboxMessage, Notice, NoticeReceiver } from '../../src/types/notice';
import { emit, sweepReminders } from './notify';
import { appendHourRecord } from './ledger';

const BASE = 'http://localhost';
const PASSWORDS: Record<string, string> = { manager: 'manager123', dealer: 'dealer123', teacher: 'teacher123', sales: 'sales123', customer: 'customer123', admin: 'admin123' };

async function login(username: string): Promise<string> {
  const res = await fetch(`${BASE}/v2/user/login/password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: PASSWORDS[username] }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: T; msg?: string }> {
  const res = await fetch(`${BASE}${path}`, { method, headers: { ...(await authHeaders(token)), 'content-type': 'application/json', 'accept-language': 'en-US' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { data: T; msg?: string };
  return { status: res.status, data: json.data, msg: json.msg };
}

beforeEach(() => {
  resetDb();
});

async function teacherClasses() {
  const students = await allStudents();
  const me = (await allStaff()).find((s) => s.userId === 4)!;
  const all = await classesIn(2);
  const own = all.filter((c) => c.teacherId === me.id && students.some((s) => s.classIds.includes(c.id)));
  const other = all.find((c) => c.teacherId !== me.id)!;
  return { own, other };
}

describe('homework', () => {
  it('a teacher assigns to an own class only; checks, rejects; deleting with checked submissions is refused', async () => {
    const teacher = await login('teacher');
    const { own, other } = await teacherClasses();
    const due = new Date(Date.now() + 5 * 86400000).toISOString().slice(0, 10);
    const refused = await call(teacher, 'POST', '/v2/homework', { classId: other.id, title: '练习', content: '压腿', dueDate: due });
    expect(refused.status).toBe(404);
    const bad = await call(teacher, 'POST', '/v2/homework', { classId: own[0].id, title: ' ', content: '压腿', dueDate: due });
    expect(bad.status).toBe(400);
    const ok = await call<Homework>(teacher, 'POST', '/v2/homework', { classId: own[0].id, title: '<b>练习</b>', content: '压腿 15 分钟', dueDate: due });
    expect(ok.status).toBe(200);
    expect(ok.data.counts.pending).toBe(ok.data.counts.total);
    const subs = await call<ListResult<Submission> & { canCheck: boolean }>(teacher, 'GET', `/v2/homework/${ok.data.id}/submissions?pageSize=50`);
    expect(subs.data.canCheck).toBe(true);
    const [a, b] = subs.data.list;
    expect((await call(teacher, 'POST', '/v2/homework/submission/check', { id: a.id, stars: 5 })).status).toBe(400); // not submitted yet
    await call(teacher, 'POST', '/v2/homework/submission/submit', { id: a.id, text: '已完成' });
    await call(teacher, 'POST', '/v2/homework/submission/submit', { id: b.id, text: '完成一半' });
    expect((await call(teacher, 'POST', '/v2/homework/submission/check', { id: a.id, stars: 6 })).status).toBe(400);
    const checked = await call<Submission>(teacher, 'POST', '/v2/homework/submission/check', { id: a.id, stars: 4, comment: '很好' });
    expect(checked.data).toMatchObject({ status: 'checked', stars: 4, comment: '很好' });
    const rejected = await call<Submission>(teacher, 'POST', '/v2/homework/submission/reject', { id: b.id, reason: '不完整' });
    expect(rejected.data).toMatchObject({ status: 'rejected', rejectReason: '不完整' });
    const del = await call(teacher, 'DELETE', `/v2/homework/${ok.data.id}`);
    expect(del.status).toBe(400);
    expect(del.msg).toMatch(/1 checked submission/);
    // Another teacher's class's homework is outside the teacher's scope.
    const foreign = (await rowsOf(homework)).find((h) => h.classId === other.id);
    if (foreign) expect((await call(teacher, 'DELETE', `/v2/homework/${foreign.id}`)).status).toBe(404);
    // Sales read but never write.
    const sales = await login('sales');
    expect((await call(sales, 'GET', '/v2/homework')).status).toBe(200);
    expect((await call(sales, 'POST', '/v2/homework', { classId: own[0].id, title: 'x', content: 'y', dueDate: due })).status).toBe(403);
    expect((await call(sales, 'POST', '/v2/homework/submission/check', { id: b.id, stars: 3 })).status).toBe(403);
  });
});

describe('scores', () => {
  it('bounds per subject; statistics exclude the absent; all or nothing', async () => {
    const teacher = await login('teacher');
    const { own } = await teacherClasses();
    const exam = await call<Exam>(teacher, 'POST', '/v2/exam', { classId: own[0].id, name: '期中考核', date: '2026-05-01', subjects: [{ name: '基本功', fullMark: 100 }] });
    expect(exam.status).toBe(200);
    const sheet = await call<ScoreSheet>(teacher, 'GET', `/v2/exam/${exam.data.id}/sheet`);
    const ids = sheet.data.rows.map((r) => r.studentId);
    expect(ids.length).toBeGreaterThan(2);
    const over = await call(teacher, 'POST', '/v2/exam/scores', { examId: exam.data.id, entries: [{ studentId: ids[0], subject: '基本功', score: 90, absent: false }, { studentId: ids[1], subject: '基本功', score: 101, absent: false }] });
    expect(over.status).toBe(400);
    expect((await rowsOf(scores)).filter((s) => s.examId === exam.data.id)).toHaveLength(0);
    const saved = await call<ScoreSheet>(teacher, 'POST', '/v2/exam/scores', {
      examId: exam.data.id,
      entries: [
        { studentId: ids[0], subject: '基本功', score: 90, absent: false },
        { studentId: ids[1], subject: '基本功', score: 50, absent: false },
        { studentId: ids[2], subject: '基本功', score: null, absent: true },
      ],
    });
    expect(saved.data.stats[0]).toMatchObject({ count: 2, absent: 1, average: 70, highest: 90, lowest: 50, passRate: 50 });
  });
});

describe('notices, inboxes and rules', () => {
  it('low-hours receivers equal the dashboard list; the parent reads; read count rises', async () => {
    const dealer = await login('dealer');
    const low = await call<ListResult<{ studentId: number }>>(dealer, 'GET', '/v2/student_card/renew_remind?reason=low&pageSize=200');
    const rec = await call<{ total: number; list: { studentId: number }[]; preview?: string }>(dealer, 'POST', '/v2/notice/receivers', { segment: 'low', text: '{studentName} 剩余 {remainingHours} 课时' });
    expect(rec.data.total).toBe(new Set(low.data.list.map((c) => c.studentId)).size);
    expect(rec.data.preview).toMatch(/剩余 \d/);
    expect((await call(dealer, 'POST', '/v2/notice/receivers', { segment: 'low', text: '{nope}' })).status).toBe(400);
    const sent = await call<Notice>(dealer, 'POST', '/v2/notice', { segment: 'low', title: '续费提醒', text: '{studentName}家长您好，剩余 {remainingHours} 课时' });
    expect(sent.data).toMatchObject({ status: 'sent', receiverCount: rec.data.total, readCount: 0 });
    const customer = await login('customer');
    const inbox = await call<ListResult<InboxMessage>>(customer, 'GET', '/v2/inbox?kind=notice');
    const mine = inbox.data.list.filter((m) => m.noticeId === sent.data.id);
    expect(mine.length).toBeGreaterThanOrEqual(1);
    await call(customer, 'POST', '/v2/inbox/read', { ids: mine.map((m) => m.id) });
    const detail = await call<{ notice: Notice; receivers: NoticeReceiver[] }>(dealer, 'GET', `/v2/notice/${sent.data.id}`);
    expect(detail.data.notice.readCount).toBe(mine.length);
    // Parents and teachers without the staff side cannot send.
    expect((await call(customer, 'POST', '/v2/notice', { segment: 'all', title: 'x', text: 'y' })).status).toBe(403);
  });

  it('a scheduled notice reaches the inbox at its send time, with no write: until then it is scheduled and not shown', async () => {
    const dealer = await login('dealer');
    const customer = await login('customer');
    const at = new Date(Date.now() + 5 * 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    const sendAt = `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())} ${p(at.getHours())}:${p(at.getMinutes())}`;
    const sent = await call<Notice>(dealer, 'POST', '/v2/notice', { segment: 'low', title: '稍后发送', text: '{studentName}家长您好', sendAt });
    expect(sent.status).toBe(200);
    expect(sent.data.status).toBe('scheduled');
    const listed = await call<ListResult<Notice>>(dealer, 'GET', '/v2/notice?status=scheduled');
    expect(listed.data.list.map((n) => n.id)).toContain(sent.data.id);
    expect((await call<ListResult<Notice>>(dealer, 'GET', '/v2/notice?status=sent')).data.list.map((n) => n.id)).not.toContain(sent.data.id);
    const written = (await rowsOf(inbox)).filter((m) => m.noticeId === sent.data.id);
    expect(written.length).toBeGreaterThan(0);
    const shown = await call<ListResult<InboxMessage>>(customer, 'GET', '/v2/inbox?kind=notice&pageSize=100');
    expect(shown.data.list.filter((m) => m.noticeId === sent.data.id)).toEqual([]);
    const unreadBefore = (await call<{ unread: number }>(customer, 'GET', '/v2/inbox/summary')).data.unread;
    // Ten minutes later (the clock, not a write): the messages are there, the notice is sent, and nothing was written by the reads.
    const later = new Date(Date.now() + 10 * 60_000);
    vi.useFakeTimers({ toFake: ['Date'], now: later });
    try {
      const after = await call<ListResult<InboxMessage>>(customer, 'GET', '/v2/inbox?kind=notice&pageSize=100');
      expect(after.data.list.filter((m) => m.noticeId === sent.data.id).length).toBe(written.length);
      expect((await call<{ unread: number }>(customer, 'GET', '/v2/inbox/summary')).data.unread).toBe(unreadBefore + written.length);
      expect((await call<{ notice: Notice }>(dealer, 'GET', `/v2/notice/${sent.data.id}`)).data.notice.status).toBe('sent');
      expect((await rowsOf(inbox)).filter((m) => m.noticeId === sent.data.id)).toEqual(written);
    } finally {
      vi.useRealTimers();
    }
    expect((await rowsOf(notices)).length).toBe(2);
  });

  it("reminders are produced once per company and day, by the sweep (never by a read)", async () => {
    const db = getDb();
    const customer = await login('customer');
    const before = (await rowsOf(inbox)).length + (await rowsOf(outbox)).length;
    await call(customer, 'GET', '/v2/inbox');
    await call(customer, 'GET', '/v2/inbox/summary');
    expect((await rowsOf(inbox)).length + (await rowsOf(outbox)).length).toBe(before);
    expect(await rowsOf(reminderSweeps)).toEqual([]);
    expect(await inTransaction(() => sweepReminders(db, 2))).toBe(true);
    const produced = (await rowsOf(inbox)).length + (await rowsOf(outbox)).length;
    expect(produced).toBeGreaterThan(before);
    expect(await inTransaction(() => sweepReminders(db, 2))).toBe(false);
    expect((await rowsOf(inbox)).length + (await rowsOf(outbox)).length).toBe(produced);
    expect((await rowsOf(reminderSweeps)).map((r) => r.companyId)).toEqual([2]);
  });

  it('emit follows the rules matrix; a cell switched off stops producing', async () => {
    const dealer = await login('dealer');
    const db = getDb();
    const kid = (await studentsIn(2)).find((s) => s.mobile === '13800000008')!;
    const before = (await rowsOf(inbox)).length;
    expect(await emit(db, 2, 'rollCallResult', { studentIds: [kid.id], values: { status: 'present' } })).toBeGreaterThan(0);
    expect((await rowsOf(inbox)).length).toBeGreaterThan(before);
    expect((await call(dealer, 'PUT', '/v2/notify/rules', { event: 'rollCallResult', channel: 'inApp', receiver: 'parent', on: false })).status).toBe(200);
    expect((await call(dealer, 'PUT', '/v2/notify/rules', { event: 'rollCallResult', channel: 'inApp', receiver: 'manager', on: false })).status).toBe(200);
    expect(await emit(db, 2, 'rollCallResult', { studentIds: [kid.id] })).toBe(0);
    expect((await call(dealer, 'PUT', '/v2/notify/rules', { event: 'rollCallResult', channel: 'sms', receiver: 'leadOwner', on: true })).status).toBe(400);
    const teacher = await login('teacher');
    expect((await call(teacher, 'PUT', '/v2/notify/rules', { event: 'rollCallResult', channel: 'inApp', receiver: 'parent', on: true })).status).toBe(403);
  });

  it('templates refuse unknown variables; bulletins: platform writes, others read; feedback screenshots are images only', async () => {
    const dealer = await login('dealer');
    const bad = await call(dealer, 'POST', '/v2/message_template', { name: 'x', scene: 'general', text: 'Hi {teacherPhone}' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/teacherPhone/);
    expect((await call(dealer, 'POST', '/v2/system_bulletin', { title: 't', body: 'b', startDate: '2026-01-01', endDate: '2026-12-31', pinned: false })).status).toBe(403);
    const admin = await login('admin');
    const today = new Date().toISOString().slice(0, 10);
    expect((await call(admin, 'POST', '/v2/system_bulletin', { title: '新公告', body: '<script>x</script>', startDate: today, endDate: '2049-12-31', pinned: false })).status).toBe(200);
    const unread = await call<{ id: number; title: string }>(dealer, 'GET', '/v2/system_bulletin/unread');
    expect(unread.data.title).toBe('新公告');
    await call(dealer, 'POST', '/v2/system_bulletin/read', { id: unread.data.id });
    expect((await call(dealer, 'GET', '/v2/system_bulletin/unread')).data).toBeNull();
    const html = await call(dealer, 'POST', '/v2/feedback', { category: 'bug', text: 'x', screenshot: 'data:text/html;base64,PGI+' });
    expect(html.status).toBe(400);
    expect(html.msg).toMatch(/PNG, JPEG/);
  });

  it('existing events reach people through emit: leave reviewed, lead assigned, card running low after a deduction', async () => {
    const db = getDb();
    const manager = await login('manager');
    // Leave reviewed: with the SMS cell on, the parent gets an SMS (logged in the outbox).
    await call(manager, 'PUT', '/v2/notify/rules', { event: 'leaveReviewed', channel: 'sms', receiver: 'parent', on: true });
    const leave = (await allLeaveRequests()).find((l) => l.companyId === 2 && l.status === 'pending')!;
    const newer = async <T extends { id: number }>(rows: Promise<T[]>, after: number) => (await rows).filter((r) => r.id > after);
    const last = async (rows: Promise<{ id: number }[]>) => Math.max(0, ...(await rows).map((r) => r.id));
    const before = await last(rowsOf(outbox));
    expect((await call(manager, 'POST', '/v2/leave/approve', { id: leave.id })).status).toBe(200);
    expect((await newer(rowsOf(outbox), before)).some((r) => r.event === 'leaveReviewed' && r.receiver === 'parent' && r.values.decision === 'approved')).toBe(true);
    // Lead assigned: the new owner gets an in-app message.
    const pool = (await allLeads()).filter((l) => l.companyId === 2 && l.ownerId === undefined && l.status !== 'formal' && l.status !== 'invalid').slice(0, 2);
    const sales = await userNamed('sales');
    const b2 = await last(rowsOf(inbox));
    expect((await call(manager, 'POST', '/v2/customer/distribute', { ids: pool.map((l) => l.id), ownerId: sales.id })).status).toBe(200);
    expect((await newer(rowsOf(inbox), b2)).some((m) => m.event === 'leadAssigned' && m.userId === sales.id && m.values?.count === 2)).toBe(true);
    // A deduction that crosses the "running low" threshold (3 h) logs an SMS to the parent (default rule).
    // A student with this one usable card (another card would keep them from running low).
    const only = (c: { id: number; studentId: number }) => !db.studentCards.some((o) => o.studentId === c.studentId && o.id !== c.id && o.status === 'active');
    const card = db.studentCards.find((c) => c.companyId === 2 && c.kind === 'count' && c.status === 'active' && c.remainingHours >= 4.5 && c.remainingHours <= 6 && c.expiryDate > addDays(today(), 60) && only(c))
      ?? db.studentCards.find((c) => c.companyId === 2 && c.kind === 'count' && c.status === 'active' && c.remainingHours > 4 && only(c))!;
    const b3 = await last(rowsOf(outbox));
    // Inside a request's transaction, as the calls run it: the SMS is written before the commit.
    await inRequest(2, async () => {
      appendHourRecord(db, { cardId: card.id, type: 'diy', hours: Math.round((card.remainingHours - 2) * 10) / 10, reason: '测试扣课', operator: { id: 1, name: '陈嘉怡' } });
    });
    expect((await newer(rowsOf(outbox), b3)).some((r) => r.event === 'hoursLow' && r.receiver === 'parent')).toBe(true);
    // Switched off, the same event produces nothing.
    await call(manager, 'PUT', '/v2/notify/rules', { event: 'leadAssigned', channel: 'inApp', receiver: 'leadOwner', on: false });
    await call(manager, 'PUT', '/v2/notify/rules', { event: 'leadAssigned', channel: 'inApp', receiver: 'manager', on: false });
    const more = (await allLeads()).filter((l) => l.companyId === 2 && l.ownerId === undefined && l.status !== 'formal' && l.status !== 'invalid').slice(0, 1);
    const b4 = await last(rowsOf(inbox));
    await call(manager, 'POST', '/v2/customer/distribute', { ids: more.map((l) => l.id), ownerId: sales.id });
    expect((await newer(rowsOf(inbox), b4)).filter((m) => m.event === 'leadAssigned')).toHaveLength(0);
  });
});
