/** The schedule calls against the mock backend: batch scheduling with clashes, roll call → ledger, undo, teacher scope. */
import { allAttendances, allLeads, allLeaveRequests, allLessons, allReservations, authHeaders, classesIn, allStaff, allStudents, lessonById, lessonsIn, saveLesson } from '../testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { asSeed, getDb, resetDb } from '../db';
import { seedSchedule } from './schedule';
import '../handlers';
import { today, addDays } from '../clock';
import type { Lesson } from '../../src/types/schedule';
import { weekdayOf } from '../../src/utils/dates';

const BASE = 'http://localhost';
const PASSWORDS: Record<string, string> = { dealer: 'dealer123', teacher: 'teacher123', manager: 'manager123', sales: 'sales123' };

async function login(username: string): Promise<string> {
  const res = await fetch(`${BASE}/v2/user/login/password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: PASSWORDS[username] }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: T; body: { msg?: string; clashes?: unknown[] } }> {
  const res = await fetch(`${BASE}${path}`, { method, headers: { ...(await authHeaders(token)), 'content-type': 'application/json', 'accept-language': 'en-US' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { data: T; msg?: string; clashes?: unknown[] };
  return { status: res.status, data: json.data, body: json };
}

/** A lesson as the API answers it now (its expected students counted per call: the table keeps no count). */
async function shownLesson(token: string, id: number): Promise<Lesson> {
  const r = await call<{ lesson: Lesson }>(token, 'GET', `/v2/lesson/${id}`);
  expect(r.status, r.body.msg).toBe(200);
  return r.data.lesson;
}

/** The first of these lessons (id order) whose answer by the API `ok` accepts (a test choosing by student count). */
async function firstShown(token: string, rows: Lesson[], ok: (l: Lesson) => boolean): Promise<Lesson | undefined> {
  for (const l of rows) {
    const shown = await shownLesson(token, l.id);
    if (ok(shown)) return shown;
  }
  return undefined;
}

beforeEach(() => {
  resetDb();
});

describe('schedule seed', () => {
  it('is fast and covers every state the screens show', async () => {
    const old = resetDb();
    // The schedule seed alone, on top of the others: well under 500 ms.
    const t0 = performance.now();
    old.seedLessons = [];
    old.seedAttendances = [];
    old.seedLeaveRequests = [];
    old.seedReservations = [];
    old.seedTrials = [];
    asSeed(() => seedSchedule(old));
    expect(performance.now() - t0).toBeLessThan(4000); // ~250–400 ms on an idle machine; generous for loaded CI
    const db = resetDb();
    const t = today();
    const lessons = await lessonsIn(2);
    const openClasses = db.seedClasses.filter((c) => c.companyId === 2 && c.status === 'open');
    for (const c of openClasses) expect(lessons.some((l) => l.classId === c.id)).toBe(true);
    const demo = db.seedStaff.find((s) => s.userId === 4 && s.companyId === 2)!;
    expect(lessons.some((l) => l.date === t && l.teacherId === demo.id)).toBe(true);
    expect(lessons.filter((l) => l.date < t && !l.rollCalledAt && l.status === 'scheduled').length).toBeGreaterThan(0);
    expect(lessons.filter((l) => l.rollCalledAt).length).toBeGreaterThan(lessons.filter((l) => l.date < t).length / 2);
    expect(lessons.some((l) => l.date > addDays(t, 21))).toBe(true);
    expect(new Set(db.seedLeaveRequests.filter((r) => r.companyId === 2).map((r) => r.status))).toEqual(new Set(['pending', 'approved', 'rejected']));
    expect(db.seedReservations.some((r) => r.status === 'booked')).toBe(true);
    expect(new Set(db.seedTrials.filter((r) => r.companyId === 2).map((r) => r.status)).size).toBeGreaterThanOrEqual(4);
    // Roll-call records are in the ledger with the lesson.
    const att = db.seedAttendances.find((a) => a.recordId && a.hours < 0 && a.mark === 'present')!;
    expect(db.hourRecords.find((r) => r.id === att.recordId)).toMatchObject({ lessonId: att.lessonId, type: 'reduce' });
  });
});

describe('batch scheduling', () => {
  it('creates four weeks of lessons, then refuses the same again listing every clash', async () => {
    const token = await login('dealer');
    const db = getDb();
    const cls = (await classesIn(2)).find((c) => c.status === 'open' && c.studentCount > 0)!;
    const start = addDays(today(), 7);
    const body = { classId: cls.id, startDate: start, endDate: addDays(start, 27), slots: [{ weekday: weekdayOf(start), start: '22:00', end: '23:00' }] };
    const first = await call<{ created: Lesson[]; saved: boolean }>(token, 'POST', '/v2/lesson/batch', body);
    expect(first.status).toBe(200);
    expect(first.data.saved).toBe(true);
    expect(first.data.created).toHaveLength(4);
    const again = await call(token, 'POST', '/v2/lesson/batch', body);
    expect(again.status).toBe(400);
    expect(again.body.msg).toMatch(/clash/);
    const kinds = (again.body.clashes as { kind: string }[]).map((c) => c.kind);
    expect(kinds.filter((k) => k === 'teacher')).toHaveLength(4);
    expect(kinds.filter((k) => k === 'room')).toHaveLength(4);
    const active = (await allStudents()).filter((s) => s.status === 'active' && s.classIds.includes(cls.id)).length;
    expect(kinds.filter((k) => k === 'student').length).toBe(4 * active);
    expect((await allLessons()).filter((l) => l.classId === cls.id && l.start === '22:00')).toHaveLength(4);
  });

  it('saves despite a room clash only when overridden', async () => {
    const token = await login('dealer');
    const db = getDb();
    const all = await classesIn(2);
    const [a, b] = all.filter((c) => c.status === 'open' && c.teacherId !== all[0].teacherId);
    const everyone = await allStudents();
    const other = all.find((c) => c.status === 'open' && c.teacherId !== a.teacherId && !everyone.some((s) => s.classIds.includes(c.id) && s.classIds.includes(a.id)))!;
    expect(b).toBeTruthy();
    const date = addDays(today(), 40);
    const slot = { weekday: weekdayOf(date), start: '22:00', end: '23:00' };
    expect((await call(token, 'POST', '/v2/lesson/batch', { classId: a.id, startDate: date, endDate: date, slots: [slot] })).status).toBe(200);
    const body = { classId: other.id, roomId: a.roomId, startDate: date, endDate: date, slots: [slot] };
    const refused = await call(token, 'POST', '/v2/lesson/batch', body);
    expect(refused.status).toBe(400);
    expect((refused.body.clashes as { kind: string }[]).map((c) => c.kind)).toEqual(['room']);
    const forced = await call<{ saved: boolean }>(token, 'POST', '/v2/lesson/batch', { ...body, overrideRoom: true });
    expect(forced.data.saved).toBe(true);
  });
});

describe('single lessons', () => {
  it('adds, moves and cancels one lesson with the same clash checks', async () => {
    const token = await login('dealer');
    const cls = (await classesIn(2)).find((c) => c.status === 'open')!;
    const date = addDays(today(), 9);
    const added = await call<Lesson>(token, 'POST', '/v2/lesson', { classId: cls.id, date, start: '22:00', end: '23:00' });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ teacherId: cls.teacherId, roomId: cls.roomId, hours: cls.hoursPerLesson, status: 'scheduled' });
    // Moving another lesson of the same teacher onto it is refused with the clash listed.
    const other = (await lessonsIn(2)).find((l) => l.companyId === 2 && l.teacherId === cls.teacherId && l.date > today() && l.id !== added.data.id && l.status === 'scheduled')!;
    const refused = await call(token, 'PUT', '/v2/lesson', { id: other.id, date, start: '22:30', end: '23:00' });
    expect(refused.status).toBe(400);
    expect((refused.body.clashes as { kind: string; otherLessonId?: number }[]).some((c) => c.kind === 'teacher' && c.otherLessonId === added.data.id)).toBe(true);
    // Later in the evening, after the seed's last lessons (21:30 met one of the teacher's on some weekdays).
    const moved = await call<Lesson>(token, 'PUT', '/v2/lesson', { id: added.data.id, date, start: '22:30', end: '23:30' });
    expect(moved.data?.start, JSON.stringify(moved.body)).toBe('22:30');
    const cancelled = await call<Lesson>(token, 'POST', '/v2/lesson/cancel', { id: added.data.id, reason: 'Room maintenance' });
    expect(cancelled.data.status).toBe('cancelled');
    expect((await call(token, 'POST', '/v2/lesson/cancel', { id: added.data.id })).status).toBe(400);
  });

  it('refuses bad input with a message and lets only managers schedule', async () => {
    const dealer = await login('dealer');
    const cls = (await classesIn(2)).find((c) => c.status === 'open')!;
    const bad = await call(dealer, 'POST', '/v2/lesson/batch', { classId: cls.id, startDate: '2026-12-01', endDate: '2026-12-31', slots: [{ weekday: 1, start: '19:00', end: '18:00' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('The end time must be after the start time.');
    const teacher = await login('teacher');
    expect((await call(teacher, 'POST', '/v2/lesson/batch', { classId: cls.id, startDate: '2026-12-01', endDate: '2026-12-31', slots: [{ weekday: 1, start: '18:00', end: '19:00' }] })).status).toBe(403);
  });
});

describe('roll call', () => {
  it('deducts through the ledger once, and an undo returns the hours', async () => {
    const token = await login('dealer');
    const db = getDb();
    const t = today();
    const lesson = (await lessonsIn(2)).find((l) => l.companyId === 2 && l.date === t && l.status === 'scheduled')!;
    const view = await call<{ students: { studentId: number; cardId?: number; remainingHours?: number; cardKind?: string }[] }>(token, 'GET', `/v2/lesson/${lesson.id}/roll_call`);
    const withCard = view.data.students.filter((s) => s.cardId && s.cardKind === 'count' && (s.remainingHours ?? 0) >= lesson.hours);
    expect(withCard.length).toBeGreaterThan(0);
    const before = new Map(withCard.map((s) => [s.cardId!, db.studentCards.find((c) => c.id === s.cardId)!.remainingHours]));
    const marks = view.data.students.map((s) => ({ studentId: s.studentId, mark: 'present' }));
    const saved = await call<{ lesson: Lesson }>(token, 'POST', '/v2/lesson/roll_call', { lessonId: lesson.id, marks });
    expect(saved.status).toBe(200);
    expect(saved.data.lesson.rollCall).toBe('done');
    for (const s of withCard) {
      expect(db.studentCards.find((c) => c.id === s.cardId)!.remainingHours).toBeCloseTo(before.get(s.cardId!)! - lesson.hours, 5);
      expect(db.hourRecords.some((r) => r.cardId === s.cardId && r.lessonId === lesson.id && r.type === 'reduce')).toBe(true);
    }
    const count = db.hourRecords.length;
    const twice = await call(token, 'POST', '/v2/lesson/roll_call', { lessonId: lesson.id, marks });
    expect(twice.status).toBe(400);
    expect(db.hourRecords.length).toBe(count);
    const undo = await call(token, 'POST', '/v2/lesson/roll_call/undo', { lessonId: lesson.id });
    expect(undo.status).toBe(200);
    for (const s of withCard) {
      expect(db.studentCards.find((c) => c.id === s.cardId)!.remainingHours).toBeCloseTo(before.get(s.cardId!)!, 5);
      expect(db.hourRecords.some((r) => r.cardId === s.cardId && r.lessonId === lesson.id && r.type === 'proof' && r.hours === lesson.hours)).toBe(true);
    }
    expect((await lessonById(lesson.id)).rollCalledAt).toBeUndefined();
  });

  it('two roll calls of one lesson at once deduct once: the other finds its students marked', async () => {
    const token = await login('dealer');
    const db = getDb();
    const lesson = (await lessonsIn(2)).find((l) => l.companyId === 2 && l.date === today() && l.status === 'scheduled')!;
    const view = await call<{ students: { studentId: number; cardId?: number; remainingHours?: number; cardKind?: string }[] }>(token, 'GET', `/v2/lesson/${lesson.id}/roll_call`);
    const withCard = view.data.students.filter((s) => s.cardId && s.cardKind === 'count' && (s.remainingHours ?? 0) >= lesson.hours);
    expect(withCard.length).toBeGreaterThan(0);
    const before = new Map(withCard.map((s) => [s.cardId!, db.studentCards.find((c) => c.id === s.cardId)!.remainingHours]));
    const marks = view.data.students.map((s) => ({ studentId: s.studentId, mark: 'present' }));
    const results = await Promise.all([0, 1].map(() => call(token, 'POST', '/v2/lesson/roll_call', { lessonId: lesson.id, marks })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.msg).toMatch(/already roll-called/);
    // One line per student, one deduction per card.
    expect((await allAttendances()).filter((a) => a.lessonId === lesson.id && !a.undoneAt)).toHaveLength(marks.length);
    for (const s of withCard) {
      expect(db.studentCards.find((c) => c.id === s.cardId)!.remainingHours).toBeCloseTo(before.get(s.cardId!)! - lesson.hours, 5);
      expect(db.hourRecords.filter((r) => r.cardId === s.cardId && r.lessonId === lesson.id && r.type === 'reduce')).toHaveLength(1);
    }
  });

  it('teachers see and roll-call only their own lessons, and cannot undo', async () => {
    const token = await login('teacher');
    const me = (await allStaff()).find((s) => s.userId === 4 && s.companyId === 2)!;
    const list = await call<{ list: Lesson[]; total: number }>(token, 'GET', '/v2/lesson?pageSize=200');
    expect(list.data.total).toBeGreaterThan(0);
    expect(list.data.list.every((l) => l.teacherId === me.id)).toBe(true);
    const other = (await lessonsIn(2)).find((l) => l.companyId === 2 && l.teacherId !== me.id && l.date <= today() && !l.rollCalledAt && l.status === 'scheduled')!;
    const st = (await allStudents()).find((s) => s.classIds.includes(other.classId) && s.status === 'active')!;
    expect((await call(token, 'POST', '/v2/lesson/roll_call', { lessonId: other.id, marks: [{ studentId: st.id, mark: 'present' }] })).status).toBe(403);
    expect((await call(token, 'GET', `/v2/lesson/${other.id}`)).status).toBe(403);
    const done = (await allLessons()).find((l) => l.teacherId === me.id && l.rollCalledAt)!;
    expect((await call(token, 'POST', '/v2/lesson/roll_call/undo', { lessonId: done.id })).status).toBe(403);
    const mine = (await allLessons()).find((l) => l.teacherId === me.id && l.date === today() && l.status === 'scheduled')!;
    const view = await call<{ canSave: boolean; students: { studentId: number }[] }>(token, 'GET', `/v2/lesson/${mine.id}/roll_call`);
    expect(view.data.canSave).toBe(true);
    const ok = await call(token, 'POST', '/v2/lesson/roll_call', { lessonId: mine.id, marks: view.data.students.map((s) => ({ studentId: s.studentId, mark: 'leave' })) });
    expect(ok.status).toBe(200);
  });
});

describe('leave, reservations and trials', () => {
  it('an approved leave is pre-marked in the roll call', async () => {
    const token = await login('dealer');
    const lesson = (await firstShown(token, (await lessonsIn(2)).filter((l) => l.companyId === 2 && l.date > today() && l.status === 'scheduled'), (l) => l.studentCount > 2))!;
    const leave = await allLeaveRequests();
    const st = (await allStudents()).find((s) => s.classIds.includes(lesson.classId) && s.status === 'active' && !leave.some((r) => r.lessonId === lesson.id && r.studentId === s.id))!;
    const created = await call<{ id: number; status: string }>(token, 'POST', '/v2/leave', { lessonId: lesson.id, studentId: st.id, reason: 'Family trip' });
    expect(created.data.status).toBe('pending');
    expect((await call(token, 'POST', '/v2/leave', { lessonId: lesson.id, studentId: st.id, reason: 'again' })).status).toBe(400);
    await call(token, 'POST', '/v2/leave/approve', { id: created.data.id });
    const view = await call<{ students: { studentId: number; mark?: string; approvedLeave: boolean }[] }>(token, 'GET', `/v2/lesson/${lesson.id}/roll_call`);
    expect(view.data.students.find((s) => s.studentId === st.id)).toMatchObject({ mark: 'leave', approvedLeave: true });
  });

  it('reservations stay within capacity and can be cancelled', async () => {
    const token = await login('dealer');
    const lesson = (await lessonsIn(2)).find((l) => l.companyId === 2 && l.date > today() && l.status === 'scheduled')!;
    lesson.capacity = (await shownLesson(token, lesson.id)).studentCount + 1;
    await saveLesson(lesson);
    const booked = await allReservations();
    const outsiders = (await allStudents()).filter((s) => s.companyId === 2 && s.status === 'active' && !s.classIds.includes(lesson.classId) && !booked.some((r) => r.lessonId === lesson.id && r.studentId === s.id));
    const first = await call<{ id: number }>(token, 'POST', '/v2/reservation', { lessonId: lesson.id, studentId: outsiders[0].id });
    expect(first.status).toBe(200);
    const full = await call(token, 'POST', '/v2/reservation', { lessonId: lesson.id, studentId: outsiders[1].id });
    expect(full.status).toBe(400);
    expect(full.body.msg).toMatch(/full/);
    expect((await call(token, 'POST', '/v2/reservation/cancel', { id: first.data.id })).status).toBe(200);
    expect((await call(token, 'POST', '/v2/reservation', { lessonId: lesson.id, studentId: outsiders[1].id })).status).toBe(200);
  });

  it('two reviews of one leave request at once: one decides it, the other finds it reviewed', async () => {
    const token = await login('dealer');
    const pending = (await allLeaveRequests()).find((r) => r.companyId === 2 && r.status === 'pending')!;
    const results = await Promise.all((['approve', 'reject'] as const).map((action) => call(token, 'POST', `/v2/leave/${action}`, { id: pending.id })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.msg).toMatch(/already been reviewed/);
    expect(['approved', 'rejected']).toContain((await allLeaveRequests()).find((r) => r.id === pending.id)!.status);
  });

  it('two bookings of the last place of a lesson at once: one takes it, the other finds it full', async () => {
    const token = await login('dealer');
    const lesson = (await lessonsIn(2)).find((l) => l.companyId === 2 && l.date > today() && l.status === 'scheduled')!;
    lesson.capacity = (await shownLesson(token, lesson.id)).studentCount + 1;
    await saveLesson(lesson);
    const booked = await allReservations();
    const outsiders = (await allStudents()).filter((s) => s.companyId === 2 && s.status === 'active' && !s.classIds.includes(lesson.classId) && !booked.some((r) => r.lessonId === lesson.id && r.studentId === s.id));
    const results = await Promise.all(outsiders.slice(0, 2).map((st) => call(token, 'POST', '/v2/reservation', { lessonId: lesson.id, studentId: st.id })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.msg).toMatch(/full/);
    expect((await allReservations()).filter((r) => r.lessonId === lesson.id && r.status === 'booked').length).toBe(booked.filter((r) => r.lessonId === lesson.id && r.status === 'booked').length + 1);
  });

  it('a trial for a new name becomes a lead whose status follows the trial', async () => {
    const token = await login('dealer');
    const lesson = (await firstShown(token, (await lessonsIn(2)).filter((l) => l.companyId === 2 && l.date > today() && l.status === 'scheduled'), (l) => l.studentCount < l.capacity - 1))!;
    const res = await call<{ id: number; leadId: number }>(token, 'POST', '/v2/trial', { leadName: '宋可馨', mobile: '13912345678', lessonId: lesson.id });
    expect(res.status).toBe(200);
    const lead = (await allLeads()).find((l) => l.id === res.data.leadId)!;
    expect(lead.status).toBe('trial');
    expect((await call(token, 'POST', '/v2/trial/status', { id: res.data.id, status: 'converted' })).status).toBe(400);
    expect((await call(token, 'POST', '/v2/trial/status', { id: res.data.id, status: 'attended' })).status).toBe(200);
    expect((await call(token, 'POST', '/v2/trial/status', { id: res.data.id, status: 'converted' })).status).toBe(200);
    expect((await allLeads()).find((l) => l.id === lead.id)!.status).toBe('formal');
  });
});
