import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  actionsFor,
  applyMove,
  canDeleteHomework,
  canManageClassHomework,
  canMove,
  HomeworkError,
  submissionCounts,
  SUBMISSION_STATUSES,
  type SubmissionAction,
  type SubmissionState,
} from './homework';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof HomeworkError ? e.code : String(e);
  }
  return 'ok';
};

describe('submission states (docs/rules.md#homework-and-scores)', () => {
  it('the student side submits from pending or rejected (submit again), the teacher side checks or rejects', () => {
    expect(actionsFor('pending', 'student')).toEqual(['submit']);
    expect(actionsFor('rejected', 'student')).toEqual(['submit']);
    expect(actionsFor('submitted', 'teacher')).toEqual(['check', 'reject']);
    expect(actionsFor('checked', 'teacher')).toEqual(['check']);
    expect(actionsFor('checked', 'student')).toEqual([]);
    expect(actionsFor('pending', 'teacher')).toEqual([]);
    expect(canMove('submitted', 'check', 'student')).toBe(false);
    expect(canMove('rejected', 'reject', 'teacher')).toBe(false);
  });

  it('check needs 1–5 whole stars, reject needs a reason, submit needs text', () => {
    const sub: SubmissionState = { status: 'submitted', text: '练习视频' };
    expect(applyMove(sub, 'check', 'teacher', { stars: 4, comment: ' 很好 ' })).toMatchObject({ status: 'checked', stars: 4, comment: '很好' });
    expect(code(() => applyMove(sub, 'check', 'teacher', { stars: 0 }))).toBe('badStars');
    expect(code(() => applyMove(sub, 'check', 'teacher', { stars: 6 }))).toBe('badStars');
    expect(code(() => applyMove(sub, 'check', 'teacher', { stars: 3.5 }))).toBe('badStars');
    expect(code(() => applyMove(sub, 'reject', 'teacher', { reason: '  ' }))).toBe('reasonRequired');
    expect(applyMove(sub, 'reject', 'teacher', { reason: '视频不完整' })).toMatchObject({ status: 'rejected', rejectReason: '视频不完整' });
    expect(code(() => applyMove({ status: 'pending' }, 'submit', 'student', { text: '' }))).toBe('textRequired');
    expect(code(() => applyMove({ status: 'checked' }, 'submit', 'student', { text: 'x' }))).toBe('notAllowed');
  });

  it('a rejected submission submitted again loses its reason and stars', () => {
    const rejected = applyMove({ status: 'submitted', text: 'a' }, 'reject', 'teacher', { reason: 'r' });
    const again = applyMove(rejected, 'submit', 'student', { text: 'b' });
    expect(again).toEqual({ status: 'submitted', text: 'b', stars: undefined, comment: undefined, rejectReason: undefined });
  });

  it('property: every allowed move lands in a known state; refused moves throw and change nothing', () => {
    const actions: SubmissionAction[] = ['submit', 'check', 'reject'];
    fc.assert(
      fc.property(fc.constantFrom(...SUBMISSION_STATUSES), fc.constantFrom(...actions), fc.constantFrom('student' as const, 'teacher' as const), (status, action, side) => {
        const sub: SubmissionState = { status };
        const input = { text: 't', stars: 3, reason: 'r' };
        if (canMove(status, action, side)) expect(SUBMISSION_STATUSES).toContain(applyMove(sub, action, side, input).status);
        else {
          expect(code(() => applyMove(sub, action, side, input))).toBe('notAllowed');
          expect(sub).toEqual({ status });
        }
      }),
    );
  });

  it('homework with a checked submission cannot be deleted; counts per state', () => {
    expect(canDeleteHomework([{ status: 'submitted' }, { status: 'rejected' }])).toBe(true);
    expect(canDeleteHomework([{ status: 'checked' }])).toBe(false);
    expect(submissionCounts([{ status: 'checked' }, { status: 'pending' }, { status: 'pending' }])).toEqual({ pending: 2, submitted: 0, checked: 1, rejected: 0, total: 3 });
  });

  it('teachers manage their own classes only; managers all; others none', () => {
    expect(canManageClassHomework('teacher', true)).toBe(true);
    expect(canManageClassHomework('teacher', false)).toBe(false);
    expect(canManageClassHomework('manager', false)).toBe(true);
    expect(canManageClassHomework('dealer', false)).toBe(true);
    expect(canManageClassHomework('sales', true)).toBe(false);
    expect(canManageClassHomework('customer', true)).toBe(false);
  });
});
