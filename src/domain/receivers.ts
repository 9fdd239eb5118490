/**
 * Receiver segments of notices (PRODUCT.md §5.11), ONE definition shared with the dashboard's "cards to renew"
 * widget, the RenewRemind modal and the company settings (`lowHoursThreshold`, `expiryReminderDays` of /setting):
 * a card runs low or expires soon by `needsRenewal` (src/domain/ledger.ts), and a student belongs to the
 * "running low" / "expiring soon" segment when one of their cards does. The server resolves a segment at send time
 * and stores the result (a snapshot).
 */
import type { StudentCard } from '@/types/school';
import { needsRenewal } from './ledger';

export const RECEIVER_SEGMENTS = ['all', 'classes', 'students', 'low', 'expiring'] as const;
export type ReceiverSegment = (typeof RECEIVER_SEGMENTS)[number];

export interface RenewalThresholds {
  lowHoursThreshold: number;
  expiryReminderDays: number;
}

export type RenewalCard = Pick<StudentCard, 'id' | 'studentId' | 'kind' | 'remainingHours' | 'expiryDate' | 'status'>;

/** Cards running low or expiring soon, with which (the dashboard widget and RenewRemind list these). */
export function renewalCards<C extends RenewalCard>(cards: readonly C[], today: string, th: RenewalThresholds): (C & { low: boolean; expiring: boolean })[] {
  return cards
    .map((c) => ({ ...c, ...needsRenewal(c, today, th.lowHoursThreshold, th.expiryReminderDays) }))
    .filter((c) => c.low || c.expiring);
}

export interface SegmentStudent {
  id: number;
  classIds: number[];
  status: string;
}

export interface SegmentChoice {
  segment: ReceiverSegment;
  classIds?: number[];
  studentIds?: number[];
}

/**
 * The students of a segment, in id order, without duplicates. `students` and `cards` are those the sender may
 * see. "all" and "classes" take studying (active) students; "students" takes exactly the chosen ones (that the
 * sender may see); "low" / "expiring" take every student holding such a card.
 */
export function resolveSegment<S extends SegmentStudent>(
  choice: SegmentChoice,
  students: readonly S[],
  cards: readonly RenewalCard[],
  today: string,
  th: RenewalThresholds,
): S[] {
  let ids: Set<number>;
  switch (choice.segment) {
    case 'all':
      ids = new Set(students.filter((s) => s.status === 'active').map((s) => s.id));
      break;
    case 'classes': {
      const classes = new Set(choice.classIds ?? []);
      ids = new Set(students.filter((s) => s.status === 'active' && s.classIds.some((c) => classes.has(c))).map((s) => s.id));
      break;
    }
    case 'students':
      ids = new Set(choice.studentIds ?? []);
      break;
    case 'low':
    case 'expiring': {
      const key = choice.segment;
      ids = new Set(renewalCards(cards, today, th).filter((c) => c[key]).map((c) => c.studentId));
      break;
    }
  }
  return students.filter((s) => ids.has(s.id)).sort((a, b) => a.id - b.id);
}
