/**
 * The lessons in the database (server/db/schema/schedule.ts `lessons`) as the API answers them, and their writes.
 *
 * The rules still kept in the process (roll call over cards and hour records, the analysis, salaries, reminders) read
 * a company's lessons synchronously: `loadCompanyLessons` reads them once per request into its memo (one row: the
 * lessons as one json array), `lessonsOf` gives them (during the in-process seed: the seed's `Db.seedLessons`). The
 * lesson policies load them before their calls (`load`); other calls load them where they need them. A write changes
 * the memo's object and its row (`updateLessonRow`), a new lesson joins the memo (`insertLessonRow`).
 */
import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { isSeeding, type Db, type SqlSeeder } from '../db';
import { requestMemo, restartIdentities, tx } from '../../server/db';
import { insertMany } from '../../server/db/bulk';
import { lessons } from '../../server/db/schema';
import { stampDate, stampOf } from '../../server/db/time';
import type { Lesson } from '../../src/types/schedule';

declare module '../db' {
  interface Db {
    /** The demo seed's lessons (written to the database by `seedLessonRows`; never read by a request). */
    seedLessons: Lesson[];
  }
}

type LessonRow = typeof lessons.$inferSelect;

/** A row as the API answers it (its roll-call state and student count are derived per call: `viewLesson`). */
export function lessonOf(r: LessonRow): Lesson {
  return {
    id: r.id,
    companyId: r.companyId,
    campusId: r.campusId,
    campusName: r.campusName,
    classId: r.classId,
    className: r.className,
    course: r.course,
    teacherId: r.teacherId,
    teacherName: r.teacherName,
    roomId: r.roomId,
    roomName: r.roomName,
    date: r.date,
    start: r.start,
    end: r.end,
    hours: Number(r.hours),
    kind: r.kind,
    status: r.status,
    rollCall: 'notDue',
    studentCount: 0,
    capacity: r.capacity,
    ...(r.rollCalledAt ? { rollCalledAt: stampOf(r.rollCalledAt) } : {}),
    ...(r.rollCallBy !== null ? { rollCallBy: r.rollCallBy } : {}),
    ...(r.presentCount !== null ? { presentCount: r.presentCount } : {}),
    ...(r.remark !== null ? { remark: r.remark } : {}),
    createdAt: stampOf(r.createdAt),
    createdBy: r.createdBy,
  };
}

/** The columns of a lesson (its id aside). */
export function lessonValues(l: Lesson): typeof lessons.$inferInsert {
  return {
    companyId: l.companyId,
    campusId: l.campusId,
    campusName: l.campusName,
    classId: l.classId,
    className: l.className,
    course: l.course,
    teacherId: l.teacherId,
    teacherName: l.teacherName,
    roomId: l.roomId,
    roomName: l.roomName,
    date: l.date,
    start: l.start,
    end: l.end,
    hours: l.hours,
    kind: l.kind,
    status: l.status,
    capacity: l.capacity,
    rollCalledAt: l.rollCalledAt ? stampDate(l.rollCalledAt) : null,
    rollCallBy: l.rollCallBy ?? null,
    presentCount: l.presentCount ?? null,
    remark: l.remark ?? null,
    createdAt: stampDate(l.createdAt),
    createdBy: l.createdBy,
  };
}

const memoKey = (companyId: number) => `lessons:${companyId}`;

/** Reads a company's lessons (id order) into the request's memo for the synchronous rules (once per request). */
export async function loadCompanyLessons(companyId: number): Promise<Lesson[]> {
  const memo = requestMemo();
  const held = memo?.get(memoKey(companyId)) as Lesson[] | undefined;
  if (held) return held;
  // One row (the lessons as one json array): a large company's thousands of lessons read row by row cost several times more.
  const [r] = await (await tx())
    .select({ list: sql<LessonRow[] | null>`json_agg(json_build_object(${sql.raw(JSON_FIELDS)}) order by l.id)` })
    .from(sql`${lessons} as l`)
    .where(sql`l.company_id = ${companyId}`);
  const list = (r?.list ?? []).map((j) => lessonOf({ ...j, rollCalledAt: j.rollCalledAt && new Date(j.rollCalledAt), createdAt: new Date(j.createdAt) }));
  memo?.set(memoKey(companyId), list);
  return list;
}

/** The json object of a row, with the row's property names (`lessonOf` reads it; dates come as text). */
const JSON_FIELDS = Object.entries({
  id: 'id',
  companyId: 'company_id',
  campusId: 'campus_id',
  campusName: 'campus_name',
  classId: 'class_id',
  className: 'class_name',
  course: 'course',
  teacherId: 'teacher_id',
  teacherName: 'teacher_name',
  roomId: 'room_id',
  roomName: 'room_name',
  date: 'date',
  start: 'start',
  end: 'end',
  hours: 'hours',
  kind: 'kind',
  status: 'status',
  capacity: 'capacity',
  rollCalledAt: 'roll_called_at',
  rollCallBy: 'roll_call_by',
  presentCount: 'present_count',
  remark: 'remark',
  createdAt: 'created_at',
  createdBy: 'created_by',
})
  .map(([k, c]) => `'${k}', l."${c}"`)
  .join(', ');

/** A company's lessons for synchronous code: the seed's while it runs, else those the request loaded (`loadCompanyLessons`). */
export function lessonsOf(db: Db, companyId: number): Lesson[] {
  if (isSeeding()) return (db.seedLessons ?? []).filter((l) => l.companyId === companyId);
  const rows = requestMemo()?.get(memoKey(companyId)) as Lesson[] | undefined;
  if (!rows) throw new Error(`The lessons of company ${companyId} were not loaded in this request (loadCompanyLessons).`);
  return rows;
}

/** Writes a new lesson (its id from the database); it joins the request's lessons when they were read. */
export async function insertLessonRow(lesson: Lesson): Promise<Lesson> {
  const [r] = await (await tx()).insert(lessons).values(lessonValues(lesson)).returning({ id: lessons.id });
  lesson.id = r.id;
  (requestMemo()?.get(memoKey(lesson.companyId)) as Lesson[] | undefined)?.push(lesson);
  return lesson;
}

/** Writes a lesson's columns as the object has them now. */
export async function updateLessonRow(lesson: Lesson): Promise<void> {
  const { companyId: _c, ...values } = lessonValues(lesson);
  await (await tx()).update(lessons).set(values).where(eq(lessons.id, lesson.id));
}

/**
 * Locks a lesson's row until the request ends and brings the object up to date with it: two roll calls, a roll call
 * and its undo, two bookings of its last place, run one after the other, the second seeing what the first wrote.
 */
export async function lockLesson(lesson: Lesson): Promise<void> {
  const [r] = await (await tx()).select().from(lessons).where(eq(lessons.id, lesson.id)).for('update');
  if (!r) return;
  const fresh = lessonOf(r);
  for (const k of ['rollCalledAt', 'rollCallBy', 'presentCount', 'remark'] as const) delete lesson[k];
  Object.assign(lesson, { ...fresh, rollCall: lesson.rollCall, studentCount: lesson.studentCount });
}

/** How many lessons of a company from `day` on, not cancelled, match `where` (a room or class still in use). */
export async function countFutureLessons(companyId: number, day: string, where: SQL): Promise<number> {
  const [r] = await (await tx())
    .select({ n: sql<number>`count(*)::int` })
    .from(lessons)
    .where(and(eq(lessons.companyId, companyId), gte(lessons.date, day), sql`${lessons.status} <> 'cancelled'`, where));
  return Number(r?.n ?? 0);
}

/** The latest lessons (at most `limit`, newest first) of these classes between two days: a student's history. */
export async function lessonsOfClasses(companyId: number, classIds: number[], from: string, to: string, limit: number): Promise<Lesson[]> {
  if (!classIds.length) return [];
  const rows = await (await tx())
    .select()
    .from(lessons)
    .where(and(eq(lessons.companyId, companyId), inArray(lessons.classId, classIds), gte(lessons.date, from), lte(lessons.date, to)))
    .orderBy(desc(lessons.date), desc(lessons.start), desc(lessons.id))
    .limit(limit);
  return rows.map(lessonOf);
}

/** Writes the seed's lessons with their ids (`Db.seedLessons`), then numbers new lessons after them. */
export const seedLessonRows: SqlSeeder = async (t, db) => {
  await insertMany(t, lessons, (db.seedLessons ?? []).map((l) => ({ ...lessonValues(l), id: l.id })));
  await restartIdentities(t, ['lessons']);
};

