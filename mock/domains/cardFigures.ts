/**
 * The cards' money figures from the database (docs/rules.md#revenue-and-month-close): a card's events (src/domain/
 * revenue.ts `cardEvents`) read from its rows, then `totalsFromSums` applies the rules that depend on the card and
 * the day (a period card's straight-line recognition, forfeiture at expiry or invalidation), the same function the
 * in-process figures use.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { tx } from '../../server/db';
import { localDay } from '../../server/db/list';
import { cardOrders, hourRecords, studentCards } from '../../server/db/schema';
import { stampOf } from '../../server/db/time';
import { figuresBetween, plusDays, totalsFromSums, type CardFigures, type CardInput, type DatedChange } from '../../src/domain/revenue';
import { cardStatus } from '../../src/domain/ledger';

const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

/**
 * The period cards of `where` that may recognise revenue in the ranges, with their figures over each range: a period
 * card's events are its orders alone (`cardEvents`), read as one json list per card; its last record's day matters
 * only to an invalidated card without an invalidation time (`forfeitDay`). A card that started after the ranges, or
 * whose validity ended before them without a renewal or a later order, recognises nothing in them and is not read.
 */
export async function periodFiguresOf(where: SQL | undefined, ranges: { from: string; to: string }[], today: string): Promise<{ card: CardInput; figures: CardFigures[] }[]> {
  if (!ranges.length) return [];
  const c = studentCards;
  const o = cardOrders;
  const r = hourRecords;
  const first = ranges.reduce((m, x) => (x.from < m ? x.from : m), ranges[0].from);
  const last = ranges.reduce((m, x) => (x.to > m ? x.to : m), ranges[0].to);
  // The card by its qualified name: the condition `where` names the table's columns so.
  const cardId = sql.raw('"student_cards"."id"');
  const col = (name: string) => sql.raw(`"student_cards"."${name}"`);
  // One json row (3,900 period cards of a large company read row by row cost ~250 ms of the embedded engine's CPU).
  const [row] = await (await tx())
    .select({
      list: sql<PeriodJson[] | null>`json_agg(json_build_array(
        ${cardId}, ${col('start_date')}, ${col('expiry_date')}, ${col('invalid')}, (extract(epoch from ${col('invalidated_at')}) * 1000)::bigint, ${col('expiry_changes')},
        (select json_agg(json_build_array(${o.createdAt}::date::text, ${o.amount}) order by ${o.id}) from ${o} where ${o.cardId} = ${cardId}),
        (case when ${col('invalid')} and ${col('invalidated_at')} is null then (select (extract(epoch from max(${r.createdAt})) * 1000)::bigint from ${r} where ${r.cardId} = ${cardId}) end)
      ) order by ${cardId})`,
    })
    .from(c)
    .where(
      and(
        where,
        sql`${c.kind} = 'period'`,
        sql`${c.startDate} <= ${last}`,
        sql`(${c.expiryDate} >= ${first} or ${c.expiryChanges} is not null or exists (select 1 from ${o} where ${o.cardId} = ${cardId} and ${o.createdAt} >= ${localDay(first).toISOString()}::timestamptz))`,
      ),
    );
  // The days the figures are read at: each range's eve and last day.
  const days = [...new Set(ranges.flatMap((x) => [plusDays(x.from, -1), x.to]))].sort();
  const at = new Map(days.map((d, i) => [d, i]));
  return (row?.list ?? []).map(([id, startDate, expiryDate, invalid, invalidatedMs, expiryChanges, orders, lastMs]) => {
    const card: CardInput = { id, kind: 'period', startDate, expiryDate, status: invalid ? 'invalid' : cardStatus({ kind: 'period', expiryDate, remainingHours: 0, invalid }, today) };
    if (invalidatedMs !== null) card.invalidatedAt = stampOf(new Date(Number(invalidatedMs)));
    if (expiryChanges) card.expiryChanges = expiryChanges;
    const lastRecord = lastMs === null ? undefined : stampOf(new Date(Number(lastMs))).slice(0, 10);
    const sold = (day: string) => (orders ?? []).reduce((s, [d, amount]) => (d <= day ? s + cents(amount) : s), 0);
    const totals = days.map((day) => totalsFromSums(card, [sold(day), 0, 0, 0], day, today, lastRecord));
    return { card, figures: ranges.map((x) => figuresBetween(totals[at.get(plusDays(x.from, -1))!], totals[at.get(x.to)!])) };
  });
}

/** A period card as `periodFiguresOf` reads it (times in epoch milliseconds). */
type PeriodJson = [number, string, string, boolean, number | string | null, DatedChange<string>[] | null, [string, number][] | null, number | string | null];
