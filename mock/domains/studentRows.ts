/**
 * The students in the database (server/db/schema/students.ts) as the API answers them: a row with its class ids (its
 * enrolments, in the order they were made) and its campus's name (the request's campuses, read on the way out), the
 * caller's scope as an SQL condition (the same rows as the in-process `studentRows`: a teacher's classes, a data
 * scope narrowed to the caller's campus or own students), one student by id within a scope (locked for a write), a
 * few students by id, and the writes of a new student with its enrolments.
 *
 * Groundwork of the students' port (issue 32): the process still keeps the live students (`Db.students`); nothing
 * here is read by a request yet (docs/DEVELOPING.md "## Data").
 */
import { and, asc, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import type { Session } from '../http';
import { type Database, restartIdentities, tx } from '../../server/db';
import { insertMany } from '../../server/db/bulk';
import { studentClasses, students } from '../../server/db/schema';
import { sortKey } from '../../server/db/sortKey';
import { stampDate, stampOf } from '../../server/db/time';
import type { Student } from '../../src/types/school';
import { campusById } from './campusRows';
import { classesOf } from './schoolRows';
import { leadIdsOf, viewerOf } from './dataScope';
import { idIn } from './scheduleRows';
import { visibleClassIds } from './schoolPolicies';

type StudentRow = typeof students.$inferSelect;

const u = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

/** A row as the API answers it, with its class ids and its campus's name. */
export function studentOf(db: Db, r: StudentRow, classIds: number[]): Student {
  return {
    id: r.id,
    companyId: r.companyId,
    campusId: r.campusId,
    campusName: campusById(db, r.campusId)?.name ?? '',
    name: r.name,
    gender: r.gender,
    birthday: u(r.birthday),
    mobile: r.mobile,
    parentName: r.parentName,
    status: r.status,
    classIds,
    createdAt: stampOf(r.createdAt),
    remark: u(r.remark),
    leadId: u(r.leadId),
  };
}

/** The columns of a student (its id and class ids aside). */
export function studentValues(s: Omit<Student, 'id' | 'classIds' | 'campusName'>): typeof students.$inferInsert {
  return {
    companyId: s.companyId,
    campusId: s.campusId,
    name: s.name,
    nameSort: sortKey(s.name),
    gender: s.gender,
    birthday: s.birthday || null,
    mobile: s.mobile,
    parentName: s.parentName,
    status: s.status,
    createdAt: stampDate(s.createdAt),
    remark: s.remark ?? null,
    leadId: s.leadId ?? null,
  };
}

/** The class ids of these students, each in the order of enrolment. */
export async function classIdsOf(t: Database, studentIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(studentIds.map((id) => [id, []]));
  if (!studentIds.length) return out;
  const rows = await t
    .select({ studentId: studentClasses.studentId, classId: studentClasses.classId })
    .from(studentClasses)
    .where(idIn(studentClasses.studentId, studentIds))
    .orderBy(asc(studentClasses.seq));
  for (const r of rows) out.get(r.studentId)?.push(r.classId);
  return out;
}

/** Rows read with their class ids, in the order given. */
async function withClasses(db: Db, t: Database, rows: StudentRow[]): Promise<Student[]> {
  const classIds = await classIdsOf(t, rows.map((r) => r.id));
  return rows.map((r) => studentOf(db, r, classIds.get(r.id) ?? []));
}

/** A few students of a company by id (those that exist), in id order. */
export async function studentsByIds(db: Db, companyId: number, ids: Iterable<number>): Promise<Student[]> {
  const list = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0);
  if (!list.length) return [];
  const t = await tx();
  const rows = await t
    .select()
    .from(students)
    .where(and(eq(students.companyId, companyId), idIn(students.id, list)))
    .orderBy(asc(students.id));
  return withClasses(db, t, rows);
}

/** One student by id within a scope condition, locked for update when `lock`. */
export async function findStudent(db: Db, id: number, scope: SQL | undefined, lock: boolean): Promise<Student | undefined> {
  const t = await tx();
  const q = t.select().from(students).where(and(eq(students.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && (await withClasses(db, t, [r]))[0];
}

/** The student is enrolled in one of these classes (false when none). */
export function inClasses(classIds: Iterable<number>): SQL {
  const list = [...classIds];
  if (!list.length) return sql`false`;
  return exists(
    sql`(select 1 from ${studentClasses} where ${studentClasses.studentId} = ${students.id} and ${idIn(studentClasses.classId, list)})`,
  );
}

/**
 * The caller's students as an SQL condition: the company's, a teacher's own classes' (whatever their data scope), and
 * within the data scope of the caller's permission group (own: in a class they teach, holding a card they sold, or
 * converted from a lead they own; campus: their campus's too). The scope of `studentRows` (./schoolPolicies.ts) over
 * the table; a narrowed data scope needs the caller's own lead ids in the memo (`loadLeadIds`).
 */
export function studentWhere(s: Session, db: Db): SQL {
  const conds: (SQL | undefined)[] = [eq(students.companyId, s.company.id)];
  const taughtOnly = visibleClassIds(db, s);
  if (taughtOnly) conds.push(inClasses(taughtOnly));
  const v = viewerOf(db, s);
  if (v && v.scope !== 'company') {
    const taught = classesOf(db, s.company.id).filter((c) => v.staffId !== undefined && c.teacherId === v.staffId).map((c) => c.id);
    const sold = new Set(db.studentCards.filter((c) => c.companyId === s.company.id && v.staffId !== undefined && c.sellerId === v.staffId).map((c) => c.studentId));
    const ownLeads = leadIdsOf(s, 'owned');
    const own = or(idIn(students.id, sold), inClasses(taught), ownLeads.size ? idIn(students.leadId, ownLeads) : undefined)!;
    conds.push(v.scope === 'campus' && v.campusId !== undefined ? or(own, eq(students.campusId, v.campusId)) : own);
  }
  return and(...conds)!;
}

/** Writes a new student with its enrolments (ids from the table's identity); the answer is the row written. */
export async function insertStudentRow(db: Db, s: Omit<Student, 'id' | 'campusName'>): Promise<Student> {
  const t = await tx();
  const [r] = await t.insert(students).values(studentValues(s)).returning();
  if (s.classIds.length) await t.insert(studentClasses).values(s.classIds.map((classId) => ({ studentId: r.id, classId })));
  return studentOf(db, r, [...s.classIds]);
}

/** Writes these students with their ids and enrolments (a seed, an import) in the transaction `t`. */
export async function writeStudents(t: Database, rows: Student[]): Promise<void> {
  await insertMany(t, students, rows.map((s) => ({ ...studentValues(s), id: s.id })));
  await insertMany(t, studentClasses, rows.flatMap((s) => s.classIds.map((classId) => ({ studentId: s.id, classId }))));
}

/** Writes the given seed students with their ids, then numbers new students after them. */
export async function seedStudentRows(t: Database, rows: Student[]): Promise<void> {
  await writeStudents(t, rows);
  await restartIdentities(t, ['students']);
}
