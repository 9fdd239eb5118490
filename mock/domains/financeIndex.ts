/**
 * Per-card caches of the finance calls (issue 8: every list under 150 ms at MOCK_SCALE=large). The revenue,
 * accrual and month-close calls value every card of the company over one or twelve months; replaying each card's
 * records for each month took seconds. Here each card keeps:
 * - its series (src/domain/revenue.ts `cardSeries`: its events summed by day), rebuilt only when ITS records or
 *   orders change: a record appended or removed (the roll call's rollback truncates the table), a pending return
 *   reviewed in place (the only in-place change of a record, ./ledger.ts `reviewReturn`), an order added;
 * - its figures per range (`seriesFigures`), dropped when the series is rebuilt or when a card field the figures read
 *   changes (kind, start, expiry and its history of renewals, invalidation) or the day changes.
 * So the first call after a write (a roll call, a sale, a review) recomputes the cards it touched, not the company.
 * Every figure still comes from the functions of src/domain/revenue.ts; financeIndex.test.ts checks the cached
 * figures against `cardFigures` over the straightforward ledger after writes.
 */
import type { Db } from '../db';
import type { CardOrder, HourRecord, StudentCard } from '../../src/types/school';
import { cardSeries, seriesFigures, type CardFigures, type CardSeries } from '../../src/domain/revenue';
import { recordsOfCard } from './ledger';

/** Orders per card, indexed incrementally (orders are only ever appended). */
const orderIndex = new WeakMap<CardOrder[], { len: number; last?: CardOrder; byCard: Map<number, CardOrder[]> }>();

/** The orders of one card, in the order they were made. */
export function ordersOfCard(db: Db, cardId: number): CardOrder[] {
  const arr = db.cardOrders;
  let ix = orderIndex.get(arr);
  if (!ix || ix.len > arr.length || (ix.len > 0 && arr[ix.len - 1] !== ix.last)) {
    ix = { len: 0, byCard: new Map() };
    orderIndex.set(arr, ix);
  }
  for (let i = ix.len; i < arr.length; i += 1) {
    const o = arr[i];
    const list = ix.byCard.get(o.cardId);
    if (list) list.push(o);
    else ix.byCard.set(o.cardId, [o]);
  }
  ix.len = arr.length;
  ix.last = arr[arr.length - 1];
  return ix.byCard.get(cardId) ?? [];
}

interface Entry {
  series: CardSeries;
  recLen: number;
  recLast?: HourRecord;
  /** Records that were pending returns when the series was built (a review changes them in place). */
  pending: HourRecord[];
  ordLen: number;
  ordLast?: CardOrder;
  /** The card fields the figures read, when `figures` was filled. */
  kind: string;
  startDate: string;
  expiryDate: string;
  invalidatedAt?: string | false;
  /** How many expiry changes the card had (a renewal appends one; see src/domain/revenue.ts `expiryOn`). */
  expiryChanges: number;
  figures: Map<string, CardFigures>;
  /**
   * The answers of `figuresOfCard` by ranges object (the revenue call asks 12 months each time, the accrual one month):
   * the same array while nothing the figures read changed, which the revenue sums rely on (./finance.ts).
   */
  answers: Map<FigureRange[], CardFigures[]>;
}

const entries = new WeakMap<StudentCard, Entry>();

/** Counters for tests and the bench: how many series were (re)built. */
export const financeIndexStats = { seriesBuilt: 0 };

/** What the figures read of the card itself (its records and orders are checked in `entryOf`). */
const invalidation = (c: StudentCard) => (c.status === 'invalid' ? c.invalidatedAt ?? '' : false);
const sameCard = (e: Entry, c: StudentCard) =>
  e.kind === c.kind && e.startDate === c.startDate && e.expiryDate === c.expiryDate && e.invalidatedAt === invalidation(c) && e.expiryChanges === (c.expiryChanges?.length ?? 0);

function entryOf(db: Db, card: StudentCard): Entry {
  const records = recordsOfCard(db, card.id);
  const orders = ordersOfCard(db, card.id);
  let e = entries.get(card);
  const fresh =
    e &&
    e.recLen === records.length &&
    e.recLast === records[records.length - 1] &&
    e.ordLen === orders.length &&
    e.ordLast === orders[orders.length - 1] &&
    e.pending.every((r) => r.type === 'backing');
  if (!e || !fresh) {
    financeIndexStats.seriesBuilt += 1;
    e = {
      series: cardSeries({ card, records, orders }),
      recLen: records.length,
      recLast: records[records.length - 1],
      pending: records.filter((r) => r.type === 'backing'),
      ordLen: orders.length,
      ordLast: orders[orders.length - 1],
      kind: card.kind,
      startDate: card.startDate,
      expiryDate: card.expiryDate,
      invalidatedAt: invalidation(card),
      expiryChanges: card.expiryChanges?.length ?? 0,
      figures: new Map(),
      answers: new Map(),
    };
    entries.set(card, e);
  }
  return e;
}

/** The series of a card (its events summed by day), cached while its records and orders stay the same. */
export function seriesOfCard(db: Db, card: StudentCard): CardSeries {
  return entryOf(db, card).series;
}

/** Date ranges with their cache keys (made once per call, not once per card). */
export interface FigureRange {
  from: string;
  to: string;
  key: string;
}

const rangeSets = new Map<string, FigureRange[]>();

/** The ranges with their keys; the same array for the same ranges and day (see `Entry.answers`). */
export function figureRanges(ranges: { from: string; to: string }[], today: string): FigureRange[] {
  const all = ranges.map((r) => ({ from: r.from, to: r.to, key: `${r.from}|${r.to}|${today}` }));
  const key = all.map((r) => r.key).join(',');
  let made = rangeSets.get(key);
  if (!made) {
    if (rangeSets.size > 200) rangeSets.clear();
    rangeSets.set(key, (made = all));
  }
  return made;
}

/** `cardFigures` of a card over each range as of `today`, cached per card (see the header). */
export function figuresOfCard(db: Db, card: StudentCard, ranges: FigureRange[], today: string): CardFigures[] {
  const e = entryOf(db, card);
  if (!sameCard(e, card) || e.figures.size > 64) {
    Object.assign(e, { kind: card.kind, startDate: card.startDate, expiryDate: card.expiryDate, invalidatedAt: invalidation(card), expiryChanges: card.expiryChanges?.length ?? 0 });
    e.figures.clear();
    e.answers.clear();
  }
  const had = e.answers.get(ranges);
  if (had) return had;
  if (e.answers.size >= 8) e.answers.clear();
  const answer = ranges.map((r) => {
    let f = e.figures.get(r.key);
    if (!f) {
      f = seriesFigures(e.series, r.from, r.to, today);
      e.figures.set(r.key, f);
    }
    return f;
  });
  e.answers.set(ranges, answer);
  return answer;
}
