/**
 * The lists of the students' cards, the hour ledger and the card orders in SQL (GET /v2/student_card, /v2/hour_record,
 * /v2/card_order and the cards' lookups): the policies' scope as a condition (the rows of the students the caller
 * sees, `studentWhere`), a card's status as an expression of its dates and hours (`cardStatusSql`, the same rule as
 * `cardStatus` of src/domain/ledger.ts: a test holds them equal), and the analysis screen's drill-downs (`drill=`) as
 * conditions over the same rows the figures count.
 */
import { and, asc, desc, eq, exists, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { tx } from '../../server/db';
import { localDay, type SqlListSpec } from '../../server/db/list';
import { cardOrders, hourRecords, ledgerCounts, lessons, studentCards, studentClasses, students } from '../../server/db/schema';
import { CONSUMING_TYPES } from '../../src/domain/metrics';
import { round1, saleExpiryDate } from '../../src/domain/ledger';
import type { RenewalState, RenewalThresholds } from '../../src/domain/receivers';
import type { HourRecord, StudentCard } from '../../src/types/school';
import { addDays } from '../clock';
import type { Db } from '../db';
import type { Session } from '../http';
import type { DrillQuery } from './analysis';
import { cardOf, recordOf } from './cardRows';
import { narrowsStudents, studentWhere } from './studentRows';

type StudentTable = typeof studentCards | typeof hourRecords | typeof cardOrders;

/** Rows of a company's table whose student the caller sees (a narrowed scope: an exists over the students' scope). */
function ofVisibleStudents(table: StudentTable, s: Session, db: Db): SQL {
  const company = eq(table.companyId, s.company.id);
  if (!narrowsStudents(db, s)) return company;
  return and(company, exists(sql`(select 1 from ${students} where ${students.id} = ${table.studentId} and ${studentWhere(s, db)})`))!;
}

export const cardWhere = (s: Session, db: Db) => ofVisibleStudents(studentCards, s, db);
export const recordWhere = (s: Session, db: Db) => ofVisibleStudents(hourRecords, s, db);
export const orderWhere = (s: Session, db: Db) => ofVisibleStudents(cardOrders, s, db);

/** A card's status on `day`: `cardStatus` (src/domain/ledger.ts) as an expression. */
export function cardStatusSql(day: string): SQL<StudentCard['status']> {
  const c = studentCards;
  return sql<StudentCard['status']>`(case when ${c.invalid} then 'invalid' when ${c.expiryDate} < ${day} then 'expired' when ${c.kind} = 'count' and ${c.remainingHours} <= 0 then 'exhausted' else 'active' end)`;
}

/** A card of the caller's scope by id (row locked for a write), with its status of `day`. */
export async function findCard(id: number, scope: SQL | undefined, lock: boolean, day: string): Promise<StudentCard | undefined> {
  const q = (await tx()).select().from(studentCards).where(and(eq(studentCards.id, id), scope));
  const [r] = lock ? await q.for('update') : await q;
  return r && cardOf(r, day);
}

/** The cards of one student in the caller's scope, oldest first, with their status of `day`. */
export async function cardsOfStudent(studentId: number, scope: SQL | undefined, day: string): Promise<StudentCard[]> {
  const rows = await (await tx()).select().from(studentCards).where(and(eq(studentCards.studentId, studentId), scope)).orderBy(asc(studentCards.id));
  return rows.map((r) => cardOf(r, day));
}

/** A timestamp column within the days of a drill-down (local days, inclusive). */
function inDays(column: PgColumn | SQL, d: DrillQuery): SQL {
  const next = localDay(d.to);
  next.setDate(next.getDate() + 1);
  const from = d.from ? sql`${column} >= ${localDay(d.from).toISOString()}::timestamptz` : undefined;
  return and(from, sql`${column} < ${next.toISOString()}::timestamptz`)!;
}

/** The row's student is on the drill-down's campus now (the figures count a row on its student's campus). */
function onCampus(studentId: PgColumn, campus: number | undefined): SQL | undefined {
  return campus === undefined ? undefined : exists(sql`(select 1 from ${students} where ${students.id} = ${studentId} and ${students.campusId} = ${campus})`);
}

/** The hour records a figure counts: the consumption of lessons taught (by teacher, class, campus) or the refunds. */
export function recordDrillWhere(d: DrillQuery): SQL {
  const r = hourRecords;
  if (d.kind === 'refund') return and(eq(r.type, 'back'), inDays(sql`coalesce(${r.reviewedAt}, ${r.createdAt})`, d), onCampus(r.studentId, d.campus))!;
  const taught =
    d.teacher === undefined && d.cls === undefined
      ? undefined
      : exists(
          sql`(select 1 from ${lessons} where ${lessons.id} = ${r.lessonId} and ${lessons.status} = 'finished' and ${and(
            d.campus === undefined ? undefined : eq(lessons.campusId, d.campus),
            d.teacher === undefined ? undefined : eq(lessons.teacherId, d.teacher),
            d.cls === undefined ? undefined : eq(lessons.classId, d.cls),
          ) ?? sql`true`})`,
        );
  return and(inArray(r.type, [...CONSUMING_TYPES]), inDays(r.createdAt, d), onCampus(r.studentId, d.campus), taught)!;
}

/** The card orders of the sales figure (by template and seller). */
export function orderDrillWhere(d: DrillQuery): SQL {
  const o = cardOrders;
  return and(
    inDays(o.createdAt, d),
    onCampus(o.studentId, d.campus),
    d.template === undefined ? undefined : eq(o.templateId, d.template),
    d.seller === undefined ? undefined : eq(o.sellerId, d.seller),
  )!;
}

/** The cards of the holding figures on `day`: active (`holding`), active and ending within 30 days (`expiring`), used up (`exhausted`). */
export function cardDrillWhere(d: DrillQuery, day: string): SQL {
  const c = studentCards;
  const status = cardStatusSql(day);
  const state =
    d.kind === 'exhausted'
      ? sql`${status} = 'exhausted'`
      : d.kind === 'expiring'
        ? and(sql`${status} = 'active'`, gte(c.expiryDate, day), lte(c.expiryDate, addDays(day, 30)))
        : sql`${status} = 'active'`;
  return and(
    state,
    onCampus(c.studentId, d.campus),
    d.template === undefined ? undefined : eq(c.templateId, d.template),
    d.cls === undefined ? undefined : exists(sql`(select 1 from ${studentClasses} where ${studentClasses.studentId} = ${c.studentId} and ${studentClasses.classId} = ${d.cls})`),
  )!;
}

/** The card's student's name as the student list sorts it (pinyin, server/db/sortKey.ts). */
const studentNameSort = (studentId: PgColumn) => sql`(select ${students.nameSort} from ${students} where ${students.id} = ${studentId})`;

export function cardListSpec(day: string, extra: SqlListSpec['filters'] = {}): SqlListSpec {
  const c = studentCards;
  return {
    keyword: [c.cardNo, c.studentName, c.templateName],
    equal: { kind: c.kind, templateId: c.templateId, studentId: c.studentId, sellerId: c.sellerId },
    filters: {
      status: (v) => {
        const values = v.split(',');
        return values.length === 1 ? sql`${cardStatusSql(day)} = ${values[0]}` : sql`${cardStatusSql(day)} in (${sql.join(values.map((x) => sql`${x}`), sql`, `)})`;
      },
      ...extra,
    },
    date: c.createdAt,
    sortable: { createdAt: c.createdAt, expiryDate: c.expiryDate, remainingHours: c.remainingHours, paidAmount: c.paidAmount, studentName: studentNameSort(c.studentId) },
    sums: { remainingHours: c.remainingHours, paidAmount: c.paidAmount, unitPrice: c.unitPrice, boughtHours: c.boughtHours, giftHours: c.giftHours },
    defaultSort: { field: 'createdAt', order: 'descend' },
    tiebreak: [asc(c.id)],
  };
}

export function recordListSpec(): SqlListSpec {
  const r = hourRecords;
  return {
    keyword: [r.studentName, r.cardNo, r.reason, r.operatorName],
    equal: { type: r.type, studentId: r.studentId, cardId: r.cardId, lessonId: r.lessonId },
    date: r.createdAt,
    sortable: { createdAt: r.createdAt, hours: r.hours, amount: r.amount },
    sums: { hours: r.hours, amount: r.amount, balanceAfter: r.balanceAfter },
    defaultSort: { field: 'createdAt', order: 'descend' },
    tiebreak: [asc(r.id)],
  };
}

export function orderListSpec(): SqlListSpec {
  const o = cardOrders;
  return {
    keyword: [o.orderNo, o.studentName, o.templateName],
    equal: { kind: o.kind, method: o.method, sellerId: o.sellerId, studentId: o.studentId },
    date: o.createdAt,
    sortable: { createdAt: o.createdAt, amount: o.amount },
    sums: { amount: o.amount, hours: o.hours, giftHours: o.giftHours },
    defaultSort: { field: 'createdAt', order: 'descend' },
    tiebreak: [asc(o.id)],
  };
}

/** A card as the renewal rules read it (src/domain/receivers.ts), with what the reminder list shows of it. */
export type RenewalRow = Pick<StudentCard, 'id' | 'studentId' | 'studentName' | 'cardNo' | 'kind' | 'remainingHours' | 'expiryDate' | 'status'>;

/** Every card in the caller's scope as the renewal rules read it (light rows: the rules need a student's every card). */
export async function renewalRowsOf(scope: SQL | undefined, day: string): Promise<RenewalRow[]> {
  const c = studentCards;
  return (await tx())
    .select({ id: c.id, studentId: c.studentId, studentName: c.studentName, cardNo: c.cardNo, kind: c.kind, remainingHours: c.remainingHours, expiryDate: c.expiryDate, status: cardStatusSql(day) })
    .from(c)
    .where(scope)
    .orderBy(asc(c.id));
}

/** A student's latest hour records, newest first (the student's detail). */
export async function latestRecordsOfStudent(companyId: number, studentId: number, limit: number): Promise<HourRecord[]> {
  const r = hourRecords;
  const rows = await (await tx()).select().from(r).where(and(eq(r.companyId, companyId), eq(r.studentId, studentId))).orderBy(desc(r.createdAt), desc(r.id)).limit(limit);
  return rows.map(recordOf);
}

/** The usable cards of a student, aggregated: `renewalStates`' sums in SQL (a test holds them equal). */
function renewalAggregates(scope: SQL | undefined, day: string) {
  const c = studentCards;
  const usable = sql`(${cardStatusSql(day)} = 'active')`;
  return {
    studentId: c.studentId,
    usable: sql<number>`(count(*) filter (where ${usable}))::int`.as('usable'),
    hours: sql<string>`(coalesce(sum(${c.remainingHours}) filter (where ${usable} and ${c.kind} = 'count'), 0))::text`.as('hours'),
    allCount: sql<boolean>`coalesce(bool_and(${c.kind} = 'count') filter (where ${usable}), true)`.as('all_count'),
    last: sql<string | null>`(max(${c.expiryDate}) filter (where ${usable}))::text`.as('last'),
  };
}

/** The renewal state of every student holding a card in `scope` (`renewalStates` of src/domain/receivers.ts, in SQL). */
export async function renewalStatesOf(scope: SQL | undefined, day: string, th: RenewalThresholds): Promise<Map<number, RenewalState>> {
  const limit = saleExpiryDate(day, th.expiryReminderDays);
  const rows = await (await tx()).select(renewalAggregates(scope, day)).from(studentCards).where(scope).groupBy(studentCards.studentId);
  const out = new Map<number, RenewalState>();
  for (const r of rows) {
    const usableHours = round1(Number(r.hours));
    out.set(r.studentId, r.usable ? { low: r.allCount && usableHours <= th.lowHoursThreshold, expiring: !!r.last && r.last <= limit, usableHours, usable: r.usable } : { low: false, expiring: false, usableHours, usable: 0 });
  }
  return out;
}

/**
 * The usable cards of the students running low or expiring soon in `scope`, flagged as `renewalFlags` flags them
 * (a card is `low` when its student runs low and it holds hours), in card id order: only these rows leave the database.
 */
export async function renewalDueOf(scope: SQL | undefined, day: string, th: RenewalThresholds): Promise<{ card: RenewalRow; low: boolean; expiring: boolean; mobile: string; parentName: string }[]> {
  const limit = saleExpiryDate(day, th.expiryReminderDays);
  const t = await tx();
  // Only students with a usable card that is low or ends soon can be due (all their usable cards are then: a low
  // student's hours on each card are at most the sum, a student expiring has every card end by the limit): their
  // cards alone are summed.
  const sc = studentCards;
  const candidates = t
    .select({ studentId: sc.studentId })
    .from(sc)
    .where(
      and(
        scope,
        sql`not ${sc.invalid}`,
        // Usable (see `cardStatusSql`) and ending by the limit, or a count card with hours left, at most the threshold:
        // each side an index range (student_cards_company_expiry_idx, student_cards_company_hours_idx).
        or(and(gte(sc.expiryDate, day), lte(sc.expiryDate, limit), sql`(${sc.kind} <> 'count' or ${sc.remainingHours} > 0)`), and(eq(sc.kind, 'count'), sql`${sc.remainingHours} > 0`, lte(sc.remainingHours, th.lowHoursThreshold), gte(sc.expiryDate, day))),
      ),
    );
  const st = t.select(renewalAggregates(scope, day)).from(sc).where(and(scope, inArray(sc.studentId, candidates))).groupBy(sc.studentId).as('st');
  const c = alias(studentCards, 'c');
  const low = sql<boolean>`(${st.allCount} and round(${st.hours}::numeric, 1) <= ${th.lowHoursThreshold})`;
  const expiring = sql<boolean>`(${st.last} <= ${limit})`;
  const status = sql`(case when ${c.invalid} then 'invalid' when ${c.expiryDate} < ${day} then 'expired' when ${c.kind} = 'count' and ${c.remainingHours} <= 0 then 'exhausted' else 'active' end)`;
  const rows = await t
    .select({ id: c.id, studentId: c.studentId, studentName: c.studentName, cardNo: c.cardNo, kind: c.kind, remainingHours: c.remainingHours, expiryDate: c.expiryDate, low, expiring, mobile: students.mobile, parentName: students.parentName })
    .from(c)
    .innerJoin(st, eq(st.studentId, c.studentId))
    // The student's contacts (the reminder list shows and searches them).
    .innerJoin(students, eq(students.id, c.studentId))
    .where(and(sql`${status} = 'active'`, sql`${st.usable} > 0`, sql`(${low} or ${expiring})`))
    .orderBy(asc(c.id));
  return rows.map(({ low: l, expiring: e, mobile, parentName, ...card }) => ({ card: { ...card, status: 'active' as const }, low: l && card.kind === 'count', expiring: e, mobile, parentName }));
}

/** How many hour records a company holds (`ledger_counts`, kept by the ledger's triggers). */
export async function ledgerCount(companyId: number): Promise<number> {
  const [r] = await (await tx()).select({ n: ledgerCounts.records }).from(ledgerCounts).where(eq(ledgerCounts.companyId, companyId));
  return r?.n ?? 0;
}

/** A card's hour records in the order they were appended. */
export async function recordsOfCardRows(cardId: number): Promise<HourRecord[]> {
  const rows = await (await tx()).select().from(hourRecords).where(eq(hourRecords.cardId, cardId)).orderBy(asc(hourRecords.id));
  return rows.map(recordOf);
}

/** How many cards a template issued (its deletion is refused while any stands). */
export async function cardCountOfTemplate(companyId: number, templateId: number): Promise<number> {
  const [r] = await (await tx()).select({ n: sql<number>`count(*)::int` }).from(studentCards).where(and(eq(studentCards.companyId, companyId), eq(studentCards.templateId, templateId)));
  return r?.n ?? 0;
}

/** The usable cards (status active on `day`) of a company that end on `expiryDay`, in id order (the expiry reminder). */
export async function usableCardsEnding(companyId: number, expiryDay: string, day: string): Promise<StudentCard[]> {
  const rows = await (await tx())
    .select()
    .from(studentCards)
    .where(and(eq(studentCards.companyId, companyId), eq(studentCards.expiryDate, expiryDay), sql`${cardStatusSql(day)} = 'active'`))
    .orderBy(asc(studentCards.id));
  return rows.map((r) => cardOf(r, day));
}
