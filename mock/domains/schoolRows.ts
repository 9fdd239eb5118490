/**
 * Rooms and classes in the database (server/db/schema/school.ts). A request reads its company's rooms and classes
 * once, with the company (`loadCompany` in ./companyRows.ts, run by the session), into the request's memo, where the
 * synchronous rules still kept in the process find them (a teacher's classes scoping the students, a class's
 * capacity at an enrolment, the schedule's lessons, a notice's receivers): `roomsOf`, `classesOf`, `classById`. What
 * a row shows of others is read with it (`roomOf`, `classOf`): the campus's and room's names from their rows, the
 * teacher's from the company's staff in the memo (./staffRows.ts), the student count from the enrolments (read with
 * the classes). Lists read the tables (`sqlList`); writes go to the table and to the memo's row. During the in-process
 * seed the seed's rows (`Db.seedRooms`, `Db.seedClasses`) stand for them.
 */
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { requestMemo, restartIdentities, tx, type Database } from '../../server/db';
import { insertMany } from '../../server/db/bulk';
import { classes, rooms, studentClasses } from '../../server/db/schema';
import { sortKey } from '../../server/db/sortKey';
import { isSeeding, type Db } from '../db';
import { indexOf } from '../indexes';
import type { Room, SchoolClass } from '../../src/types/school';
import { campusById } from './campusRows';
import { staffRowsOf } from './staffRows';

type RoomSql = typeof rooms.$inferSelect;
type ClassSql = typeof classes.$inferSelect;

/** A room as `json_agg` gives it (the table's column names). */
export interface RoomJson {
  id: number;
  company_id: number;
  campus_id: number;
  name: string;
  name_sort: string;
  capacity: number;
}

/** A class as `json_agg` gives it. */
export interface ClassJson {
  id: number;
  company_id: number;
  campus_id: number;
  name: string;
  name_sort: string;
  course: string;
  course_sort: string;
  teacher_id: number;
  room_id: number | null;
  capacity: number;
  hours_per_lesson: number | string;
  start_date: string;
  end_date: string;
  status: 'open' | 'closed';
  /** Its enrolments now (read with it, ./companyRows.ts). */
  student_count?: number;
}

interface Loaded {
  roomRows: RoomSql[];
  classRows: ClassSql[];
  /** Students per class id (its enrolments, read with the classes). */
  counts: Map<number, number>;
  /** The views, built at the first use in the request. */
  rooms?: Room[];
  classes?: SchoolClass[];
}

const key = (companyId: number) => `school:${companyId}`;

function roomOfJson(r: RoomJson): RoomSql {
  return { id: r.id, companyId: r.company_id, campusId: r.campus_id, name: r.name, nameSort: r.name_sort, capacity: r.capacity };
}

function classOfJson(c: ClassJson): ClassSql {
  return {
    id: c.id,
    companyId: c.company_id,
    campusId: c.campus_id,
    name: c.name,
    nameSort: c.name_sort,
    course: c.course,
    courseSort: c.course_sort,
    teacherId: c.teacher_id,
    roomId: c.room_id,
    capacity: c.capacity,
    hoursPerLesson: Number(c.hours_per_lesson),
    startDate: c.start_date,
    endDate: c.end_date,
    status: c.status,
  };
}

/**
 * Keeps a company's rooms and classes as `json_agg` read them (./companyRows.ts) in the request's memo. Rows the
 * request already holds stay the ones its code holds (its own writes keep them up to date).
 */
export function rememberSchoolRows(companyId: number, roomList: RoomJson[], classList: ClassJson[]): void {
  if (requestMemo()?.has(key(companyId))) return;
  requestMemo()?.set(key(companyId), { roomRows: roomList.map(roomOfJson), classRows: classList.map(classOfJson), counts: new Map(classList.map((c) => [c.id, c.student_count ?? 0])) } satisfies Loaded);
}

/** The SQL of a company's classes (the company's id column given), one json array in id order, each with its student count. */
export function classListSql(companyId: SQL | AnyColumn): SQL<ClassJson[]> {
  return sql<ClassJson[]>`coalesce((select json_agg(k order by k.id) from (select c.*, (select count(*)::int from ${studentClasses} as e where e.class_id = c.id) as student_count from ${classes} as c where c.company_id = ${companyId}) as k), '[]'::json)`;
}

/** Reads a company's rooms and classes into the request's memo (code outside a session's request: the reminder sweep). */
export async function loadSchoolRows(companyId: number): Promise<void> {
  if (requestMemo()?.has(key(companyId))) return;
  const t = await tx();
  const roomList = await t.select().from(rooms).where(eq(rooms.companyId, companyId)).orderBy(asc(rooms.id));
  const [r] = await t.select({ list: classListSql(sql`${companyId}`) }).from(sql`(values (1)) as one (x)`);
  const classList = r?.list ?? [];
  requestMemo()?.set(key(companyId), { roomRows: roomList, classRows: classList.map(classOfJson), counts: new Map(classList.map((c) => [c.id, c.student_count ?? 0])) } satisfies Loaded);
}

function loaded(companyId: number): Loaded {
  const l = requestMemo()?.get(key(companyId)) as Loaded | undefined;
  if (!l) throw new Error(`The rooms and classes of company ${companyId} were not loaded in this request (loadCompany).`);
  return l;
}

/** How many students each class of a company has (the seed's students while it runs, else read with the classes). */
export function studentCounts(db: Db, companyId: number): Map<number, number> {
  if (isSeeding()) {
    const counts = new Map<number, number>();
    for (const st of db.seedStudents) if (st.companyId === companyId) for (const id of st.classIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  }
  return loaded(companyId).counts;
}

/** Counts an enrolment made (+1) or ended (−1) in this request in the class's student count (its views too). */
export function countEnrolment(companyId: number, classId: number, delta: number): void {
  const l = requestMemo()?.get(key(companyId)) as Loaded | undefined;
  if (!l) return;
  const n = (l.counts.get(classId) ?? 0) + delta;
  l.counts.set(classId, n);
  const view = l.classes?.find((c) => c.id === classId);
  if (view) view.studentCount = n;
}

/** A room as the calls answer it: its campus's name read from the campus. */
export function roomOf(db: Db, r: RoomSql): Room {
  return { id: r.id, companyId: r.companyId, campusId: r.campusId, campusName: campusById(db, r.campusId)?.name ?? '', name: r.name, capacity: r.capacity };
}

function teacherName(db: Db, companyId: number, teacherId: number): string {
  return staffRowsOf(db, companyId).find((s) => s.id === teacherId)?.name ?? '';
}

/** A class as the calls answer it: the names of its campus, room and teacher and its student count read from them. */
export function classOf(db: Db, r: ClassSql, count: number, roomById: Map<number, Room>): SchoolClass {
  return {
    id: r.id,
    companyId: r.companyId,
    campusId: r.campusId,
    campusName: campusById(db, r.campusId)?.name ?? '',
    name: r.name,
    course: r.course,
    teacherId: r.teacherId,
    teacherName: teacherName(db, r.companyId, r.teacherId),
    // A room deleted after the class closed: none.
    roomId: r.roomId ?? 0,
    roomName: (r.roomId !== null && roomById.get(r.roomId)?.name) || '',
    capacity: r.capacity,
    hoursPerLesson: r.hoursPerLesson,
    startDate: r.startDate,
    endDate: r.endDate,
    status: r.status,
    studentCount: count,
  };
}

/** A company's rooms for synchronous code: those the request loaded, or the seed's while the in-process seed runs. */
export function roomsOf(db: Db, companyId: number): Room[] {
  if (isSeeding()) return indexOf(db, 'seedRooms', companyId);
  const l = loaded(companyId);
  return (l.rooms ??= l.roomRows.map((r) => roomOf(db, r)));
}

/** A company's classes for synchronous code (with their student counts), as `roomsOf`. */
export function classesOf(db: Db, companyId: number): SchoolClass[] {
  if (isSeeding()) return indexOf(db, 'seedClasses', companyId);
  const l = loaded(companyId);
  if (!l.classes) {
    const counts = studentCounts(db, companyId);
    const byId = new Map(roomsOf(db, companyId).map((r) => [r.id, r]));
    l.classes = l.classRows.map((r) => classOf(db, r, counts.get(r.id) ?? 0, byId));
  }
  return l.classes;
}

/** The companies whose rooms and classes the request loaded. */
function loadedCompanies(): number[] {
  const out: number[] = [];
  for (const k of requestMemo()?.keys() ?? []) if (k.startsWith('school:')) out.push(Number(k.slice('school:'.length)));
  return out;
}

/** A class by id among the companies the request loaded (or the seed's). */
export function classById(db: Db, id: number): SchoolClass | undefined {
  if (isSeeding()) return db.seedClasses.find((c) => c.id === id);
  for (const cid of loadedCompanies()) {
    const hit = classesOf(db, cid).find((c) => c.id === id);
    if (hit) return hit;
  }
  return undefined;
}

/** The memo's classes of a company when they were built (a write keeps them up to date). */
function heldClasses(companyId: number): SchoolClass[] | undefined {
  return (requestMemo()?.get(key(companyId)) as Loaded | undefined)?.classes;
}

/* ------------------------------------------------------------------ sorting ------------------------------------------------------------------ */

const intArray = (values: number[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::int[]`;

/**
 * A value per id computed in the process, as an SQL expression over `column` (null for an id not in `values`): a
 * list sorts by a name or a count kept elsewhere (a teacher's name, a class's student count) this way.
 */
export function valueOf(column: AnyColumn, values: Map<number, number>): SQL {
  const ids = [...values.keys()];
  if (!ids.length) return sql`null::int`;
  return sql`(${intArray(ids.map((id) => values.get(id)!))})[array_position(${intArray(ids)}, ${column})]`;
}

/** Names by id as their ranks in pinyin order (equal names, equal ranks): `valueOf` sorts by them. */
export function nameRanks(names: { id: number; name: string }[]): Map<number, number> {
  const keyed = names.map((n) => ({ id: n.id, key: sortKey(n.name) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const out = new Map<number, number>();
  let rank = 0;
  keyed.forEach((n, i) => {
    if (i > 0 && n.key !== keyed[i - 1].key) rank += 1;
    out.set(n.id, rank);
  });
  return out;
}

/* ------------------------------------------------------------------ rooms ------------------------------------------------------------------ */

export interface RoomFields {
  campusId: number;
  name: string;
  capacity: number;
}

const roomValues = (f: RoomFields) => ({ campusId: f.campusId, name: f.name, nameSort: sortKey(f.name), capacity: f.capacity });

/** A room of a company by id within `scope`, locked for a write: the memo's row brought up to date. */
export async function findRoom(db: Db, id: number, scope: SQL | undefined, lock: boolean): Promise<Room | undefined> {
  const q = (await tx()).select().from(rooms).where(and(eq(rooms.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) return undefined;
  const fresh = roomOf(db, r);
  const held = (requestMemo()?.get(key(r.companyId)) as Loaded | undefined)?.rooms?.find((x) => x.id === id);
  return held ? Object.assign(held, fresh) : fresh;
}

/** Adds a room (and to the memo). */
export async function insertRoom(db: Db, companyId: number, f: RoomFields): Promise<Room> {
  const [r] = await (await tx()).insert(rooms).values({ companyId, ...roomValues(f) }).returning();
  const l = requestMemo()?.get(key(companyId)) as Loaded | undefined;
  l?.roomRows.push(r);
  const row = roomOf(db, r);
  l?.rooms?.push(row);
  return row;
}

/** Writes a room's fields (the row given is changed, and the names its classes show). */
export async function updateRoom(db: Db, row: Room, f: RoomFields): Promise<Room> {
  const [r] = await (await tx()).update(rooms).set(roomValues(f)).where(eq(rooms.id, row.id)).returning();
  const l = requestMemo()?.get(key(row.companyId)) as Loaded | undefined;
  if (l) l.roomRows = l.roomRows.map((x) => (x.id === r.id ? r : x));
  Object.assign(row, roomOf(db, r));
  heldClasses(row.companyId)?.forEach((c) => {
    if (c.roomId === row.id) c.roomName = row.name;
  });
  return row;
}

/** Deletes a room (the closed classes it held keep no room). */
export async function deleteRoom(row: Room): Promise<void> {
  await (await tx()).delete(rooms).where(eq(rooms.id, row.id));
  const l = requestMemo()?.get(key(row.companyId)) as Loaded | undefined;
  if (!l) return;
  l.roomRows = l.roomRows.filter((x) => x.id !== row.id);
  l.rooms = l.rooms?.filter((x) => x.id !== row.id);
  l.classRows = l.classRows.map((c) => (c.roomId === row.id ? { ...c, roomId: null } : c));
  l.classes?.forEach((c) => {
    if (c.roomId === row.id) Object.assign(c, { roomId: 0, roomName: '' });
  });
}

/* ------------------------------------------------------------------ classes ------------------------------------------------------------------ */

export type ClassFields = Pick<SchoolClass, 'campusId' | 'name' | 'course' | 'teacherId' | 'roomId' | 'capacity' | 'hoursPerLesson' | 'startDate' | 'endDate' | 'status'>;

function classValues(f: ClassFields) {
  return {
    campusId: f.campusId,
    name: f.name,
    nameSort: sortKey(f.name),
    course: f.course,
    courseSort: sortKey(f.course),
    teacherId: f.teacherId,
    roomId: f.roomId || null,
    capacity: f.capacity,
    hoursPerLesson: f.hoursPerLesson,
    startDate: f.startDate,
    endDate: f.endDate,
    status: f.status,
  };
}

/** A class view of a row read now: its count from the students, its room's name from the request's rooms. */
function classNow(db: Db, r: ClassSql): SchoolClass {
  const byId = new Map(roomsOf(db, r.companyId).map((x) => [x.id, x]));
  return classOf(db, r, studentCounts(db, r.companyId).get(r.id) ?? 0, byId);
}

/** A class by id within `scope`, locked for a write: the memo's row brought up to date. */
export async function findClass(db: Db, id: number, scope: SQL | undefined, lock: boolean): Promise<SchoolClass | undefined> {
  const q = (await tx()).select().from(classes).where(and(eq(classes.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) return undefined;
  const fresh = classNow(db, r);
  const held = classesOf(db, r.companyId).find((x) => x.id === id);
  return held ? Object.assign(held, fresh) : fresh;
}

/** Adds a class (and to the memo). */
export async function insertClass(db: Db, companyId: number, f: ClassFields): Promise<SchoolClass> {
  const [r] = await (await tx()).insert(classes).values({ companyId, ...classValues(f) }).returning();
  const l = requestMemo()?.get(key(companyId)) as Loaded | undefined;
  l?.classRows.push(r);
  const row = classNow(db, r);
  l?.classes?.push(row);
  return row;
}

/** Writes a class's fields (the row given is changed too). */
export async function updateClass(db: Db, row: SchoolClass, f: ClassFields): Promise<SchoolClass> {
  const [r] = await (await tx()).update(classes).set(classValues(f)).where(eq(classes.id, row.id)).returning();
  const l = requestMemo()?.get(key(row.companyId)) as Loaded | undefined;
  if (l) l.classRows = l.classRows.map((x) => (x.id === r.id ? r : x));
  return Object.assign(row, classNow(db, r));
}

/** Deletes a class. */
export async function deleteClass(row: SchoolClass): Promise<void> {
  await (await tx()).delete(classes).where(eq(classes.id, row.id));
  const l = requestMemo()?.get(key(row.companyId)) as Loaded | undefined;
  if (!l) return;
  l.classRows = l.classRows.filter((x) => x.id !== row.id);
  l.classes = l.classes?.filter((x) => x.id !== row.id);
}

/* ------------------------------------------------------------------ seed ------------------------------------------------------------------ */

/** The demo seed's rooms and classes with their ids. */
export async function seedSchoolRows(sqlDb: Database, db: Db): Promise<void> {
  if (db.seedRooms.length) await insertMany(sqlDb, rooms, db.seedRooms.map((r) => ({ id: r.id, companyId: r.companyId, ...roomValues(r) })));
  if (db.seedClasses.length) await insertMany(sqlDb, classes, db.seedClasses.map((c) => ({ id: c.id, companyId: c.companyId, ...classValues(c) })));
  await restartIdentities(sqlDb, ['rooms', 'classes']);
}
