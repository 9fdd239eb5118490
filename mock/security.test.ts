// @vitest-environment node
/**
 * Issue 8's findings, each reproduced against the handlers and now refused: side doors of option and overview
 * calls, writes without the owner check of their reads, impossible days, coerced numbers, wrong refusal messages,
 * and the session rules.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from './db';
import { handlers, handlersFor, resetDb } from './handlers';
import { call, loginToken } from './testing';
import { staffOfSession } from './domains/school';
import { today } from './clock';

beforeEach(() => {
  resetDb();
});

const userId = (username: string) => getDb().users.find((u) => u.username === username)!.id;
const staffIdOf = (username: string) => staffOfSession(getDb(), { user: { id: userId(username) } as never, company: { id: 2 } as never })!.id;

describe('options and overviews follow the scope of the list they mirror', () => {
  it('trial lead options: 403 for a teacher, only their own leads for sales', async () => {
    expect((await call('GET', '/v2/trial/lead_options', { token: await loginToken('teacher') })).status).toBe(403);
    const sales = await loginToken('sales');
    const mine = new Set(getDb().leads.filter((l) => l.companyId === 2 && l.ownerId === userId('sales')).map((l) => l.id));
    const other = getDb().leads.find((l) => l.companyId === 2 && l.ownerId !== undefined && l.ownerId !== userId('sales') && l.status === 'following')!;
    const all = (await call('GET', '/v2/trial/lead_options', { token: sales })).body.data as { value: number }[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((o) => mine.has(o.value))).toBe(true);
    const searched = (await call('GET', `/v2/trial/lead_options?keyword=${other.mobile}`, { token: sales })).body.data as unknown[];
    expect(searched).toEqual([]);
  });

  it('lesson overview and options: 403 for the parent account; options 403 for an expired company', async () => {
    const parent = await loginToken('customer');
    expect((await call('GET', '/v2/lesson/overview', { token: parent })).status).toBe(403);
    expect((await call('GET', '/v2/lesson/options', { token: parent })).status).toBe(403);
    const expired = await loginToken('maple');
    expect((await call('GET', '/v2/lesson/options', { token: expired })).status).toBe(403);
    // The dashboard calendar stays open to every role, with no lessons outside the schedule's scope.
    const month = today().slice(0, 7);
    expect((await call('GET', `/v2/lesson/calendar?month=${month}`, { token: parent })).body.data).toEqual({});
  });

  it('class options: a teacher picks only among their own classes', async () => {
    const teacher = await loginToken('teacher');
    const me = staffIdOf('teacher');
    const options = (await call('GET', '/v2/company_class/options?all=1', { token: teacher })).body.data as { value: number }[];
    const own = new Set(getDb().classes.filter((c) => c.teacherId === me).map((c) => c.id));
    expect(options.length).toBe(own.size);
    expect(options.every((o) => own.has(o.value))).toBe(true);
  });
});

describe('writes check the ownership of their reads', () => {
  it("sales cannot book a trial for, or change a trial of, another owner's lead", async () => {
    const sales = await loginToken('sales');
    const db = getDb();
    const other = db.leads.find((l) => l.companyId === 2 && l.ownerId !== undefined && l.ownerId !== userId('sales') && (l.status === 'following' || l.status === 'new'))!;
    const before = { trials: db.trials.length, status: other.status };
    const lesson = db.lessons.find((l) => l.companyId === 2 && l.date > today() && l.status === 'scheduled')!;
    const booked = await call('POST', '/v2/trial', { token: sales, body: { leadId: other.id, lessonId: lesson.id } });
    expect(booked.status).toBe(400);
    expect(db.trials.length).toBe(before.trials);
    expect(other.status).toBe(before.status);
    const trial = db.trials.find((t) => t.companyId === 2 && t.status === 'booked' && db.leads.some((l) => l.id === t.leadId && l.ownerId !== userId('sales')))!;
    const changed = await call('POST', '/v2/trial/status', { token: sales, body: { id: trial.id, status: 'cancelled' } });
    expect(changed.status).toBe(403);
    expect(trial.status).toBe('booked');
  });

  it('a teacher cancels only reservations of their own lessons', async () => {
    const db = getDb();
    const me = staffIdOf('teacher');
    const theirs = db.reservations.find((r) => r.status === 'booked' && db.lessons.find((l) => l.id === r.lessonId)?.teacherId !== me)!;
    expect(theirs).toBeDefined();
    const r = await call('POST', '/v2/reservation/cancel', { token: await loginToken('teacher'), body: { id: theirs.id } });
    expect(r.status).toBe(404);
    expect(theirs.status).toBe('booked');
  });
});

describe('impossible days are refused (400) on every date field, nothing stored', () => {
  const BAD = '2026-02-30';
  it('school, cards, schedule, trials and the customer center', async () => {
    const manager = await loginToken('manager');
    const db = getDb();
    const counts = () => [db.staff.length, db.classes.length, db.students.length, db.studentCards.length, db.lessons.length, db.trials.length, db.leads.length, db.followUps.length].join();
    const before = counts();
    const card = db.studentCards.find((c) => c.companyId === 2 && c.kind === 'count' && c.status === 'active')!;
    const lead = db.leads.find((l) => l.companyId === 2 && l.status === 'following')!;
    const cls = db.classes.find((c) => c.companyId === 2 && c.status === 'open')!;
    const student = db.students.find((s) => s.companyId === 2)!;
    const bad: [string, string, unknown][] = [
      ['POST', '/v2/company_staff', { name: 'X', mobile: '13911112222', role: 'teacher', campusId: 1, status: 'active', hireDate: BAD }],
      ['POST', '/v2/company_class', { campusId: cls.campusId, name: 'X', course: 'X', teacherId: cls.teacherId, roomId: cls.roomId, capacity: 1, hoursPerLesson: 1, startDate: BAD, endDate: '2026-12-31', status: 'open' }],
      ['POST', '/v2/company_class', { campusId: cls.campusId, name: 'X', course: 'X', teacherId: cls.teacherId, roomId: cls.roomId, capacity: 1, hoursPerLesson: 1, startDate: '2026-01-01', endDate: BAD, status: 'open' }],
      ['POST', '/v2/student', { campusId: 1, name: 'X', mobile: '13911112222', gender: 'male', birthday: BAD }],
      ['POST', '/v2/student_card/sell', { studentId: student.id, templateId: 1, amount: 100, method: 'cash', sellerId: 1, startDate: BAD }],
      ['POST', '/v2/student_card/renew', { cardId: card.id, hours: 1, amount: 1, method: 'cash', sellerId: 1, expiryDate: BAD }],
      ['POST', '/v2/lesson', { classId: cls.id, date: BAD, start: '10:00', end: '11:00' }],
      ['POST', '/v2/lesson/batch', { classId: cls.id, startDate: BAD, endDate: '2026-03-10', slots: [{ weekday: 1, start: '10:00', end: '11:00' }] }],
      ['POST', '/v2/trial', { leadName: 'X', mobile: '13911112223', date: BAD, start: '10:00', end: '11:00', teacherId: cls.teacherId }],
      ['POST', '/v2/customer', { name: 'X', mobile: '13911112224', campusId: 1, intention: 'A', source: 'phone', nextFollowUpAt: BAD }],
      ['PUT', '/v2/customer', { id: lead.id, nextFollowUpAt: BAD }],
      ['POST', '/v2/customer_follow_up', { leadId: lead.id, method: 'phone', content: 'x', nextFollowUpAt: BAD }],
      ['GET', `/v2/lesson/range?startDate=${BAD}&endDate=2026-03-01`, undefined],
      ['GET', `/v2/student?startDate=${BAD}`, undefined],
    ];
    for (const [method, path, body] of bad) {
      const r = await call(method, path, { token: manager, body });
      expect(r.status, `${method} ${path}`).toBe(400);
      expect(r.body.msg, `${method} ${path}`).toMatch(/date/i);
    }
    expect(counts()).toBe(before);
    expect(lead.nextFollowUpAt).not.toBe(BAD);
  });
});

describe('numbers are not coerced, arrays are arrays, refusals name the real cause', () => {
  it('card templates: "2", " " and a classIds that is no list are refused', async () => {
    const manager = await loginToken('manager');
    const base = { name: 'Strict', kind: 'count', hours: 10, price: 100, validDays: 30, classIds: [] as unknown };
    const n = getDb().cardTemplates.length;
    expect((await call('POST', '/v2/card_template', { token: manager, body: { ...base, price: '2' } })).body.msg).toBe('Price must be a number.');
    expect((await call('POST', '/v2/card_template', { token: manager, body: { ...base, price: ' ' } })).status).toBe(400);
    expect((await call('POST', '/v2/card_template', { token: manager, body: { ...base, hours: '10' } })).status).toBe(400);
    expect((await call('POST', '/v2/card_template', { token: manager, body: { ...base, classIds: 5 } })).body.msg).toBe('Applicable classes must be a list.');
    expect((await call('POST', '/v2/card_template', { token: manager, body: { ...base, price: 100.123 } })).body.msg).toBe('Price allows at most 2 decimals.');
    expect(getDb().cardTemplates.length).toBe(n);
    const card = getDb().studentCards.find((c) => c.companyId === 2 && c.status === 'active')!;
    expect((await call('POST', '/v2/student_card/sell', { token: manager, body: { studentId: card.studentId, templateId: 1, amount: ' ', method: 'cash', sellerId: 1, startDate: today() } })).status).toBe(400);
  });

  it('period cards refuse hour gifts and corrections', async () => {
    const manager = await loginToken('manager');
    const card = getDb().studentCards.find((c) => c.companyId === 2 && c.kind === 'period' && c.status === 'active')!;
    const records = getDb().hourRecords.length;
    const gift = await call('POST', '/v2/student_card/gift', { token: manager, body: { cardId: card.id, hours: 2 } });
    expect(gift.status).toBe(400);
    expect(gift.body.msg).toMatch(/period card/);
    const correct = await call('POST', '/v2/student_card/correct', { token: manager, body: { cardId: card.id, hours: -1, reason: 'x' } });
    expect(correct.body.msg).toMatch(/period card/);
    expect(getDb().hourRecords.length).toBe(records);
    expect(card.giftHours).toBe(0);
  });

  it('releasing a pool lead, reviewing a non-return record and a missing leave say what is wrong', async () => {
    const manager = await loginToken('manager');
    const pooled = getDb().leads.find((l) => l.companyId === 2 && l.ownerId === undefined && l.status !== 'formal')!;
    expect((await call('POST', '/v2/customer/release', { token: manager, body: { ids: [pooled.id] } })).body.msg).toBe(`Lead ${pooled.name} is already in the pool.`);
    const add = getDb().hourRecords.find((r) => r.companyId === 2 && r.type === 'add')!;
    const review = await call('POST', '/v2/student_card/review', { token: manager, body: { recordId: add.id, approve: true } });
    expect(review.status).toBe(400);
    expect(review.body.msg).toMatch(/not a return request/);
    const leave = await call('POST', '/v2/leave/approve', { token: manager, body: { id: 999999 } });
    expect(leave).toMatchObject({ status: 404, body: { msg: 'Leave request not found.' } });
  });
});

describe('sessions', () => {
  it('a password change ends the other sessions of the user, not the current one', async () => {
    const a = await loginToken('teacher');
    const b = await loginToken('teacher');
    const other = await loginToken('sales');
    expect((await call('POST', '/v2/user/password', { token: a, body: { oldPassword: 'teacher123', newPassword: 'teacher456' } })).status).toBe(200);
    expect((await call('GET', '/v2/user/info', { token: b })).status).toBe(401);
    expect((await call('GET', '/v2/user/info', { token: a })).status).toBe(200);
    expect((await call('GET', '/v2/user/info', { token: other })).status).toBe(200);
  });

  it('request-token and satoken must belong to the same session', async () => {
    const a = await loginToken('teacher');
    const b = await loginToken('sales');
    const satokenOfB = getDb().sessions.get(b)!.satoken;
    expect((await call('GET', '/v2/user/info', { token: a, headers: { satoken: satokenOfB } })).status).toBe(401);
    expect((await call('GET', '/v2/user/info', { token: a, headers: { satoken: '' } })).status).toBe(401);
    expect((await call('GET', '/v2/user/info', { token: a })).status).toBe(200);
  });

  it('at most 5 wrong passwords per account in 15 minutes, then a refusal with the wait, even for the right one', async () => {
    for (let i = 0; i < 4; i += 1) {
      expect((await call('POST', '/v2/user/login/password', { body: { username: 'dealer', password: 'wrong' } })).body.msg).toBe('Incorrect account or password.');
    }
    const fifth = await call('POST', '/v2/user/login/password', { body: { username: 'dealer', password: 'wrong' } });
    expect(fifth.body.msg).toBe('Too many wrong passwords or codes for this account. Try again in 15 minutes.');
    const right = await call('POST', '/v2/user/login/password', { body: { username: '13800000002', password: 'dealer123' } });
    expect(right.status).toBe(400);
    expect(right.body.msg).toMatch(/Try again in \d+ minute/);
    // The same account by SMS code is locked too; another account is not.
    expect((await call('POST', '/v2/user/login/sms', { body: { mobile: '13800000002', code: '123456' } })).body.msg).toMatch(/Try again in/);
    expect((await call('POST', '/v2/user/login/password', { body: { username: 'manager', password: 'manager123' } })).status).toBe(200);
    const zh = await call('POST', '/v2/user/login/password', { body: { username: 'dealer', password: 'dealer123' }, lang: 'zh-CN' });
    expect(zh.body.msg).toMatch(/分钟后再试/);
  });

  it('wrong SMS codes count as well', async () => {
    for (let i = 0; i < 5; i += 1) await call('POST', '/v2/user/login/sms', { body: { mobile: '13800000004', code: '000000' } });
    expect((await call('POST', '/v2/user/login/sms', { body: { mobile: '13800000004', code: '123456' } })).body.msg).toMatch(/Try again in/);
  });

  it('the SMS calls answer the same whether or not the mobile has an account', async () => {
    const known = await call('POST', '/api/send/sms', { body: { mobile: '13800000003', scene: 'login' } });
    const unknown = await call('POST', '/api/send/sms', { body: { mobile: '13912345678', scene: 'login' } });
    expect(unknown).toEqual(known);
    const knownLogin = await call('POST', '/v2/user/login/sms', { body: { mobile: '13800000003', code: '999999' } });
    const unknownLogin = await call('POST', '/v2/user/login/sms', { body: { mobile: '13912345678', code: '999999' } });
    expect(unknownLogin).toEqual(knownLogin);
  });

  it('the test reset exists only in the handlers of a test server', () => {
    const paths = (list: typeof handlers) => list.map((h) => String((h.info as { path?: unknown }).path ?? ''));
    expect(paths(handlers).some((p) => p.includes('__test__'))).toBe(false);
    expect(paths(handlersFor({ test: true })).some((p) => p.includes('__test__'))).toBe(true);
  });
});
