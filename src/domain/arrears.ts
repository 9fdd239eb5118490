/**
 * Arrears rules (docs/rules.md#arrears), pure: the standard hourly price of a class (an arrears item's value), and the
 * settlement of a student's open items from a new card.
 *
 * Decisions:
 * - A class has no price of its own: its standard hourly price is the list price of the card templates that apply
 *   to it — among the count templates on sale that name the class (or, when none does, that apply to every class),
 *   the one with the fewest hours (the entry price, no volume discount), price ÷ bought hours (gift hours excluded).
 *   No such template: 0 (the item still counts its hours).
 * - Settlement takes the items the card applies to (its classes, or every class), oldest lesson first (then oldest
 *   item), each WHOLE: an item is one lesson and becomes one `reduce` record of its hours. It stops at the first
 *   item the card's hours no longer cover, so a younger item is never settled while an older one stays open; what
 *   is not covered stays open for the next card (or a write-off). No item is ever partly settled.
 * - Period cards hold no hours and settle nothing.
 */
import type { ArrearsItem } from '@/types/arrears';
import type { CardTemplate } from '@/types/school';

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The standard hourly price of a class (see the decisions above). */
export function classHourPrice(templates: Pick<CardTemplate, 'id' | 'kind' | 'hours' | 'price' | 'classIds' | 'onSale'>[], classId: number): number {
  const count = templates.filter((t) => t.kind === 'count' && t.onSale && t.hours > 0);
  const own = count.filter((t) => t.classIds.includes(classId));
  const pool = own.length ? own : count.filter((t) => t.classIds.length === 0);
  if (!pool.length) return 0;
  const entry = [...pool].sort((a, b) => a.hours - b.hours || a.id - b.id)[0];
  return round2(entry.price / entry.hours);
}

/** An item's value: its hours at the class's hourly price. */
export function arrearsValue(hours: number, hourPrice: number): number {
  return round2(hours * hourPrice);
}

export type SettleItem = Pick<ArrearsItem, 'id' | 'hours' | 'lessonDate' | 'classId' | 'status'>;

export interface SettleCard {
  kind: 'count' | 'period';
  /** Hours the card holds now (after its purchase). */
  remainingHours: number;
  /** Applicable classes; empty = every class. */
  classIds: number[];
}

/** Oldest first: lesson day, then item id. */
export function oldestFirst<T extends Pick<SettleItem, 'id' | 'lessonDate'>>(items: T[]): T[] {
  return [...items].sort((a, b) => (a.lessonDate < b.lessonDate ? -1 : a.lessonDate > b.lessonDate ? 1 : a.id - b.id));
}

/**
 * The items a new card settles, in order (see the decisions above): open items of classes the card applies to,
 * oldest first, while the card's hours cover each whole item.
 */
export function planSettlement<T extends SettleItem>(items: T[], card: SettleCard): T[] {
  if (card.kind !== 'count') return [];
  const applies = (classId: number) => card.classIds.length === 0 || card.classIds.includes(classId);
  let left = round1(card.remainingHours);
  const out: T[] = [];
  for (const item of oldestFirst(items.filter((i) => i.status === 'open' && applies(i.classId)))) {
    if (item.hours > left) break;
    out.push(item);
    left = round1(left - item.hours);
  }
  return out;
}

/** Who may write arrears off: the roles that correct hours (dealer, manager). */
export { canCorrect as canWriteOffArrears } from './schoolPermissions';
