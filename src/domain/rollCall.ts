/**
 * Roll-call rules (docs/rules.md#roll-call with the ledger rules of docs/rules.md#cards-and-hours), pure: given the marks, each student's deduction
 * card and the company settings, decide the ledger record per student — never twice for the same lesson — and the
 * plan that undoes a roll call with proof records. The mock backend writes what these plans say through the
 * ledger (mock/domains/ledger.ts); the roll-call drawer uses the same plan to warn before a deduction would fail.
 */
import type { AttendanceMark } from '@/types/schedule';

export interface RollCallSettings {
  truantConsumes: boolean;
  leaveConsumes: boolean;
  allowNegative: boolean;
}

/** The card a deduction would use (see `deductionCardFor`), or none. */
export interface PlanCard {
  id: number;
  kind: 'count' | 'period';
  remainingHours: number;
}

export type PlannedRecordType = 'reduce' | 'leave' | 'truant' | 'fail';
export type FailReason = 'noCard' | 'notEnough';

export interface PlannedRecord {
  studentId: number;
  mark: AttendanceMark;
  /** Card written to; absent when the student has no usable card (no record is written then). */
  cardId?: number;
  type: PlannedRecordType;
  /** Signed hours of the record (≤ 0). */
  hours: number;
  failReason?: FailReason;
}

export interface RollCallPlan {
  records: PlannedRecord[];
  /** Students already marked in this lesson's active roll call: nothing is written for them again. */
  alreadyMarked: number[];
  /** Marks for students who are not expected in the lesson. */
  unknown: number[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Hours a mark consumes under the settings (positive number; 0 = free). */
export function hoursFor(mark: AttendanceMark, lessonHours: number, s: RollCallSettings): number {
  if (mark === 'present') return lessonHours;
  if (mark === 'truant') return s.truantConsumes ? lessonHours : 0;
  return s.leaveConsumes ? lessonHours : 0;
}

/** The record one mark produces on one card (or none). */
export function planOne(studentId: number, mark: AttendanceMark, lessonHours: number, card: PlanCard | undefined, s: RollCallSettings): PlannedRecord {
  const type: PlannedRecordType = mark === 'present' ? 'reduce' : mark;
  const wanted = hoursFor(mark, lessonHours, s);
  if (!card) {
    // Nothing to deduct and no card: a free mark needs no record; a deduction fails.
    return wanted > 0 ? { studentId, mark, type: 'fail', hours: 0, failReason: 'noCard' } : { studentId, mark, type, hours: 0 };
  }
  if (card.kind === 'period') return { studentId, mark, cardId: card.id, type, hours: 0 };
  if (wanted > 0 && card.remainingHours < wanted && !s.allowNegative) {
    return { studentId, mark, cardId: card.id, type: 'fail', hours: 0, failReason: 'notEnough' };
  }
  return { studentId, mark, cardId: card.id, type, hours: wanted === 0 ? 0 : -round1(wanted) };
}

/**
 * Plans a roll call. `expected` are the students of the lesson; `marked` those with an active (not undone)
 * attendance for it — they are skipped, so a second save never deducts twice. A student marked twice in `marks`
 * counts once (the first mark). Cards are by student id.
 */
export function planRollCall(input: {
  lessonHours: number;
  marks: { studentId: number; mark: AttendanceMark }[];
  expected: number[];
  marked: number[];
  cards: Map<number, PlanCard | undefined>;
  settings: RollCallSettings;
}): RollCallPlan {
  const expected = new Set(input.expected);
  const marked = new Set(input.marked);
  const seen = new Set<number>();
  const plan: RollCallPlan = { records: [], alreadyMarked: [], unknown: [] };
  // One card may serve several lines only in theory (one student per card); still track its balance.
  const balance = new Map<number, number>();
  for (const { studentId, mark } of input.marks) {
    if (seen.has(studentId)) continue;
    seen.add(studentId);
    if (!expected.has(studentId)) {
      plan.unknown.push(studentId);
      continue;
    }
    if (marked.has(studentId)) {
      plan.alreadyMarked.push(studentId);
      continue;
    }
    const card = input.cards.get(studentId);
    const current = card ? { ...card, remainingHours: balance.get(card.id) ?? card.remainingHours } : undefined;
    const rec = planOne(studentId, mark, input.lessonHours, current, input.settings);
    if (card && rec.cardId) balance.set(card.id, round1((current?.remainingHours ?? 0) + rec.hours));
    plan.records.push(rec);
  }
  return plan;
}

/** A saved roll-call line, as the undo plan needs it. */
export interface SavedLine {
  attendanceId: number;
  studentId: number;
  cardId?: number;
  recordId?: number;
  hours: number;
  undone: boolean;
}

export interface UndoStep {
  attendanceId: number;
  studentId: number;
  /** Proof record to write (+hours back on the card), when the line consumed hours. */
  proof?: { cardId: number; hours: number; reversesRecordId?: number };
}

/** Undo plan: every active line is closed; each one that consumed hours gets a proof record returning them. */
export function planUndo(lines: SavedLine[]): UndoStep[] {
  return lines
    .filter((l) => !l.undone)
    .map((l) =>
      l.cardId !== undefined && l.hours !== 0
        ? { attendanceId: l.attendanceId, studentId: l.studentId, proof: { cardId: l.cardId, hours: round1(-l.hours), reversesRecordId: l.recordId } }
        : { attendanceId: l.attendanceId, studentId: l.studentId },
    );
}

/** The drawer's warning for one student before saving (undefined = fine). */
export function deductionWarning(mark: AttendanceMark | undefined, lessonHours: number, card: PlanCard | undefined, s: RollCallSettings): FailReason | undefined {
  if (!mark) return undefined;
  return planOne(0, mark, lessonHours, card, s).failReason;
}
