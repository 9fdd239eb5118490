/**
 * The students in the database (server/db/schema/students.ts) as the API answers them: a row with its class ids (its
 * enrolments, in the order they were made) and its campus's name (the request's campuses, read on the way out), the
 * caller's scope as an SQL condition (a teacher's classes, a data scope narrowed to the caller's campus or own
 * students), one student by id within a scope (locked for a write), a few students by id, and the writes.
 *
 * What the rules still kept in the process need (cards, hour records, lessons and their figures, issue 32):
 * - the ids of the caller's students when their scope narrows, read before every call (`loadVisibleStudents`, a
 *   `beforeCall` hook) into the request's memo (`visibleStudentIds`, undefined = the whole company);
 * - a company's students for synchronous code that reads all of them (a notice's receivers, the analysis, the
 *   import's duplicates): `loadCompanyStudents` reads them into the memo once per request, `companyStudentsOf` gives
 *   them (during the in-process seed: the seed's `Db.seedStudents`).
 */
import { and, asc, count, eq, exists, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { isSeeding, type Db, type SqlSeeder } from '../db';
import type { Session } from '../http';
import { type Database, requestMemo, restartIdentities, tx } from '../../server/db';
import { insertMany } from '../../server/db/bulk';
import { classes, studentCards, studentClasses, students } from '../../server/db/schema';
import { sortKey } from '../../server/db/sortKey';
import { stampDate, stampOf } from '../../server/db/time';
import type { Student } from '../../src/types/school';
import { campusById } from './campusRows';
import { classesOf } from './schoolRows';
import { leadIdsOf, narrowsScope, viewerOf, visibleClassIds } from './dataScope';
import { idIn } from './scheduleRows';

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

/** Rows read (a page) as the API answers them, in the order given. */
export async function studentsOfRows(db: Db, rows: StudentRow[]): Promise<Student[]> {
  return withClasses(db, await tx(), rows);
}

/** The mobiles and parents' names of a company's students by id (those that exist). */
export async function studentContacts(companyId: number, ids: Iterable<number>): Promise<Map<number, { mobile: string; parentName: string }>> {
  const list = [...new Set(ids)];
  if (!list.length) return new Map();
  const rows = await (await tx())
    .select({ id: students.id, mobile: students.mobile, parentName: students.parentName })
    .from(students)
    .where(and(eq(students.companyId, companyId), idIn(students.id, list)));
  return new Map(rows.map((r) => [r.id, { mobile: r.mobile, parentName: r.parentName }]));
}

/** The students of a class now, in id order. */
export async function studentsInClass(db: Db, companyId: number, classId: number): Promise<Student[]> {
  const t = await tx();
  const rows = await t
    .select({ row: students })
    .from(students)
    .innerJoin(studentClasses, and(eq(studentClasses.studentId, students.id), eq(studentClasses.classId, classId)))
    .where(eq(students.companyId, companyId))
    .orderBy(asc(students.id));
  return withClasses(db, t, rows.map((r) => r.row));
}

/** The active students of these classes by class, each list in id order (the lessons' students). */
export async function activeEnrolments(companyId: number, classIds: Iterable<number>): Promise<Map<number, Pick<Student, 'id' | 'name' | 'parentName'>[]>> {
  const list = [...new Set(classIds)];
  const out = new Map<number, Pick<Student, 'id' | 'name' | 'parentName'>[]>();
  if (!list.length) return out;
  // One row per class (its students as one json array): a company's lessons may name thousands of students.
  const rows = await (await tx())
    .select({ classId: studentClasses.classId, list: sql<[number, string, string][]>`json_agg(json_build_array(${students.id}, ${students.name}, ${students.parentName}) order by ${students.id})` })
    .from(studentClasses)
    .innerJoin(students, eq(students.id, studentClasses.studentId))
    .where(and(eq(students.companyId, companyId), eq(students.status, 'active'), idIn(studentClasses.classId, list)))
    .groupBy(studentClasses.classId);
  for (const r of rows) out.set(r.classId, r.list.map(([id, name, parentName]) => ({ id, name, parentName })));
  return out;
}

/** The names of a company's students by id (those that exist). */
export async function studentNames(db: Db, companyId: number, ids: Iterable<number>): Promise<Map<number, string>> {
  return new Map((await studentsByIds(db, companyId, ids)).map((s) => [s.id, s.name]));
}

/** These students become a parent's: their mobile and parent's name are the account's (a parent account, an invitation accepted). */
export async function setParent(kids: Student[], parent: { mobile: string; name: string }): Promise<void> {
  for (const st of kids) {
    st.mobile = parent.mobile;
    st.parentName = parent.name;
    await updateStudentRow(st);
  }
}

/** The company's student of this name and mobile (another than `exceptId`): a second one is refused. */
export async function sameStudent(companyId: number, s: Pick<Student, 'name' | 'mobile'>, exceptId?: number): Promise<{ id: number; name: string } | undefined> {
  const [r] = await (await tx())
    .select({ id: students.id, name: students.name })
    .from(students)
    .where(and(eq(students.companyId, companyId), eq(students.mobile, s.mobile), eq(students.name, s.name), exceptId === undefined ? undefined : ne(students.id, exceptId)))
    .limit(1);
  return r;
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
    // The students they sold a card to (the cards' table).
    const sold = v.staffId === undefined ? undefined : exists(sql`(select 1 from ${studentCards} where ${studentCards.studentId} = ${students.id} and ${studentCards.companyId} = ${s.company.id} and ${studentCards.sellerId} = ${v.staffId})`);
    const ownLeads = leadIdsOf(s, 'owned');
    const own = or(sold ?? sql`false`, inClasses(taught), ownLeads.size ? idIn(students.leadId, ownLeads) : undefined)!;
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

/** Writes the seed's students with their ids (`Db.seedStudents`), then numbers new students after them. */
export const seedStudentRows: SqlSeeder = async (t, db) => {
  await writeStudents(t, db.seedStudents);
  await restartIdentities(t, ['students']);
};

/* ---------------- the request's memo ---------------- */

const companyKey = (companyId: number) => `students:${companyId}`;
const visibleKey = (s: Pick<Session, 'company' | 'user'>) => `students:visible:${s.company.id}:${s.user.id}`;

/** A company's students with their class ids, in id order. */
export async function readCompanyStudents(db: Db, companyId: number): Promise<Student[]> {
  // One row (the students as one json array, each with its class ids in the order of enrolment): reading a large
  // company's students row by row costs several times more.
  const [r] = await (await tx())
    .select({
      list: sql<StudentJson[] | null>`json_agg(json_build_array(s.id, s.campus_id, s.name, s.gender, s.birthday, s.mobile, s.parent_name, s.status, s.created_at, s.remark, s.lead_id, (select coalesce(json_agg(e.class_id order by e.seq), '[]'::json) from ${studentClasses} as e where e.student_id = s.id)) order by s.id)`,
    })
    .from(sql`${students} as s`)
    .where(sql`s.company_id = ${companyId}`);
  return (r?.list ?? []).map(([id, campusId, name, gender, birthday, mobile, parentName, status, createdAt, remark, leadId, classIds]) =>
    studentOf(db, { id, companyId, campusId, name, nameSort: '', gender, birthday, mobile, parentName, status, createdAt: new Date(createdAt), remark, leadId }, classIds),
  );
}

/** A student as `json_build_array` gives it (./studentRows.ts `readCompanyStudents`). */
type StudentJson = [number, number, string, Student['gender'], string | null, string, string, Student['status'], string, string | null, number | null, number[]];

/** Reads a company's students into the request's memo for the synchronous code that reads all of them (once per request). */
export async function loadCompanyStudents(db: Db, companyId: number): Promise<Student[]> {
  const memo = requestMemo();
  const held = memo?.get(companyKey(companyId)) as Student[] | undefined;
  if (held) return held;
  const rows = await readCompanyStudents(db, companyId);
  memo?.set(companyKey(companyId), rows);
  return rows;
}

/** A company's students for synchronous code: the seed's while it runs, else those the request loaded (`loadCompanyStudents`). */
export function companyStudentsOf(db: Db, companyId: number): Student[] {
  if (isSeeding()) return db.seedStudents.filter((s) => s.companyId === companyId);
  const rows = requestMemo()?.get(companyKey(companyId)) as Student[] | undefined;
  if (!rows) throw new Error(`The students of company ${companyId} were not loaded in this request (loadCompanyStudents).`);
  return rows;
}

/** Forgets the company's students read in this request (after a write to them, the next read reads them again). */
export function forgetCompanyStudents(companyId: number): void {
  requestMemo()?.delete(companyKey(companyId));
  requestMemo()?.delete(campusesKey(companyId));
}

/** The caller's scope narrows the students: a teacher (their classes) or a data scope other than the company. */
export function narrowsStudents(db: Db, s: Session): boolean {
  return visibleClassIds(db, s) !== undefined || narrowsScope(db, s);
}

/** Reads before every call the ids of the caller's students when their scope narrows (`visibleStudentIds`). */
export async function loadVisibleStudents(db: Db, s: Session): Promise<void> {
  if (!narrowsStudents(db, s)) return;
  const rows = await (await tx()).select({ id: students.id }).from(students).where(studentWhere(s, db));
  requestMemo()?.set(visibleKey(s), new Set(rows.map((r) => r.id)));
}

/** Ids of the students the caller may see; undefined = every student of the company (no filter needed). */
export function visibleStudentIds(db: Db, s: Session): Set<number> | undefined {
  if (!narrowsStudents(db, s)) return undefined;
  const ids = requestMemo()?.get(visibleKey(s)) as Set<number> | undefined;
  if (!ids) throw new Error(`The students of user ${s.user.id} were not loaded in this request (loadVisibleStudents).`);
  return ids;
}

/** The caller's students among a company's (`companyStudentsOf`, loaded): the scope of `studentWhere` in the process. */
export function studentRows(db: Db, s: Session): Student[] {
  const all = companyStudentsOf(db, s.company.id);
  const visible = visibleStudentIds(db, s);
  return visible ? all.filter((st) => visible.has(st.id)) : all;
}

/** A student's campus now (the figures count a card on its student's campus). */
export type StudentCampus = Pick<Student, 'id' | 'campusId' | 'campusName'>;
const campusesKey = (companyId: number) => `students:campuses:${companyId}`;

/**
 * Reads the campus of every student of a company into the request's memo (`studentCampusesOf`), as the finance
 * figures read every card's campus.
 */
export async function loadStudentCampuses(db: Db, companyId: number): Promise<void> {
  const memo = requestMemo();
  if (!memo || memo.has(campusesKey(companyId))) return;
  // One row per campus (its students' ids as text): a large company's students read row by row cost several times more.
  const rows = await (await tx())
    .select({ campusId: students.campusId, ids: sql<string>`string_agg(${students.id}::text, ',')` })
    .from(students)
    .where(eq(students.companyId, companyId))
    .groupBy(students.campusId);
  const out = new Map<number, StudentCampus>();
  for (const r of rows) {
    const campusName = campusById(db, r.campusId)?.name ?? '';
    for (const id of r.ids.split(',')) out.set(Number(id), { id: Number(id), campusId: r.campusId, campusName });
  }
  memo.set(campusesKey(companyId), out);
}

/** The campus of every student of a company by id: the seed's while it runs, else as the request read them (`loadStudentCampuses`). */
export function studentCampusesOf(db: Db, companyId: number): Map<number, StudentCampus> {
  if (isSeeding()) return new Map(db.seedStudents.filter((s) => s.companyId === companyId).map((s) => [s.id, s]));
  const m = requestMemo()?.get(campusesKey(companyId)) as Map<number, StudentCampus> | undefined;
  if (!m) throw new Error(`The students' campuses of company ${companyId} were not read in this request (loadStudentCampuses).`);
  return m;
}

/* ---------------- writes ---------------- */

/** The number of students of a class now, its row locked (enrolments of one class wait for each other). */
async function lockedCount(classId: number): Promise<number> {
  const t = await tx();
  await t.select({ id: classes.id }).from(classes).where(eq(classes.id, classId)).for('update');
  const [r] = await t.select({ n: count() }).from(studentClasses).where(eq(studentClasses.classId, classId));
  return r?.n ?? 0;
}

/**
 * Enrols a student in a class within its capacity: `full` is called (and nothing written) when the class, its row
 * locked, has no seat left. The student's `classIds` gains the class.
 */
export async function enrolRow(student: Student, cls: { id: number; capacity: number }, full: () => never): Promise<void> {
  if (student.classIds.includes(cls.id)) return;
  if ((await lockedCount(cls.id)) >= cls.capacity) full();
  await (await tx()).insert(studentClasses).values({ studentId: student.id, classId: cls.id });
  student.classIds.push(cls.id);
  forgetCompanyStudents(student.companyId);
}

/** Takes a student out of a class. */
export async function unenrolRow(student: Student, classId: number): Promise<void> {
  await (await tx()).delete(studentClasses).where(and(eq(studentClasses.studentId, student.id), eq(studentClasses.classId, classId)));
  student.classIds = student.classIds.filter((id) => id !== classId);
  forgetCompanyStudents(student.companyId);
}

/** Writes a student's fields (its class ids aside). */
export async function updateStudentRow(student: Student): Promise<void> {
  const { companyId: _c, ...values } = studentValues(student);
  await (await tx()).update(students).set(values).where(eq(students.id, student.id));
  forgetCompanyStudents(student.companyId);
}

/** Deletes a student (its enrolments go with it). */
export async function deleteStudentRow(student: Student): Promise<void> {
  await (await tx()).delete(students).where(eq(students.id, student.id));
  forgetCompanyStudents(student.companyId);
}

/** How many students a company has. */
export async function countStudents(companyId: number): Promise<number> {
  const [r] = await (await tx()).select({ n: count() }).from(students).where(eq(students.companyId, companyId));
  return r?.n ?? 0;
}

/** How many students each of these classes has. */
export async function classStudentCounts(classIds: number[]): Promise<Map<number, number>> {
  if (!classIds.length) return new Map();
  const rows = await (await tx())
    .select({ classId: studentClasses.classId, n: count() })
    .from(studentClasses)
    .where(inArray(studentClasses.classId, classIds))
    .groupBy(studentClasses.classId);
  return new Map(rows.map((r) => [r.classId, r.n]));
}
