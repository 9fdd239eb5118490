/**
 * Jump search (issues 9, 31): people (students, parents, leads, staff) found by name or mobile and documents (cards,
 * card orders and their receipts, online orders, bill entries, pay slips) found by number, within the caller's access.
 */
export type JumpKind = 'student' | 'parent' | 'lead' | 'staff' | 'card' | 'order' | 'onlineOrder' | 'bill' | 'paySlip';

/** The order the kinds are listed in. */
export const JUMP_KINDS: readonly JumpKind[] = ['student', 'parent', 'lead', 'staff', 'card', 'order', 'onlineOrder', 'bill', 'paySlip'];

export interface JumpHit {
  kind: JumpKind;
  id: number | string;
  /** A person's name, or a document's number. */
  name: string;
  /** Shown only where the caller may see it (a teacher sees only their own mobile among staff). */
  mobile?: string;
  /** Campus, student or status, for telling namesakes apart. */
  detail?: string;
  /** Where the record opens (a link with query parameters its screen understands). */
  path: string;
}
