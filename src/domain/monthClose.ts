/**
 * Month close in order (docs/rules.md#revenue-and-month-close, issue 30): the closed months of a company are one contiguous run of months
 * that ends at its last closed month. A company's first close may be any month that is over; after that only the
 * month right after the last closed one can close, and only the last closed month can be reopened (with a reason).
 * Salaries of a month are checked and paid only once the month is over. Pure: used by the mock and the screens.
 */
import { addMonths } from './revenue';

export type CloseRefusal =
  | { reason: 'notOver' }
  | { reason: 'alreadyClosed' }
  /** The month before it is open: `expected` is the month that closes next. */
  | { reason: 'outOfOrder'; expected: string };

export type ReopenRefusal =
  | { reason: 'notClosed' }
  /** Only the last closed month reopens: `last` is that month. */
  | { reason: 'notLast'; last: string };

/** The last closed month, or undefined when none is. */
export function lastClosed(closed: readonly string[]): string | undefined {
  return closed.reduce<string | undefined>((last, m) => (last === undefined || m > last ? m : last), undefined);
}

/** Whether a month is over on `today` ('YYYY-MM-DD'): it ends before today's month. */
export function isMonthOver(month: string, today: string): boolean {
  return month < today.slice(0, 7);
}

/** Why `month` cannot close given the months already closed (undefined: it can). */
export function closeRefusal(closed: readonly string[], month: string, today: string): CloseRefusal | undefined {
  if (!isMonthOver(month, today)) return { reason: 'notOver' };
  if (closed.includes(month)) return { reason: 'alreadyClosed' };
  const last = lastClosed(closed);
  if (last !== undefined && month !== addMonths(last, 1)) return { reason: 'outOfOrder', expected: addMonths(last, 1) };
  return undefined;
}

/** Why `month` cannot reopen (undefined: it can). */
export function reopenRefusal(closed: readonly string[], month: string): ReopenRefusal | undefined {
  if (!closed.includes(month)) return { reason: 'notClosed' };
  const last = lastClosed(closed)!;
  if (month !== last) return { reason: 'notLast', last };
  return undefined;
}

/** Whether the months form one run without gaps (the invariant every close and reopen keeps). */
export function isContiguous(closed: readonly string[]): boolean {
  const sorted = [...closed].sort();
  return sorted.every((m, i) => i === 0 || m === addMonths(sorted[i - 1], 1));
}
