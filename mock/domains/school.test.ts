/** The school mock calls end to end through the typed services (msw in node): lists, writes, refusals, access. */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../handlers';
import { getDb } from '../db';
import { loginAs } from '../../tests/utils/render';
import { balanceOf } from '@/domain/ledger';
import {
  consumeHours,
  correctHours,
  createClass,
  createRoom,
  createStudent,
  deleteClass,
  deleteRoom,
  deleteTemplate,
  enrolStudents,
  fetchChecklist,
  fetchClasses,
  fetchHourRecords,
  fetchStaff,
  fetchStaffOptions,
  fetchStudentCards,
  fetchStudentDetail,
  fetchStudents,
  giftHours,
  invalidateCard,
  requestReturn,
  reviewReturnRequest,
  sellCard,
} from '@/services/school';
import { RequestError } from '@/utils/request';
import { appendHourRecord, deductionCardFor } from './ledger';
import { insertStudent } from './school';
import { allStaff, allStudents, classesIn, inRequest, rowsOf, studentsIn } from '../testing';
import { classes, rooms } from '../../server/db/schema';

const quiet = async <T,>(p: Promise<T>): Promise<RequestError> => {
  try {
    await p;
  } catch (e) {
    return e as RequestError;
  }
  throw new Error('expected a refusal');
};

function invariantHolds() {
  const db = getDb();
  const byCard = new Map<number, { hours: number }[]>();
  db.hourRecords.forEach((r) => byCard.set(r.cardId, [...(byCard.get(r.cardId) ?? []), r]));
  return db.studentCards.every((c) => balanceOf(byCard.get(c.id) ?? []) === c.remainingHours && c.remainingHours >= 0);
}

describe('school mock backend', () => {
  beforeEach(() => {
    resetDb();
  });

  it('seeds Starlight Dance per docs/rules.md#demo-data-and-modes with every card state and record type', async () => {
    const db = getDb();
    const c2 = <T extends { companyId: number }>(rows: T[]) => rows.filter((r) => r.companyId === 2);
    expect(c2(await allStaff()).length).toBeGreaterThanOrEqual(20);
    expect(c2(await rowsOf(rooms))).toHaveLength(8);
    expect(c2(await rowsOf(classes))).toHaveLength(30);
    expect(c2(await allStudents()).length).toBeGreaterThanOrEqual(400);
    expect(new Set(c2(db.studentCards).map((c) => c.status))).toEqual(new Set(['active', 'exhausted', 'expired', 'invalid']));
    // Every type but 'fail': a lesson attended without hours is an arrears item, not a record (docs/rules.md#arrears).
    expect(new Set(c2(db.hourRecords).map((r) => r.type)).size).toBe(10);
    expect(c2(db.hourRecords).some((r) => r.type === 'fail')).toBe(false);
    for (const [userId, role] of [[2, 'dealer'], [3, 'manager'], [4, 'teacher'], [5, 'sales']] as const) {
      expect((await allStaff()).find((s) => s.companyId === 2 && s.userId === userId)?.role).toBe(role);
    }
    expect((await classesIn(2)).filter((c) => c.teacherName === '王若汐').length).toBeGreaterThanOrEqual(3);
    expect((await studentsIn(3)).length).toBeGreaterThan(0);
    expect((await studentsIn(4)).length).toBeGreaterThan(0);
    expect(invariantHolds()).toBe(true);
  });

  it('lists with server-side filters, sorting and paging', async () => {
    await loginAs('manager');
    const page = await fetchStaff({ page: 2, pageSize: 5, role: 'teacher', sortField: 'name', sortOrder: 'ascend' });
    expect(page.list).toHaveLength(5);
    expect(page.list.every((s) => s.role === 'teacher')).toBe(true);
    const students = await fetchStudents({ page: 1, pageSize: 20, campusId: 2 });
    expect(students.total).toBeGreaterThan(50);
    expect(students.list.every((s) => s.campusId === 2)).toBe(true);
    const opts = await fetchStaffOptions({ role: 'teacher' });
    expect(opts.find((o) => o.label === '王若汐')).toBeTruthy();
    const checklist = await fetchChecklist();
    expect(checklist.every((i) => i.done)).toBe(true);
  });

  it('a teacher sees only the students of their own classes and cannot sell', async () => {
    await loginAs('teacher');
    const classes = await fetchClasses({ pageSize: 100 });
    expect(classes.list.length).toBeGreaterThan(0);
    expect(classes.list.every((c) => c.teacherName === '王若汐')).toBe(true);
    const own = new Set(classes.list.map((c) => c.id));
    const students = await fetchStudents({ pageSize: 200 });
    expect(students.total).toBeLessThan(400);
    expect(students.list.every((s) => s.classIds.some((id) => own.has(id)))).toBe(true);
    const err = await quiet(sellCard({ studentId: students.list[0].id, templateId: 1, amount: 100, method: 'cash', sellerId: 1, startDate: '2026-01-01' }));
    expect(err.status).toBe(403);
  });

  it('sells a card and runs every operation with the balance, status and ledger agreeing', async () => {
    await loginAs('manager');
    const student = (await fetchStudents({ pageSize: 1 })).list[0];
    const sold = await sellCard({ studentId: student.id, templateId: 2, amount: 2880, method: 'wechat', sellerId: 4, startDate: new Date().toISOString().slice(0, 10) });
    expect(sold.balanceAfter).toBe(26);
    expect(sold.card.unitPrice).toBe(110.77);
    const cardId = sold.card.id;
    expect((await giftHours({ cardId, hours: 2 })).balanceAfter).toBe(28);
    expect((await consumeHours({ cardId, hours: 1.5, reason: 'Extra rehearsal' })).balanceAfter).toBe(26.5);
    expect((await quiet(consumeHours({ cardId, hours: 1, reason: '' }))).message).toMatch(/Reason is required/);
    expect((await quiet(consumeHours({ cardId, hours: 100, reason: 'x' }))).message).toMatch(/Not enough hours/);
    const ret = await requestReturn({ cardId, hours: 4 });
    expect(ret.balanceAfter).toBe(22.5);
    const rejected = await reviewReturnRequest({ recordId: ret.record!.id, approve: false });
    expect(rejected.record!.type).toBe('back_reject');
    expect(rejected.balanceAfter).toBe(26.5);
    expect((await quiet(reviewReturnRequest({ recordId: ret.record!.id, approve: true }))).message).toMatch(/already been reviewed/);
    const ret2 = await requestReturn({ cardId, hours: 6.5 });
    const approved = await reviewReturnRequest({ recordId: ret2.record!.id, approve: true });
    expect(approved.record!.type).toBe('back');
    // Refund in cents from the card's value pool: the gift of 2 hours lowered the unit price to 2880 ÷ 28 (docs/rules.md#revenue-and-month-close).
    expect(approved.record!.amount).toBe(-668.57);
    expect(approved.balanceAfter).toBe(20);
    expect((await correctHours({ cardId, hours: -2, reason: 'Roll call missed' })).balanceAfter).toBe(18);
    const inv = await invalidateCard({ cardId, reason: 'Contract ended' });
    expect(inv.card.status).toBe('invalid');
    expect((await quiet(giftHours({ cardId, hours: 1 }))).message).toMatch(/invalidated/);
    const records = await fetchHourRecords({ cardId, pageSize: 50 });
    expect(records.list.map((r) => r.type).sort()).toEqual(['add', 'back', 'back_reject', 'diy', 'give', 'give', 'proof'].sort());
    expect(balanceOf(records.list)).toBe(18);
    const detail = await fetchStudentDetail(student.id);
    expect(detail.cards.find((c) => c.id === cardId)?.remainingHours).toBe(18);
    expect(invariantHolds()).toBe(true);
  });

  it('sells a period card: no hours, valid by dates, lessons logged with 0 hours', async () => {
    await loginAs('manager');
    const student = (await fetchStudents({ pageSize: 1 })).list[0];
    const sold = await sellCard({ studentId: student.id, templateId: 5, amount: 3600, method: 'cash', sellerId: 4, startDate: new Date().toISOString().slice(0, 10) });
    expect(sold.card).toMatchObject({ kind: 'period', status: 'active', remainingHours: 0, unitPrice: 0 });
    expect((await quiet(consumeHours({ cardId: sold.card.id, hours: 1, reason: 'x' }))).message).toMatch(/period card/);
    const rec = await inRequest(2, () => appendHourRecord(getDb(), { cardId: sold.card.id, type: 'reduce', hours: 1.5, operator: { id: 1, name: '王若汐' } }));
    expect(rec.hours).toBe(0);
    expect(getDb().studentCards.find((c) => c.id === sold.card.id)?.status).toBe('active');
  });

  it('sales may not gift, review or correct (403)', async () => {
    await loginAs('sales');
    const card = (await fetchStudentCards({ status: 'active', kind: 'count', pageSize: 1 })).list[0];
    expect((await quiet(giftHours({ cardId: card.id, hours: 1 }))).status).toBe(403);
    expect((await quiet(correctHours({ cardId: card.id, hours: 1, reason: 'x' }))).status).toBe(403);
    expect((await quiet(reviewReturnRequest({ recordId: 1, approve: true }))).status).toBe(403);
  });

  it('refuses deleting what is still in use, and enforces class capacity', async () => {
    await loginAs('manager');
    expect((await quiet(deleteRoom(1))).message).toMatch(/open class/);
    const cls = (await fetchClasses({ pageSize: 1, status: 'open' })).list[0];
    expect((await quiet(deleteClass(cls.id))).message).toMatch(/still has/);
    expect((await quiet(deleteTemplate(1))).message).toMatch(/issued/);
    expect(await deleteTemplate(8)).toBeNull();
    const room = await createRoom({ campusId: 1, name: 'Studio E 新教室', capacity: 2 });
    const today = new Date().toISOString().slice(0, 10);
    const tiny = await createClass({ campusId: 1, name: '爵士小班', course: '爵士', teacherId: 1, roomId: room.id, capacity: 2, hoursPerLesson: 1.5, startDate: today, endDate: today, status: 'open' });
    const a = await createStudent({ campusId: 1, name: '林小满', mobile: '13912345678', gender: 'female' });
    const b = await createStudent({ campusId: 1, name: '林小雨', mobile: '13912345679', gender: 'female' });
    const c = await createStudent({ campusId: 1, name: '林小雪', mobile: '13912345670', gender: 'female' });
    expect((await quiet(enrolStudents(tiny.id, [a.id, b.id, c.id]))).message).toMatch(/1?2 free seat/);
    expect((await enrolStudents(tiny.id, [a.id, b.id])).studentCount).toBe(2);
    expect((await quiet(createClass({ campusId: 1, name: 'x', course: 'y', teacherId: 1, roomId: room.id, capacity: 3, hoursPerLesson: 1, startDate: today, endDate: today, status: 'open' }))).message).toMatch(/holds only 2/);
    expect((await quiet(deleteRoom(room.id))).message).toMatch(/Studio E/);
  });

  it('offers the contract helpers to other domains', async () => {
    const db = getDb();
    const st = await inRequest(2, () => insertStudent(db, { companyId: 2, campusId: 1, name: '宋雨桐', mobile: '13600001111', classIds: [1] }));
    expect(st.classIds).toEqual([1]);
    const card = db.studentCards.find((c) => c.companyId === 2 && c.status === 'active' && c.kind === 'count' && c.classIds.length === 0)!;
    const student = (await allStudents()).find((s) => s.id === card.studentId)!;
    const picked = deductionCardFor(db, 2, student.id, student.classIds[0] ?? 1, new Date().toISOString().slice(0, 10));
    expect(picked?.status).toBe('active');
    const before = card.remainingHours;
    await inRequest(2, () => {
      const fail = appendHourRecord(db, { cardId: card.id, type: 'fail', hours: 0, operator: { id: 1, name: '王若汐' } });
      expect(fail.hours).toBe(0);
      const undo = appendHourRecord(db, { cardId: card.id, type: 'proof', hours: 1.5, signedHours: 1.5, reason: 'Undo roll call', operator: { id: 1, name: '王若汐' } });
      expect(undo.hours).toBe(1.5);
      expect(card.remainingHours).toBe(before + 1.5);
      expect(() => appendHourRecord(db, { cardId: card.id, type: 'back', hours: 1, operator: { id: 1, name: 'x' } })).toThrow();
    });
  });
});
