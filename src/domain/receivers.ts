/**
 * Receiver segments of notices (docs/rules.md#notices-and-notifications), ONE definition shared with the dashboard's "cards to renew"
 * widget, the RenewRemind modal and the company settings (`lowHoursThreshold`, `expiryReminderDays` of /setting):
 * a student runs low or expires soon by `renewalState` over ALL their usable cards (a renewal counts at once), and
 * belongs to the "running low" / "expiring soon" segment then. The server resolves a segment at send time
 * and stores the result (a snapshot).
 */
import type { StudentCard } from '@/types/school';
import { cardStatus, needsRenewal, round1, saleExpiryDate } from './ledger';

export const RECEIVER_SEGMENTS = ['all', 'classes', 'students', 'low', 'expiring'] as const;
export type ReceiverSegment = (typeof RECEIVER_SEGMENTS)[number];

export interface RenewalThresholds {
  lowHoursThreshold: number;
  expiryReminderDays: number;
}

export type RenewalCard = Pick<StudentCard, 'id' | 'studentId' | 'kind' | 'remainingHours' | 'expiryDate' | 'status'>;

/** A student's renewal state, from ALL their usable cards (issue 30). */
export interface RenewalState {
  /** Running low: the hours left on all usable count cards are at or under the threshold (and no usable period card). */
  low: boolean;
  /** Expiring soon: the last of the usable cards ends within the reminder days. */
  expiring: boolean;
  /** Hours left on the usable count cards (the student list's figure). */
  usableHours: number;
  /** Usable cards: neither invalid, expired nor used up (`cardStatus` today). */
  usable: number;
}

const usableCard = (c: RenewalCard, today: string) => cardStatus(c, today) === 'active';

/**
 * THE renewal state of one student (the dashboard's renewal widget, the student list's card state and "running low"
 * filter, the notice segments and RenewRemind all use it): `cards` are the student's cards. A renewal shows at once:
 * a new card's hours count with the old one's, a new card's expiry with the old one's.
 */
export function renewalState(cards: readonly RenewalCard[], today: string, th: RenewalThresholds): RenewalState {
  const usable = cards.filter((c) => usableCard(c, today));
  const usableHours = round1(usable.reduce((s, c) => s + (c.kind === 'count' ? c.remainingHours : 0), 0));
  if (!usable.length) return { low: false, expiring: false, usableHours, usable: 0 };
  const low = usable.every((c) => c.kind === 'count') && usableHours <= th.lowHoursThreshold;
  const last = usable.reduce((m, c) => (c.expiryDate > m ? c.expiryDate : m), usable[0].expiryDate);
  const expiring = needsRenewal({ kind: 'period', remainingHours: 0, expiryDate: last, status: 'active' }, today, th.lowHoursThreshold, th.expiryReminderDays).expiring;
  return { low, expiring, usableHours, usable: usable.length };
}

/**
 * The renewal state of every student holding one of `cards`: `renewalState` of each student's cards (a property test
 * holds them equal), in one pass over the cards, as the renewal list reads every card of a company per call. The
 * expiry test is a date comparison: a usable card ends today or later, so its student expires soon when the last
 * usable card ends by today + the reminder days (`needsRenewal`'s whole days).
 */
export function renewalStates(cards: readonly RenewalCard[], today: string, th: RenewalThresholds): Map<number, RenewalState> {
  const limit = saleExpiryDate(today, th.expiryReminderDays);
  const acc = new Map<number, { hours: number; allCount: boolean; last: string; usable: number }>();
  for (const c of cards) {
    let a = acc.get(c.studentId);
    if (!a) acc.set(c.studentId, (a = { hours: 0, allCount: true, last: '', usable: 0 }));
    if (!usableCard(c, today)) continue;
    a.usable += 1;
    if (c.kind === 'count') a.hours += c.remainingHours;
    else a.allCount = false;
    if (c.expiryDate > a.last) a.last = c.expiryDate;
  }
  const out = new Map<number, RenewalState>();
  for (const [id, a] of acc) {
    const usableHours = round1(a.hours);
    out.set(
      id,
      a.usable
        ? { low: a.allCount && usableHours <= th.lowHoursThreshold, expiring: a.last <= limit, usableHours, usable: a.usable }
        : { low: false, expiring: false, usableHours, usable: 0 },
    );
  }
  return out;
}

/**
 * The usable cards of students running low or expiring soon, flagged by their student's state (the dashboard widget
 * and RenewRemind list these; `cards` must hold all the students' cards).
 */
export function renewalCards<C extends RenewalCard>(cards: readonly C[], today: string, th: RenewalThresholds): (C & { low: boolean; expiring: boolean })[] {
  return renewalFlags(cards, today, th).map(({ card, low, expiring }) => ({ ...card, low, expiring }));
}

/** The same cards as `renewalCards`, each as the card itself beside its flags (no copy of a company's due cards). */
export function renewalFlags<C extends RenewalCard>(cards: readonly C[], today: string, th: RenewalThresholds): { card: C; low: boolean; expiring: boolean }[] {
  const states = renewalStates(cards, today, th);
  const rows: { card: C; low: boolean; expiring: boolean }[] = [];
  for (const c of cards) {
    const st = states.get(c.studentId);
    if (!st || !(st.low || st.expiring) || !usableCard(c, today)) continue;
    rows.push({ card: c, low: st.low && c.kind === 'count', expiring: st.expiring });
  }
  return rows;
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
