/**
 * A student's campus over time (issue 29: closed months stay closed). A move between campuses moves the student's
 * future only: the move is kept (day, campus before) and the finance figures of a past day read the campus the
 * student had then (`studentCampusOn`), so October's per-campus figures stay as they were when October was closed.
 * Written by the student edit (`PUT /v2/student`, ./schoolSetup.ts) to `student_campus_moves`
 * (server/db/schema/campusMoves.ts); read with the company into the request's memo for the finance calls (./finance.ts).
 */
import type { Db } from '../db';
import { beforeCommit, requestMemo, tx } from '../../server/db';
import { studentCampusMoves } from '../../server/db/schema';
import { today } from '../clock';
import type { Student } from '../../src/types/school';
import { valueOn, type DatedChange } from '../../src/domain/revenue';

export interface StudentCampusMove {
  companyId: number;
  studentId: number;
  /** The campus the student had before the move (id and name then). */
  change: DatedChange<{ campusId: number; campusName: string }>;
}

/** A move as `json_agg` gives it (the table's column names). */
export interface CampusMoveJson {
  id: number;
  company_id: number;
  student_id: number;
  day: string;
  campus_id: number;
  campus_name: string;
}

/** The moves of the companies a request loaded, by student, oldest first (one memo entry: rules ask by student id). */
interface Loaded {
  companies: Set<number>;
  byStudent: Map<number, DatedChange<{ campusId: number; campusName: string }>[]>;
}

const KEY = 'campusMoves';

function loaded(): Loaded | undefined {
  const memo = requestMemo();
  if (!memo) return undefined;
  let l = memo.get(KEY) as Loaded | undefined;
  if (!l) memo.set(KEY, (l = { companies: new Set(), byStudent: new Map() }));
  return l;
}

function add(l: Loaded, m: StudentCampusMove): void {
  const list = l.byStudent.get(m.studentId);
  if (list) list.push(m.change);
  else l.byStudent.set(m.studentId, [m.change]);
}

/**
 * Keeps a company's moves as `json_agg` read them (with the company: `loadCompany` in ./companyRows.ts) in the
 * request's memo, where the finance figures find them (a company's moves are few: one per change of campus).
 */
export function rememberCampusMoves(companyId: number, list: CampusMoveJson[]): void {
  const l = loaded();
  if (!l || l.companies.has(companyId)) return;
  l.companies.add(companyId);
  for (const m of list) add(l, { companyId, studentId: m.student_id, change: { from: m.day, before: { campusId: m.campus_id, campusName: m.campus_name } } });
}

/**
 * Records that `student` moves to `campusId` today (nothing when the campus stays the same). Call before changing the
 * row. The request's memo has it at once; the row is written in the request's transaction before it commits.
 */
export function recordCampusMove(_db: Db, student: Student, campusId: number, day = today()): void {
  if (student.campusId === campusId) return;
  const move: StudentCampusMove = { companyId: student.companyId, studentId: student.id, change: { from: day, before: { campusId: student.campusId, campusName: student.campusName } } };
  const l = loaded();
  if (l) add(l, move);
  void beforeCommit(async () => {
    await (await tx()).insert(studentCampusMoves).values({ companyId: move.companyId, studentId: move.studentId, day: move.change.from, campusId: move.change.before.campusId, campusName: move.change.before.campusName });
  });
}

/** The moves of a student, oldest first (those of the companies the request loaded). */
function movesOf(_db: Db, studentId: number): DatedChange<{ campusId: number; campusName: string }>[] | undefined {
  return (requestMemo()?.get(KEY) as Loaded | undefined)?.byStudent.get(studentId);
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
