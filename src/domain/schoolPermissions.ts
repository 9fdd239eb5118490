/**
 * Finer capabilities of the school and student screens (issue 3, item 5), as pure functions of the role.
 * The mock backend answers 403 with them; the screens hide what they forbid.
 * Route access itself is the permission flags (`studentManagement`, `educationalManagement`) in src/access.ts.
 *
 * | capability | dealer | manager | sales | teacher |
 * |---|---|---|---|---|
 * | see all students (else: own classes only) | ✓ | ✓ | ✓ | own classes |
 * | add / edit students, enrol | ✓ | ✓ | ✓ | – |
 * | delete a student | ✓ | ✓ | – | – |
 * | see other staff members' mobiles (own always) | ✓ | ✓ | ✓ | – |
 * | sell / renew a card | ✓ | ✓ | ✓ | – |
 * | custom consumption, return request | ✓ | ✓ | ✓ | – |
 * | gift hours | ✓ | ✓ | – | – |
 * | review a return, correct, invalidate | ✓ | ✓ | – | – |
 * | edit school setup (staff, rooms, classes, templates) | ✓ | ✓ | – | – |
 */
import type { Role } from '@/types/session';

const is = (role: Role | undefined, ...roles: Role[]) => !!role && roles.includes(role);

export type SchoolCapability =
  | 'seeAllStudents'
  | 'editStudents'
  | 'deleteStudents'
  | 'sellCard'
  | 'consume'
  | 'requestReturn'
  | 'giftHours'
  | 'reviewReturn'
  | 'correct'
  | 'invalidate'
  | 'editSetup';

export const canSeeAllStudents = (role: Role | undefined) => is(role, 'dealer', 'manager', 'sales');
export const canEditStudents = (role: Role | undefined) => is(role, 'dealer', 'manager', 'sales');
export const canDeleteStudents = (role: Role | undefined) => is(role, 'dealer', 'manager');
/** Teachers see only their own mobile in the staff list, options and the jump search (the others' are masked). */
export const canSeeStaffMobiles = (role: Role | undefined) => is(role, 'dealer', 'manager', 'sales');
export const canSellCard = (role: Role | undefined) => is(role, 'dealer', 'manager', 'sales');
export const canConsume = (role: Role | undefined) => is(role, 'dealer', 'manager', 'sales');
export const canRequestReturn = (role: Role | undefined) => is(role, 'dealer', 'manager', 'sales');
export const canGiftHours = (role: Role | undefined) => is(role, 'dealer', 'manager');
export const canReviewReturn = (role: Role | undefined) => is(role, 'dealer', 'manager');
export const canCorrect = (role: Role | undefined) => is(role, 'dealer', 'manager');
export const canInvalidate = (role: Role | undefined) => is(role, 'dealer', 'manager');
export const canEditSetup = (role: Role | undefined) => is(role, 'dealer', 'manager');

const TABLE: Record<SchoolCapability, (role: Role | undefined) => boolean> = {
  seeAllStudents: canSeeAllStudents,
  editStudents: canEditStudents,
  deleteStudents: canDeleteStudents,
  sellCard: canSellCard,
  consume: canConsume,
  requestReturn: canRequestReturn,
  giftHours: canGiftHours,
  reviewReturn: canReviewReturn,
  correct: canCorrect,
  invalidate: canInvalidate,
  editSetup: canEditSetup,
};

export function schoolCan(role: Role | undefined, capability: SchoolCapability): boolean {
  return TABLE[capability](role);
}

/** Every capability of a role (for the screens). */
export function schoolCapabilities(role: Role | undefined): Record<SchoolCapability, boolean> {
  const out = {} as Record<SchoolCapability, boolean>;
  (Object.keys(TABLE) as SchoolCapability[]).forEach((k) => {
    out[k] = TABLE[k](role);
  });
  return out;
}
