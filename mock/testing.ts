/**
 * Helpers for vitest tests that call the mock backend over fetch (msw/node, tests/setup.ts). A session is both
 * tokens (`request-token` and `satoken`, mock/http.ts): `authHeaders(token)` adds both, reading the second from the
 * session table (server/auth/state.ts), so a test only keeps the `token` returned by the login.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Lead } from '../src/types/customer';
import { inTransaction, tx } from '../server/db';
import { loadCompany } from './domains/companyRows';
import { leadOf, loadCompanyLeads } from './domains/customer';
import { readClosedMonths } from './domains/ledger';
import { classesOf } from './domains/schoolRows';
import { getDb } from './db';
import type { CardTemplate, SchoolClass, Staff, Student } from '../src/types/school';
import { templateOf } from './domains/cardTemplateRows';
import { arrearsOf } from './domains/cardRows';
import type { ArrearsItem } from '../src/types/arrears';
import { sessionByToken } from '../server/auth/state';
import { arrearsItems, attendances, campuses, cardTemplates, leads, leaveRequests, lessons, memberships, permissionGroups, reservations, staff, students, trials, users, webPages, type invitations } from '../server/db/schema';
import { lessonOf, lessonValues, loadCompanyLessons } from './domains/lessonRows';
import { staffOf } from './domains/staffRows';
import { classIdsOf, loadCompanyStudents, loadStudentCampuses, studentOf } from './domains/studentRows';
import { attendanceOf, leaveOf, reservationOf, trialOf } from './domains/scheduleRows';
import type { Attendance, Lesson, Reservation, Trial } from '../src/types/schedule';
import type { LeaveRequest } from '../src/types/school';
import { membershipRowOf, userRowOf } from './domains/people';
import type { MembershipRow, UserRow } from './db';
import { and, asc, eq } from 'drizzle-orm';

export const BASE = 'http://localhost';

/** The two headers of a session (empty when no token); the second is read from the session table. */
export async function authHeaders(token: string | undefined): Promise<Record<string, string>> {
  if (!token) return {};
  return { 'request-token': token, satoken: (await sessionByToken(token))?.satoken ?? '' };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; body: { code: number; data?: any; msg?: string } };

/** One call: JSON body, English unless `lang`, the session's two tokens when `token`. */
export async function call(method: string, path: string, opts: { token?: string; body?: unknown; lang?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': opts.lang ?? 'en-US', ...(await authHeaders(opts.token)), ...(opts.headers ?? {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** Logs in with the demo password of an account (`<username>123`, maple's teacher `maple123`). */
export async function loginToken(username: string, password = username === 'mapleteacher' ? 'maple123' : `${username}123`): Promise<string> {
  const r = await call('POST', '/v2/user/login/password', { body: { username, password } });
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${r.body.msg}`);
  return r.body.data.token as string;
}

/** Every row of a table in the database (server/db), for tests that look behind the API. */
export async function rowsOf<T extends PgTable>(table: T): Promise<T['$inferSelect'][]> {
  return (await (await tx()).select().from(table as PgTable)) as T['$inferSelect'][];
}

/** Every lead (the customer center's table, server/db/schema/customer.ts) in id order, as the API answers them. */
export async function allLeads(): Promise<Lead[]> {
  return (await (await tx()).select().from(leads).orderBy(asc(leads.id))).map(leadOf);
}

/** Every free trial (server/db/schema/schedule.ts) in id order, as the API answers them. */
export async function allTrials(): Promise<Trial[]> {
  return (await (await tx()).select().from(trials).orderBy(asc(trials.id))).map(trialOf);
}

/** Every roll-call line (undone ones too) in id order, as the API answers them. */
export async function allAttendances(): Promise<Attendance[]> {
  return (await (await tx()).select().from(attendances).orderBy(asc(attendances.id))).map(attendanceOf);
}

/** Every reservation in id order, as the API answers them. */
export async function allReservations(): Promise<Reservation[]> {
  return (await (await tx()).select().from(reservations).orderBy(asc(reservations.id))).map(reservationOf);
}

/** Every leave request in id order, as the API answers them. */
export async function allLeaveRequests(): Promise<LeaveRequest[]> {
  return (await (await tx()).select().from(leaveRequests).orderBy(asc(leaveRequests.id))).map(leaveOf);
}

/** An invitation row to insert in a test: Maple's teacher (user 11) invited by Starlight Dance as a teacher, pending. */
export function mapleTeacherInvitation(over: Partial<typeof invitations.$inferInsert> = {}): typeof invitations.$inferInsert {
  return { companyId: 2, userId: 11, mobile: '13800000011', name: '罗婉清', nameSort: '罗婉清', role: 'teacher', studentIds: [], inviterId: 2, inviterName: '周晓彤', createdAt: new Date(), status: 'pending', ...over };
}

/** A campus's web page as stored (its public code, published state). */
export async function webPageOf(campusId: number): Promise<typeof webPages.$inferSelect> {
  const [page] = await (await tx()).select().from(webPages).where(eq(webPages.campusId, campusId));
  return page;
}

/** A company's default permission group of a role, as stored. */
export async function defaultGroup(companyId: number, role: string): Promise<typeof permissionGroups.$inferSelect> {
  const [g] = await (await tx()).select().from(permissionGroups).where(and(eq(permissionGroups.companyId, companyId), eq(permissionGroups.defaultFor, role as never)));
  return g;
}

/** Changes a permission group behind the API (a test's setup). */
export async function setGroup(id: number, values: Partial<Pick<typeof permissionGroups.$inferInsert, 'flags' | 'dataScope' | 'name'>>): Promise<void> {
  await (await tx()).update(permissionGroups).set(values).where(eq(permissionGroups.id, id));
}

/**
 * Runs a domain function the way a request of a company runs it (a test calling the ledger directly): in one
 * transaction, with what the synchronous rules read from the request: the company's rules
 * and campuses (mock/domains/campusRows.ts) and closed months (mock/domains/ledger.ts), the leads, roll-call marks, students and lessons the figures read.
 */
export async function inRequest<T>(companyId: number, fn: () => T | Promise<T>): Promise<T> {
  return inTransaction(async () => {
    await loadCompany(companyId);
    await readClosedMonths(companyId);
    await loadCompanyLeads(companyId);
    await loadCompanyStudents(getDb(), companyId);
    await loadStudentCampuses(getDb(), companyId);
    await loadCompanyLessons(companyId);
    return fn();
  });
}

/** Every staff member (server/db/schema/staff.ts) in id order, as the API answers them (their campus's name read). */
export async function allStaff(): Promise<Staff[]> {
  const rows = await (await tx()).select({ row: staff, campusName: campuses.name }).from(staff).innerJoin(campuses, eq(campuses.id, staff.campusId)).orderBy(asc(staff.id));
  return rows.map((r) => ({ ...staffOf(getDb(), r.row), campusName: r.campusName }));
}

/** Every student (server/db/schema/students.ts) in id order, as the API answers them (class ids, campus's name). */
export async function allStudents(): Promise<Student[]> {
  const t = await tx();
  const rows = await t.select({ row: students, campusName: campuses.name }).from(students).innerJoin(campuses, eq(campuses.id, students.campusId)).orderBy(asc(students.id));
  const classIds = await classIdsOf(t, rows.map((r) => r.row.id));
  return rows.map((r) => ({ ...studentOf(getDb(), r.row, classIds.get(r.row.id) ?? []), campusName: r.campusName }));
}

/** Every lesson (server/db/schema/schedule.ts `lessons`) in id order, as the API answers them (before `viewLesson`). */
export async function allLessons(): Promise<Lesson[]> {
  return (await (await tx()).select().from(lessons).orderBy(asc(lessons.id))).map(lessonOf);
}

/** The lessons of a company, as `allLessons`. */
export async function lessonsIn(companyId: number): Promise<Lesson[]> {
  return (await (await tx()).select().from(lessons).where(eq(lessons.companyId, companyId)).orderBy(asc(lessons.id))).map(lessonOf);
}

/** One lesson by id (throws when there is none). */
export async function lessonById(id: number): Promise<Lesson> {
  const [r] = await (await tx()).select().from(lessons).where(eq(lessons.id, id));
  if (!r) throw new Error(`no lesson ${id}`);
  return lessonOf(r);
}

/** Writes a lesson as the object has it (a test that moves a lesson in time or changes its state directly). */
export async function saveLesson(lesson: Lesson): Promise<void> {
  const { companyId: _c, ...values } = lessonValues(lesson);
  await (await tx()).update(lessons).set(values).where(eq(lessons.id, lesson.id));
}

/** The students of a company, as `allStudents`. */
export async function studentsIn(companyId: number): Promise<Student[]> {
  return (await allStudents()).filter((s) => s.companyId === companyId);
}

/** Every user as the backend reads it (mock/domains/people.ts), in id order. */
export async function userRows(): Promise<UserRow[]> {
  return (await rowsOf(users)).sort((a, b) => a.id - b.id).map(userRowOf);
}

/** Every account (membership) as the backend reads it, in id order. */
export async function membershipRows(): Promise<MembershipRow[]> {
  return (await rowsOf(memberships)).sort((a, b) => a.roleId - b.roleId).map(membershipRowOf);
}

/** A user by username (a demo account's). */
export async function userNamed(username: string): Promise<UserRow> {
  const u = (await userRows()).find((x) => x.username === username);
  if (!u) throw new Error(`no user ${username}`);
  return u;
}

/** Changes a user behind the API (a test's setup). */
export async function setUserFields(id: number, values: Partial<Pick<typeof users.$inferInsert, 'passwordHash' | 'mobile' | 'mustChangePassword'>>): Promise<void> {
  await (await tx()).update(users).set(values).where(eq(users.id, id));
}

/** Disables (or enables) a user's accounts behind the API (a test's setup). */
export async function setAccountsDisabled(userId: number, disabled: boolean): Promise<void> {
  await (await tx()).update(memberships).set({ disabled }).where(eq(memberships.userId, userId));
}

/** A company's classes as a request of it reads them (their names and student counts derived), in the database's state now. */
export async function classesIn(companyId: number): Promise<SchoolClass[]> {
  return inRequest(companyId, () => classesOf(getDb(), companyId));
}

/** Every card template in id order, as the API answers them (the issued counts from the cards now). */
export async function allCardTemplates(): Promise<CardTemplate[]> {
  const db = getDb();
  const counts = new Map<number, number>();
  for (const c of db.studentCards) counts.set(c.templateId, (counts.get(c.templateId) ?? 0) + 1);
  return (await (await tx()).select().from(cardTemplates).orderBy(asc(cardTemplates.id))).map((r) => templateOf(r, counts.get(r.id) ?? 0));
}

/** Every arrears item in id order, as the API answers them (the table, server/db/schema/cards.ts). */
export async function allArrears(): Promise<ArrearsItem[]> {
  return (await (await tx()).select().from(arrearsItems).orderBy(asc(arrearsItems.id))).map(arrearsOf);
}
