/**
 * Who may do what with lessons (docs/rules.md#roll-call, docs/screens.md#schedule). Pure, used by the mock (403) and the screens (hide actions).
 * Teachers see and roll-call only their own lessons; undoing a roll call needs a manager or the dealer.
 */
import type { Role } from '@/types/session';

export interface Actor {
  role: Role;
  /** The staff id linked to the user in this company (teachers), if any. */
  staffId?: number;
}

/** Teachers are limited to their own lessons. */
export function limitedToOwnLessons(a: Actor): boolean {
  return a.role === 'teacher';
}

export function canSeeLesson(a: Actor, lesson: { teacherId: number }): boolean {
  return !limitedToOwnLessons(a) || (a.staffId !== undefined && a.staffId === lesson.teacherId);
}

/** Roll call: dealer, manager and admin of the company, or the lesson's own teacher. */
export function canRollCall(a: Actor, lesson: { teacherId: number }): boolean {
  if (a.role === 'dealer' || a.role === 'manager') return true;
  return a.role === 'teacher' && a.staffId !== undefined && a.staffId === lesson.teacherId;
}

export function canUndoRollCall(a: Actor): boolean {
  return a.role === 'dealer' || a.role === 'manager';
}

/** Creating, moving and cancelling lessons; reviewing leave requests. */
export function canManageSchedule(a: Actor): boolean {
  return a.role === 'dealer' || a.role === 'manager';
}
