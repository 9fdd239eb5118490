/**
 * A student's campus over time (issue 29: closed months stay closed). A move between campuses moves the student's
 * future only: the move is kept (day, campus before) and the finance figures of a past day read the campus the
 * student had then (`studentCampusOn`), so October's per-campus figures stay as they were when October was closed.
 * Written by the student edit (`PUT /v2/student`, ./schoolSetup.ts); read by the finance calls (./finance.ts).
 */
import type { Db } from '../db';
import { today } from '../clock';
import type { Student } from '../../src/types/school';
import { valueOn, type DatedChange } from '../../src/domain/revenue';

export interface StudentCampusMove {
  companyId: number;
  studentId: number;
  /** The campus the student had before the move (id and name then). */
  change: DatedChange<{ campusId: number; campusName: string }>;
}

declare module '../db' {
  interface Db {
    /** Moves of students between campuses, in the order they were made (appended only). */
    studentCampusMoves?: StudentCampusMove[];
  }
}

/** Records that `student` moves to `campusId` today (nothing when the campus stays the same). Call before changing the row. */
export function recordCampusMove(db: Db, student: Student, campusId: number, day = today()): void {
  if (student.campusId === campusId) return;
  (db.studentCampusMoves ??= []).push({ companyId: student.companyId, studentId: student.id, change: { from: day, before: { campusId: student.campusId, campusName: student.campusName } } });
}

const movesIndex = new WeakMap<StudentCampusMove[], { len: number; byStudent: Map<number, DatedChange<{ campusId: number; campusName: string }>[]> }>();

/** The moves of each student, oldest first (indexed incrementally: moves are only appended). */
function movesOf(db: Db, studentId: number): DatedChange<{ campusId: number; campusName: string }>[] | undefined {
  const all = db.studentCampusMoves;
  if (!all?.length) return undefined;
  let ix = movesIndex.get(all);
  if (!ix || ix.len > all.length) movesIndex.set(all, (ix = { len: 0, byStudent: new Map() }));
  for (let i = ix.len; i < all.length; i += 1) {
    const m = all[i];
    const list = ix.byStudent.get(m.studentId);
    if (list) list.push(m.change);
    else ix.byStudent.set(m.studentId, [m.change]);
  }
  ix.len = all.length;
  return ix.byStudent.get(studentId);
}

/** True when the student ever moved between campuses. */
export function hasMoved(db: Db, studentId: number): boolean {
  return !!movesOf(db, studentId);
}

/** The campus a student had on `day` (their campus now when they never moved after it). */
export function studentCampusOn(db: Db, student: Pick<Student, 'id' | 'campusId' | 'campusName'>, day: string): { campusId: number; campusName: string } {
  const now = { campusId: student.campusId, campusName: student.campusName };
  const moves = movesOf(db, student.id);
  return moves ? valueOn(now, moves, day) : now;
}

/** The campuses a student had over time (now and before each move). */
export function campusesOfStudent(db: Db, student: Pick<Student, 'id' | 'campusId'>): number[] {
  return [student.campusId, ...(movesOf(db, student.id) ?? []).map((m) => m.before.campusId)];
}
