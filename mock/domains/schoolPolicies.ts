/**
 * Access of the school domain, declared once per resource (mock/http.ts `definePolicy`): who reads, who writes and
 * the scope function giving the rows the caller may see. Lists, options, lookups and writes of a resource all name
 * its policy, so they share one scope. The scope functions are exported: a "data scope" (own / campus / company)
 * filter belongs inside `studentRows` and `cardRows` (and the hour records and orders follow the cards' students).
 */
import type { Access } from '../../src/access';
import type { CardOrder, CardTemplate, HourRecord, Room, SchoolClass, Staff, Student, StudentCard } from '../../src/types/school';
import type { Role } from '../../src/types/session';
import { canEditSetup, canEditStudents } from '../../src/domain/schoolPermissions';
import { getDb, type Db } from '../db';
import { definePolicy, type Session } from '../http';
import { indexOf } from '../indexes';
import { visibleClassIds } from './dataScope';
import { findStudent, studentRows, studentWhere, visibleStudentIds } from './studentRows';
import { classesOf, findClass, findRoom, roomsOf } from './schoolRows';
import { findTemplate, templatesOf } from './cardTemplateRows';
import { findStaff, staffRowsOf } from './staffRows';
import { cardWhere, findCard, orderWhere, recordWhere } from './cardLists';
import { today } from '../clock';
import { cardTemplates, classes, rooms, staff } from '../../server/db/schema';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';

export { studentRows, visibleClassIds, visibleStudentIds };
/** Former name of `studentRows`. */
export const visibleStudents = studentRows;

/** Read access to the school tables: anyone with a student, educational or schedule flag. */
export const readSchool = (a: Access) => a.studentManagement || a.educationalManagement || a.scheduleManagement;
/** Edits school setup (staff, rooms, classes, templates): dealer and managers. */
export const setupWriter = (_a: Access, s: Session) => canEditSetup(s.membership.role);
/** Adds and edits students and enrolments. */
export const studentWriter = (_a: Access, s: Session) => canEditStudents(s.membership.role);
/** A rule from a role capability of src/domain/schoolPermissions.ts. */
export const can = (fn: (role: Role) => boolean) => (_a: Access, s: Session) => fn(s.membership.role);

/** The classes the caller may see (teachers: their own). */
export function classRows(db: Db, s: Session): SchoolClass[] {
  const all = classesOf(db, s.company.id);
  const own = visibleClassIds(db, s);
  return own ? all.filter((c) => own.has(c.id)) : all;
}

/** The same scope over the table (classes: teachers their own). */
export function classWhere(s: Session, db: Db): SQL {
  const own = visibleClassIds(db, s);
  return and(eq(classes.companyId, s.company.id), own && (own.size ? inArray(classes.id, [...own]) : sql`false`))!;
}

/** Rows of a company table whose `studentId` is one of the caller's students. */
function ofVisibleStudents<T extends { studentId: number }>(db: Db, s: Session, rows: T[]): T[] {
  const visible = visibleStudentIds(db, s);
  return visible ? rows.filter((r) => visible.has(r.studentId)) : rows;
}

/** The student cards the caller may see (their students' cards). The one scope of every card call. */
export function cardRows(db: Db, s: Session): StudentCard[] {
  return ofVisibleStudents(db, s, indexOf(db, 'studentCards', s.company.id));
}

export function hourRecordRows(db: Db, s: Session): HourRecord[] {
  return ofVisibleStudents(db, s, indexOf(db, 'hourRecords', s.company.id));
}

export function cardOrderRows(db: Db, s: Session): CardOrder[] {
  return ofVisibleStudents(db, s, indexOf(db, 'cardOrders', s.company.id));
}

export const staffPolicy = definePolicy<Staff>({
  name: 'staff',
  read: readSchool,
  write: ['educationalManagement', setupWriter],
  rows: (db, s) => staffRowsOf(db, s.company.id),
  where: (s) => eq(staff.companyId, s.company.id),
  find: (id, scope, lock) => findStaff(getDb(), id, scope, lock),
});

export const roomPolicy = definePolicy<Room>({
  name: 'rooms',
  read: readSchool,
  write: ['educationalManagement', setupWriter],
  rows: (db, s) => roomsOf(db, s.company.id),
  where: (s) => eq(rooms.companyId, s.company.id),
  find: (id, scope, lock) => findRoom(getDb(), id, scope, lock),
});

export const classPolicy = definePolicy<SchoolClass>({
  name: 'classes',
  read: readSchool,
  write: ['educationalManagement', setupWriter],
  rows: classRows,
  where: classWhere,
  find: (id, scope, lock) => findClass(getDb(), id, scope, lock),
});

/** Enrolments: who is in which class (the class's scope, the student writers' rule). */
export const enrolmentPolicy = definePolicy<SchoolClass>({
  name: 'enrolments',
  read: readSchool,
  write: ['studentManagement', studentWriter],
  rows: classRows,
});

/** Students: the table, scoped by `studentWhere` (a teacher's classes, the group's data scope). */
export const studentPolicy = definePolicy<Student>({
  name: 'students',
  read: readSchool,
  write: ['studentManagement', studentWriter],
  where: studentWhere,
  find: (id, scope, lock) => findStudent(getDb(), id, scope, lock),
});

export const cardTemplatePolicy = definePolicy<CardTemplate>({
  name: 'card templates',
  read: readSchool,
  write: ['educationalManagement', setupWriter],
  rows: (db, s) => templatesOf(db, s.company.id),
  where: (s) => eq(cardTemplates.companyId, s.company.id),
  find: (id, scope, lock) => findTemplate(getDb(), id, scope, lock),
});

/** Student cards; each operation adds its role capability (`access: can(canGiftHours)` ...). */
export const studentCardPolicy = definePolicy<StudentCard>({
  name: 'student cards',
  read: readSchool,
  write: 'studentManagement',
  rows: cardRows,
  where: cardWhere,
  find: (id, scope, lock) => findCard(id, scope, lock, today()),
});

export const hourRecordPolicy = definePolicy<HourRecord>({
  name: 'hour records',
  read: readSchool,
  write: 'studentManagement',
  rows: hourRecordRows,
  where: recordWhere,
});

export const cardOrderPolicy = definePolicy<CardOrder>({
  name: 'card orders',
  read: readSchool,
  rows: cardOrderRows,
  where: orderWhere,
});
