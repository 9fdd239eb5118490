/**
 * Homework submissions (docs/rules.md#homework-and-scores) as pure rules, used by the mock backend and the screens.
 *
 * One submission per student and homework. States and who may move them:
 *
 * | from \ action | submit (student side) | check (teacher side) | reject (teacher side) |
 * |---|---|---|---|
 * | pending   | → submitted | – | – |
 * | submitted | → submitted (replaces the text) | → checked | → rejected |
 * | checked   | – | → checked (re-grade) | – |
 * | rejected  | → submitted (submit again) | – | – |
 *
 * "Student side" is the student (or the staff recording a submission for them); "teacher side" is the class's
 * teacher or a manager (`canManageClassHomework`). Homework with a checked submission cannot be deleted.
 */
import type { Role } from '@/types/session';

export type SubmissionStatus = 'pending' | 'submitted' | 'checked' | 'rejected';
export const SUBMISSION_STATUSES: readonly SubmissionStatus[] = ['pending', 'submitted', 'checked', 'rejected'];

export type SubmissionAction = 'submit' | 'check' | 'reject';
export type HomeworkSide = 'student' | 'teacher';

export type HomeworkErrorCode = 'notAllowed' | 'badStars' | 'reasonRequired' | 'textRequired' | 'hasChecked';

export class HomeworkError extends Error {
  constructor(readonly code: HomeworkErrorCode) {
    super(code);
    this.name = 'HomeworkError';
  }
}

const MOVES: Record<SubmissionAction, { side: HomeworkSide; from: SubmissionStatus[]; to: SubmissionStatus }> = {
  submit: { side: 'student', from: ['pending', 'submitted', 'rejected'], to: 'submitted' },
  check: { side: 'teacher', from: ['submitted', 'checked'], to: 'checked' },
  reject: { side: 'teacher', from: ['submitted'], to: 'rejected' },
};

/** True when `side` may apply `action` to a submission in `status`. */
export function canMove(status: SubmissionStatus, action: SubmissionAction, side: HomeworkSide): boolean {
  const m = MOVES[action];
  return m.side === side && m.from.includes(status);
}

/** The actions a side may apply to a submission in `status`. */
export function actionsFor(status: SubmissionStatus, side: HomeworkSide): SubmissionAction[] {
  return (Object.keys(MOVES) as SubmissionAction[]).filter((a) => canMove(status, a, side));
}

export interface SubmissionState {
  status: SubmissionStatus;
  text?: string;
  stars?: number;
  comment?: string;
  rejectReason?: string;
}

export interface MoveInput {
  text?: string;
  stars?: number;
  comment?: string;
  reason?: string;
}

/** The submission after `action` (a new object), or `HomeworkError` when the rules refuse. */
export function applyMove<S extends SubmissionState>(sub: S, action: SubmissionAction, side: HomeworkSide, input: MoveInput): S {
  if (!canMove(sub.status, action, side)) throw new HomeworkError('notAllowed');
  switch (action) {
    case 'submit': {
      const text = input.text?.trim();
      if (!text) throw new HomeworkError('textRequired');
      return { ...sub, status: 'submitted', text, stars: undefined, comment: undefined, rejectReason: undefined };
    }
    case 'check': {
      const stars = input.stars;
      if (stars === undefined || !Number.isInteger(stars) || stars < 1 || stars > 5) throw new HomeworkError('badStars');
      return { ...sub, status: 'checked', stars, comment: input.comment?.trim() || undefined, rejectReason: undefined };
    }
    case 'reject': {
      const reason = input.reason?.trim();
      if (!reason) throw new HomeworkError('reasonRequired');
      return { ...sub, status: 'rejected', rejectReason: reason, stars: undefined };
    }
  }
}

/** Homework may be deleted only while none of its submissions is checked. */
export function canDeleteHomework(subs: readonly Pick<SubmissionState, 'status'>[]): boolean {
  return !subs.some((s) => s.status === 'checked');
}

/** Counts per state (the homework list's progress column). */
export function submissionCounts(subs: readonly Pick<SubmissionState, 'status'>[]): Record<SubmissionStatus, number> & { total: number } {
  const out = { pending: 0, submitted: 0, checked: 0, rejected: 0, total: subs.length };
  subs.forEach((s) => {
    out[s.status] += 1;
  });
  return out;
}

/**
 * Who manages a class's homework and scores: store managers and managers every class; a teacher only the classes
 * they teach (`isOwnClass`); nobody else.
 */
export function canManageClassHomework(role: Role | undefined, isOwnClass: boolean): boolean {
  if (role === 'dealer' || role === 'manager') return true;
  if (role === 'teacher') return isOwnClass;
  return false;
}
