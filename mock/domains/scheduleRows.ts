/**
 * The schedule's bookings in the database (server/db/schema/schedule.ts): free trials, reservations and leave
 * requests as the API answers them, one row by id within a scope (locked for a write), the lock a booking takes on
 * its lesson, and what the synchronous roll-call rules read of them (the approved leave of the lessons a call
 * touches, read by the handler into the request's memo; the seed's rows while the seed runs).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, SqlSeeder } from '../db';
import { isSeeding } from '../db';
import { requestMemo, restartIdentities, tx } from '../../server/db';
import { insertMany } from '../../server/db/bulk';
import { attendances, leaveRequests, reservations, trials } from '../../server/db/schema';
import { stampDate, stampOf } from '../../server/db/time';
import type { Attendance, Reservation, Trial } from '../../src/types/schedule';
import type { LeaveRequest } from '../../src/types/school';

declare module '../db' {
  interface Db {
    /** The demo seed's trials, reservations and leave requests (written to the database by `seedScheduleTables`). */
    seedTrials: Trial[];
    seedReservations: Reservation[];
    seedLeaveRequests: LeaveRequest[];
    /** The demo seed's roll-call lines (written to the database by `seedScheduleTables`; never read by a request). */
    seedAttendances: Attendance[];
  }
}

/** The states of a reservation that hold a place in its lesson. */
export const LIVE_RESERVATION_STATES: readonly Reservation['status'][] = ['booked', 'attended', 'absent'];

const u = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

/** `column` is one of `ids` (one int[] parameter, whatever their number); no id: false. */
export function idIn(column: PgColumn, ids: Iterable<number>): SQL {
  const list = [...ids];
  return list.length ? sql`${column} = any(${`{${list.join(',')}}`}::int[])` : sql`false`;
}

/* ---------------------------------------------------------------- trials ---------------------------------------------------------------- */

export function trialOf(r: typeof trials.$inferSelect): Trial {
  return {
    id: r.id,
    companyId: r.companyId,
    campusId: r.campusId,
    leadId: u(r.leadId),
    leadName: r.leadName,
    mobile: r.mobile,
    lessonId: u(r.lessonId),
    classId: u(r.classId),
    className: u(r.className),
    course: u(r.course),
    teacherId: u(r.teacherId),
    teacherName: u(r.teacherName),
    date: r.date,
    start: r.start,
    end: r.end,
    status: r.status,
    remark: u(r.remark),
    createdAt: stampOf(r.createdAt),
    createdBy: r.createdBy,
  };
}

export function trialValues(t: Trial): typeof trials.$inferInsert {
  return {
    companyId: t.companyId,
    campusId: t.campusId,
    leadId: t.leadId ?? null,
    leadName: t.leadName,
    mobile: t.mobile,
    lessonId: t.lessonId ?? null,
    classId: t.classId ?? null,
    className: t.className ?? null,
    course: t.course ?? null,
    teacherId: t.teacherId ?? null,
    teacherName: t.teacherName ?? null,
    date: t.date,
    start: t.start,
    end: t.end,
    status: t.status,
    remark: t.remark ?? null,
    createdAt: stampDate(t.createdAt),
    createdBy: t.createdBy,
  };
}

/** One trial by id within a scope condition, locked for update when `lock`. */
export async function findTrial(id: number, scope: SQL | undefined, lock: boolean): Promise<Trial | undefined> {
  const q = (await tx()).select().from(trials).where(and(eq(trials.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && trialOf(r);
}

/** Writes a new trial; the answer is the row written. */
export async function insertTrial(t: Omit<Trial, 'id'>): Promise<Trial> {
  const [r] = await (await tx()).insert(trials).values(trialValues({ ...t, id: 0 })).returning();
  return trialOf(r);
}

/** Booked trials of a lesson (they take a place in it). */
export async function bookedTrialCount(companyId: number, lessonId: number): Promise<number> {
  const [{ n }] = await (await tx())
    .select({ n: sql<number>`count(*)::int` })
    .from(trials)
    .where(and(eq(trials.companyId, companyId), eq(trials.lessonId, lessonId), eq(trials.status, 'booked')));
  return Number(n);
}

/* ------------------------------------------------------------- reservations ------------------------------------------------------------- */

export function reservationOf(r: typeof reservations.$inferSelect): Reservation {
  return { ...r, remark: u(r.remark), createdAt: stampOf(r.createdAt) };
}

export function reservationValues({ id: _id, ...r }: Reservation): typeof reservations.$inferInsert {
  return { ...r, remark: r.remark ?? null, createdAt: stampDate(r.createdAt) };
}

/** The live reservations (booked, attended, absent) of these lessons, in id order: what `indexesOf` needs of them. */
export async function liveReservations(companyId: number, lessonIds: Iterable<number>): Promise<Reservation[]> {
  const ids = [...new Set(lessonIds)].filter((id) => id > 0);
  if (!ids.length) return [];
  const rows = await (await tx())
    .select()
    .from(reservations)
    .where(and(eq(reservations.companyId, companyId), idIn(reservations.lessonId, ids), inArray(reservations.status, [...LIVE_RESERVATION_STATES])))
    .orderBy(asc(reservations.id));
  return rows.map(reservationOf);
}

export async function findReservation(id: number, scope: SQL | undefined, lock: boolean): Promise<Reservation | undefined> {
  const q = (await tx()).select().from(reservations).where(and(eq(reservations.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && reservationOf(r);
}

/* ------------------------------------------------------------ leave requests ------------------------------------------------------------ */

export function leaveOf(r: typeof leaveRequests.$inferSelect): LeaveRequest {
  return {
    id: r.id,
    companyId: r.companyId,
    studentId: r.studentId,
    studentName: r.studentName,
    lessonId: u(r.lessonId),
    lessonLabel: u(r.lessonLabel),
    classId: u(r.classId),
    date: r.date,
    reason: r.reason,
    status: r.status,
    createdAt: stampOf(r.createdAt),
    createdBy: u(r.createdBy),
    reviewerName: u(r.reviewerName),
    reviewedAt: r.reviewedAt ? stampOf(r.reviewedAt) : undefined,
    reviewRemark: u(r.reviewRemark),
  };
}

export function leaveValues(l: LeaveRequest): typeof leaveRequests.$inferInsert {
  return {
    companyId: l.companyId,
    studentId: l.studentId,
    studentName: l.studentName,
    lessonId: l.lessonId ?? null,
    lessonLabel: l.lessonLabel ?? null,
    classId: l.classId ?? null,
    date: l.date,
    reason: l.reason,
    status: l.status,
    createdAt: stampDate(l.createdAt),
    createdBy: l.createdBy ?? null,
    reviewerName: l.reviewerName ?? null,
    reviewedAt: l.reviewedAt ? stampDate(l.reviewedAt) : null,
    reviewRemark: l.reviewRemark ?? null,
  };
}

export async function findLeave(id: number, scope: SQL | undefined, lock: boolean): Promise<LeaveRequest | undefined> {
  const q = (await tx()).select().from(leaveRequests).where(and(eq(leaveRequests.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && leaveOf(r);
}

/** A company's leave requests waiting for review (the inbox summary). */
export async function pendingLeaveCount(companyId: number): Promise<number> {
  const [{ n }] = await (await tx())
    .select({ n: sql<number>`count(*)::int` })
    .from(leaveRequests)
    .where(and(eq(leaveRequests.companyId, companyId), eq(leaveRequests.status, 'pending')));
  return Number(n);
}

const approvedKey = (lessonId: number) => `approvedLeave:${lessonId}`;

/** Reads into the request's memo the students with an approved leave for each of these lessons (`approvedLeaveOf`). */
export async function loadApprovedLeave(companyId: number, lessonIds: number[]): Promise<void> {
  const memo = requestMemo();
  const ids = [...new Set(lessonIds)];
  if (!ids.length) return;
  const rows = await (await tx())
    .select({ lessonId: leaveRequests.lessonId, studentId: leaveRequests.studentId })
    .from(leaveRequests)
    .where(and(eq(leaveRequests.companyId, companyId), idIn(leaveRequests.lessonId, ids), eq(leaveRequests.status, 'approved')));
  for (const id of ids) memo?.set(approvedKey(id), new Set(rows.filter((r) => r.lessonId === id).map((r) => r.studentId)));
}

/** The students with an approved leave for a lesson: the seed's while it runs, else those the request loaded. */
export function approvedLeaveOf(db: Db, lessonId: number): ReadonlySet<number> {
  if (isSeeding()) return new Set((db.seedLeaveRequests ?? []).filter((r) => r.lessonId === lessonId && r.status === 'approved').map((r) => r.studentId));
  const set = requestMemo()?.get(approvedKey(lessonId)) as Set<number> | undefined;
  if (!set) throw new Error(`The approved leave of lesson ${lessonId} was not loaded in this request (loadApprovedLeave).`);
  return set;
}

/* ------------------------------------------------------------- attendances ------------------------------------------------------------- */

export function attendanceOf(r: typeof attendances.$inferSelect): Attendance {
  const { recordId, recordType, cardId, cardNo, undoRecordId, hours, createdAt, undoneAt, ...rest } = r;
  return {
    ...rest,
    ...{ recordId: u(recordId), recordType: u(recordType), cardId: u(cardId), cardNo: u(cardNo), undoRecordId: u(undoRecordId) },
    hours: Number(hours),
    createdAt: stampOf(createdAt),
    undoneAt: undoneAt ? stampOf(undoneAt) : undefined,
  };
}

export function attendanceValues({ id: _id, ...a }: Attendance): typeof attendances.$inferInsert {
  return { ...a, createdAt: stampDate(a.createdAt), undoneAt: a.undoneAt ? stampDate(a.undoneAt) : null };
}

const linesKey = (lessonId: number) => `attendances:${lessonId}`;

/**
 * Reads into the request's memo the live roll-call lines of these lessons (`liveLinesOf`), in id order. A roll call
 * or its undo reads them after locking the lesson (`lockLesson`), so a second roll call of the lesson sees the first.
 */
export async function loadAttendances(companyId: number, lessonIds: number[]): Promise<void> {
  const memo = requestMemo();
  const ids = [...new Set(lessonIds)];
  if (!ids.length) return;
  const rows = await (await tx())
    .select()
    .from(attendances)
    .where(and(eq(attendances.companyId, companyId), idIn(attendances.lessonId, ids), sql`${attendances.undoneAt} is null`))
    .orderBy(asc(attendances.id));
  for (const id of ids) memo?.set(linesKey(id), rows.filter((r) => r.lessonId === id).map(attendanceOf));
}

/**
 * The live roll-call lines of a lesson: the seed's while it runs, else those the request loaded (`loadAttendances`);
 * the list a roll call appends its new lines to.
 */
export function liveLinesOf(db: Db, lessonId: number): Attendance[] {
  if (isSeeding()) return (db.seedAttendances ?? []).filter((a) => a.lessonId === lessonId && !a.undoneAt);
  const rows = requestMemo()?.get(linesKey(lessonId)) as Attendance[] | undefined;
  if (!rows) throw new Error(`The roll call of lesson ${lessonId} was not loaded in this request (loadAttendances).`);
  return rows;
}

/** Writes a roll call's new lines; each takes the id the database gives it. */
export async function insertAttendances(lines: Attendance[]): Promise<void> {
  if (!lines.length) return;
  const written = await (await tx()).insert(attendances).values(lines.map(attendanceValues)).returning({ id: attendances.id });
  lines.forEach((a, i) => (a.id = written[i].id));
}

/** Marks undone the lines of an undone roll call, with the proof record each got. */
export async function writeUndone(lines: Attendance[]): Promise<void> {
  const t = await tx();
  for (const a of lines) {
    await t
      .update(attendances)
      .set({ undoneAt: a.undoneAt ? stampDate(a.undoneAt) : null, undoRecordId: a.undoRecordId ?? null })
      .where(and(eq(attendances.companyId, a.companyId), eq(attendances.id, a.id)));
  }
}

/** How many times a student was marked present (every line, an undone one too, as the poster always counted). */
export async function presentCount(companyId: number, studentId: number): Promise<number> {
  const [{ n }] = await (await tx())
    .select({ n: sql<number>`count(*)::int` })
    .from(attendances)
    .where(and(eq(attendances.companyId, companyId), eq(attendances.studentId, studentId), eq(attendances.mark, 'present')));
  return Number(n);
}

/* --------------------------------------------------------------- locking --------------------------------------------------------------- */

/** The advisory lock class of a lesson's places (with the lesson id): "ls" in ASCII. */

/** Changes the label and date the bookings of a moved lesson show. */
export async function relabelLessonBookings(companyId: number, lessonId: number, label: string, date: string): Promise<void> {
  const t = await tx();
  await t.update(reservations).set({ lessonLabel: label, lessonDate: date }).where(and(eq(reservations.companyId, companyId), eq(reservations.lessonId, lessonId)));
  await t.update(leaveRequests).set({ lessonLabel: label, date }).where(and(eq(leaveRequests.companyId, companyId), eq(leaveRequests.lessonId, lessonId)));
}

/* ----------------------------------------------------------------- seed ----------------------------------------------------------------- */

/** Writes the demo seed's trials, reservations and leave requests with their ids. */
export const seedScheduleTables: SqlSeeder = async (sql, db) => {
  await insertMany(sql, trials, (db.seedTrials ?? []).map((t) => ({ ...trialValues(t), id: t.id })));
  await insertMany(sql, reservations, (db.seedReservations ?? []).map((r) => ({ ...reservationValues(r), id: r.id })));
  await insertMany(sql, leaveRequests, (db.seedLeaveRequests ?? []).map((l) => ({ ...leaveValues(l), id: l.id })));
  await insertMany(sql, attendances, (db.seedAttendances ?? []).map((a) => ({ ...attendanceValues(a), id: a.id })));
  await restartIdentities(sql, ['trials', 'reservations', 'leave_requests', 'attendances']);
};
