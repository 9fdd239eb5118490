/**
 * Arrears (issue 30 item 2, docs/rules.md#arrears) against the mock backend: a roll call without usable hours creates an
 * item (no hour record), counted by the summary; a sale settles the open items oldest first as the card's first
 * consumption; a write-off needs a reason and is logged; the undo of a roll call removes its open items; a past
 * lesson's roll call shows the card state of its own records.
 */
import { auditEntries } from './audit';
import { beforeEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { getDb, resetDb } from '../db';
import '../handlers';
import { today } from '../clock';
import { allAttendances, call, classesIn, lessonsIn, loginToken, allCardTemplates, allStaff, allStudents, studentsIn, allArrears } from '../testing';
import { classHourPrice } from '../../src/domain/arrears';

beforeEach(() => {
  resetDb();
});

const sellerId = async () => (await allStaff()).find((s) => s.companyId === 2 && s.status === 'active' && ['dealer', 'manager', 'sales'].includes(s.role))!.id;
const usable = (studentId: number) => getDb().studentCards.some((c) => c.studentId === studentId && c.status === 'active');

/**
 * Today's lesson of the demo company with an enrolled student who holds no card at all, and that student; one who
 * already owes a lesson of the seed when there is one (so that settlement order can be seen).
 */
async function lessonWithoutCard() {
  const db = getDb();
  const everyone = await allStudents();
  const owing = new Set((await allArrears()).filter((a) => a.status === 'open').map((a) => a.studentId));
  for (const preferOwing of [true, false]) {
    for (const l of (await lessonsIn(2)).filter((x) => x.companyId === 2 && x.date === today() && x.status === 'scheduled' && !x.rollCalledAt)) {
      const st = everyone.find((s) => s.status === 'active' && s.classIds.includes(l.classId) && !db.studentCards.some((c) => c.studentId === s.id) && (!preferOwing || owing.has(s.id)));
      if (st) return { lesson: l, student: st };
    }
  }
  throw new Error('no lesson with a student without card');
}

describe('arrears', () => {
  it('the seed holds no failed-deduction record: each became an open arrears item, those of students with a card too', async () => {
    const db = getDb();
    const templates = await allCardTemplates();
    expect(db.hourRecords.some((r) => r.type === 'fail')).toBe(false);
    const open = (await allArrears()).filter((a) => a.companyId === 2 && a.status === 'open');
    expect(open.length).toBeGreaterThan(10);
    expect(open.some((a) => a.reason === 'notEnough' && a.cardId !== undefined)).toBe(true);
    for (const a of open) expect(a.value).toBe(Math.round(a.hours * classHourPrice(templates.filter((t) => t.companyId === 2), a.classId) * 100) / 100);
  });

  it('a roll call without a card creates an item, the sale settles it as the card first consumption, and the undo of a roll call removes open items', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const { lesson, student } = await lessonWithoutCard();
    const records = db.hourRecords.length;
    const before = (await call('GET', '/v2/arrears/summary', { token })).body.data;
    const rc = await call('POST', '/v2/lesson/roll_call', { token, body: { lessonId: lesson.id, marks: [{ studentId: student.id, mark: 'present' }] } });
    expect(rc.status).toBe(200);
    expect(rc.body.data.failed).toEqual([{ studentId: student.id, studentName: student.name, reason: 'noCard' }]);
    expect(db.hourRecords.length).toBe(records);
    const list = await call('GET', `/v2/arrears?studentId=${student.id}&lessonId=${lesson.id}&status=open`, { token });
    expect(list.body.data.total).toBe(1);
    const item = list.body.data.list[0];
    expect(item).toMatchObject({ lessonId: lesson.id, lessonDate: lesson.date, classId: lesson.classId, hours: lesson.hours, status: 'open', reason: 'noCard', campusId: student.campusId });
    const after = (await call('GET', '/v2/arrears/summary', { token })).body.data;
    expect(after.open).toBe(before.open + 1);
    expect(Math.round((after.value - before.value) * 100)).toBe(Math.round(item.value * 100));

    // The roll-call view of the lesson: the line shows its arrears, not today's card (none).
    const view = (await call('GET', `/v2/lesson/${lesson.id}/roll_call`, { token })).body.data;
    expect(view.students.find((s: { studentId: number }) => s.studentId === student.id).arrears).toMatchObject({ id: item.id, status: 'open' });

    // The student's open items (earlier lessons of the seed too), oldest first: a large card settles them all.
    const open = (await call('GET', `/v2/arrears?studentId=${student.id}&status=open&pageSize=100&sortField=lessonDate&sortOrder=ascend`, { token })).body.data.list as { id: number; hours: number; lessonDate: string }[];
    expect(open.length).toBeGreaterThan(1);
    expect(open[open.length - 1].id).toBe(item.id);
    const owed = Math.round(open.reduce((s, a) => s + a.hours * 10, 0)) / 10;
    const tpl = (await allCardTemplates()).filter((t) => t.companyId === 2 && t.onSale && t.kind === 'count' && t.classIds.length === 0).sort((a, b) => b.hours - a.hours)[0];
    expect(tpl.hours).toBeGreaterThan(owed);
    const sale = await call('POST', '/v2/student_card/sell', { token, body: { studentId: student.id, templateId: tpl.id, amount: tpl.price, method: 'cash', sellerId: await sellerId(), startDate: today() } });
    expect(sale.status).toBe(200);
    const settled = sale.body.data.arrears;
    expect(settled.items.map((i: { id: number }) => i.id)).toEqual(open.map((a) => a.id));
    const card = sale.body.data.card;
    const total = tpl.hours + tpl.giftHours;
    expect(settled.hours).toBe(owed);
    expect(settled.hoursAfter).toBe(Math.round((total - owed) * 10) / 10);
    expect(card.remainingHours).toBe(settled.hoursAfter);
    const recs = db.hourRecords.filter((r) => r.cardId === card.id);
    expect(recs.map((r) => r.type)).toEqual(['add', ...(tpl.giftHours ? ['give'] : []), ...open.map(() => 'reduce')]);
    expect(recs.filter((r) => r.type === 'reduce').map((r) => r.createdAt.slice(0, 10))).toEqual(open.map(() => today()));
    const reduce = recs.find((r) => r.lessonId === lesson.id)!;
    expect(reduce.hours).toBe(-item.hours);
    // Valued by the ledger at the card's unit price (its value pool: within a cent of hours × unit price).
    expect(Math.abs(reduce.amount + item.hours * card.unitPrice)).toBeLessThanOrEqual(0.011);
    expect(settled.items.find((i: { id: number }) => i.id === item.id).amount).toBe(-reduce.amount);
    expect((await allArrears()).find((a) => a.id === item.id)).toMatchObject({ status: 'settled', settledCardId: card.id, settledRecordId: reduce.id });
    expect((await call('GET', '/v2/arrears/summary', { token })).body.data.open).toBe(after.open - open.length);

    // Undo the roll call: the settled item gives its hours back to the card and is cancelled.
    const undo = await call('POST', '/v2/lesson/roll_call/undo', { token, body: { lessonId: lesson.id } });
    expect(undo.status).toBe(200);
    expect((await allArrears()).find((a) => a.id === item.id)?.status).toBe('cancelled');
    expect(db.studentCards.find((c) => c.id === card.id)?.remainingHours).toBe(Math.round((settled.hoursAfter + item.hours) * 10) / 10);
  });

  it('the undo of a roll call removes its open items', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const { lesson, student } = await lessonWithoutCard();
    await call('POST', '/v2/lesson/roll_call', { token, body: { lessonId: lesson.id, marks: [{ studentId: student.id, mark: 'present' }] } });
    expect((await allArrears()).filter((a) => a.lessonId === lesson.id)).toHaveLength(1);
    await call('POST', '/v2/lesson/roll_call/undo', { token, body: { lessonId: lesson.id } });
    expect((await allArrears()).filter((a) => a.lessonId === lesson.id)).toHaveLength(0);
  });

  it('lists by campus, status and date range, paged, in the student list\'s scope', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const all = (await call('GET', '/v2/arrears?status=open&pageSize=5', { token })).body.data;
    expect(all.list).toHaveLength(5);
    const campuses = [...new Set((await studentsIn(2)).map((s) => s.campusId))];
    let sum = 0;
    for (const c of campuses) {
      const page = (await call('GET', `/v2/arrears?status=open&campusId=${c}&pageSize=100`, { token })).body.data;
      expect(page.list.every((r: { campusId: number }) => r.campusId === c)).toBe(true);
      expect((await call('GET', `/v2/arrears/summary?campusId=${c}`, { token })).body.data.open).toBe(page.total);
      sum += page.total;
    }
    expect(sum).toBe(all.total);
    const day = all.list[0].lessonDate;
    const ranged = (await call('GET', `/v2/arrears?startDate=${day}&endDate=${day}&pageSize=100`, { token })).body.data;
    expect(ranged.total).toBeGreaterThan(0);
    expect(ranged.list.every((r: { lessonDate: string }) => r.lessonDate === day)).toBe(true);
    // A teacher: only the students of her classes (the student list's scope, studentRows).
    const me = (await allStaff()).find((s) => s.companyId === 2 && s.userId === 4)!;
    const mine = new Set((await classesIn(2)).filter((c) => c.teacherId === me.id).map((c) => c.id));
    const tp = (await call('GET', '/v2/arrears?pageSize=100', { token: await loginToken('teacher') })).body.data;
    expect(tp.total).toBeLessThan(all.total);
    const everyone = await allStudents();
    for (const r of tp.list as { studentId: number }[]) expect(everyone.find((s) => s.id === r.studentId)!.classIds.some((id) => mine.has(id))).toBe(true);
  });

  it('a write-off needs a reason (400 naming it), is logged, and only once', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    const item = (await allArrears()).find((a) => a.companyId === 2 && a.status === 'open')!;
    const bad = await call('POST', '/v2/arrears/write_off', { token, body: { id: item.id, reason: '  ' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Write-off reason/);
    const ok = await call('POST', '/v2/arrears/write_off', { token, body: { id: item.id, reason: 'Family hardship' } });
    expect(ok.status).toBe(200);
    expect((await allArrears()).find((a) => a.id === item.id)).toMatchObject({ status: 'writtenOff', writeOffReason: 'Family hardship' });
    const log = (await auditEntries()).filter((e) => e.path === '/v2/arrears/write_off' && e.targetId === item.id);
    expect(log).toHaveLength(1);
    expect(JSON.stringify(log[0].changes)).toMatch(/Family hardship/);
    const again = await call('POST', '/v2/arrears/write_off', { token, body: { id: item.id, reason: 'again' } });
    expect(again.status).toBe(400);
    // A teacher may not write off.
    const teacher = await loginToken('teacher');
    const other = (await allArrears()).find((a) => a.companyId === 2 && a.status === 'open')!;
    expect((await call('POST', '/v2/arrears/write_off', { token: teacher, body: { id: other.id, reason: 'x' } })).status).toBe(403);
  });

  it('a past lesson shows the card state of its records, never today’s', async () => {
    const token = await loginToken('dealer');
    const db = getDb();
    // A roll-called lesson with a line that took hours from a card now used up (no usable card today).
    const att = (await allAttendances()).find((a) => a.companyId === 2 && !a.undoneAt && a.cardId !== undefined && a.hours < 0 && !usable(a.studentId))!;
    expect(att).toBeTruthy();
    const rec = db.hourRecords.find((r) => r.id === att.recordId)!;
    const view = (await call('GET', `/v2/lesson/${att.lessonId}/roll_call`, { token })).body.data;
    const line = view.students.find((s: { studentId: number }) => s.studentId === att.studentId);
    expect(line).toMatchObject({ saved: true, cardId: att.cardId, cardNo: att.cardNo, remainingHours: rec.balanceAfter });
  });
});
