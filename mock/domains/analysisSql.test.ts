/**
 * The analysis figures the database sums (./analysis.ts, ./cardFigures.ts) equal the metric functions of src/domain
 * over the same rows, read whole from the tables, after any sequence of writes (fast-check): consumption (back-dated
 * too), gifts, corrections, refund requests and their review, a student moving campus, a lesson moved, cancelled or
 * moved to another campus, marks undone. Checked for the whole company and for one campus, over a range and its
 * previous period: every KPI of analyze_core, the holding figures of analyze/card, and the teacher breakdown; and the
 * summary rows the triggers keep equal to the same sums grouped from the rows (`sumsAgree`).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDb, resetDb, type Db } from '../db';
import { addDays, today } from '../clock';
import { analyzeCard, analyzeCore, analyzeRecords } from './analysis';
import { appendHourRecord, reviewReturn } from './ledger';
import { inRequest, lessonsIn, saveLesson, studentsIn } from '../testing';
import { cardOf, orderOf, recordOf } from './cardRows';
import { tx } from '../../server/db';
import { attendances, cardOrders, hourRecords, studentCards, students } from '../../server/db/schema';
import {
  activeStudentsOn,
  attendance,
  consumedHours,
  inRange,
  isConsumption,
  isTaught,
  newStudents,
  previousRange,
  renewalCohort,
  renewingStudents,
  teacherLoad,
  type DayRange,
} from '../../src/domain/metrics';
import { cardFigures, cashIn, recognisedValue, refundsOut, revenueOfFigures, sumMoney } from '../../src/domain/revenue';
import type { AnalyzeQuery, Kpi } from '../../src/types/analysis';

const CID = 2;
const op = { id: 0, name: 'test' };

/** The company's rows as the tables hold them. */
async function rowsOfCompany() {
  const t = await tx();
  const day = today();
  const cards = (await t.select().from(studentCards).where(eq(studentCards.companyId, CID))).map((r) => cardOf(r, day));
  const records = (await t.select().from(hourRecords).where(eq(hourRecords.companyId, CID))).map(recordOf).sort((a, b) => a.id - b.id);
  const orders = (await t.select().from(cardOrders).where(eq(cardOrders.companyId, CID))).map(orderOf).sort((a, b) => a.id - b.id);
  const marks = await t.select().from(attendances).where(and(eq(attendances.companyId, CID), isNull(attendances.undoneAt)));
  return { cards, records, orders, marks, students: await studentsIn(CID), lessons: await lessonsIn(CID) };
}

/** What the metric functions say over the rows (a campus: the rows of its students, the marks of its lessons). */
async function expectedFigures(r: DayRange, campusId: number | undefined) {
  const all = await rowsOfCompany();
  const campusOf = new Map(all.students.map((s) => [s.id, s.campusId]));
  const mine = <T extends { studentId: number }>(rows: T[]) => (campusId === undefined ? rows : rows.filter((x) => campusOf.get(x.studentId) === campusId));
  const cards = mine(all.cards);
  const records = mine(all.records);
  const orders = mine(all.orders);
  const lessons = new Map(all.lessons.filter((l) => campusId === undefined || l.campusId === campusId).map((l) => [l.id, l]));
  const t = today();
  const ledgerOf = (id: number) => ({ records: records.filter((x) => x.cardId === id), orders: orders.filter((x) => x.cardId === id) });
  const periodC = cards
    .filter((c) => c.kind === 'period')
    .reduce((s, c) => s + Math.round(revenueOfFigures('period', cardFigures({ card: c, ...ledgerOf(c.id) }, r.start, r.end, t)).recognised * 100), 0);
  const inR = records.filter((x) => inRange(x.createdAt, r));
  const renewing = renewingStudents(orders, r);
  const cohort = renewalCohort(cards, records, renewing, r);
  const marks = all.marks.filter((a) => {
    const l = lessons.get(a.lessonId);
    return l && inRange(l.date, r);
  });
  const att = attendance(marks.map((a) => ({ mark: a.mark, undoneAt: undefined })));
  return {
    consumedHours: consumedHours(inR),
    recognised: (Math.round(recognisedValue(inR.filter(isConsumption), r.start, r.end) * 100) + periodC) / 100,
    cashIn: cashIn(orders, r.start, r.end),
    refunds: refundsOut(records, r.start, r.end),
    activeStudents: activeStudentsOn(cards, records, r.end).size,
    newStudents: newStudents(orders, r).size,
    renewingStudents: renewing.size,
    renewalRate: [cohort.renewed.size, cohort.due.size],
    attendanceRate: [att.present, att.marked],
    holding: cards.filter((c) => c.status === 'active').map((c) => ({ id: c.id, value: cardFigures({ card: c, ...ledgerOf(c.id) }, t, t, t).closing })),
    teacher: teacherLoad([...lessons.values()], records.filter((x) => x.lessonId !== undefined), r)
      .filter((x) => x.consumedHours !== 0 || x.consumedValue !== 0)
      .map((x) => [x.teacherId, x.consumedHours, x.consumedValue]),
  };
}

type Write = { kind: string; a: number; b: number; c: number };

/** One write on the demo company, picked by numbers (a write the ledger refuses changes nothing), in a request of its own. */
async function apply(db: Db, w: Write) {
  const t = today();
  const pick = <T>(rows: T[], n: number): T | undefined => (rows.length ? rows[n % rows.length] : undefined);
  const day = addDays(t, -(w.b % 20));
  const at = `${day} 10:${String(w.c % 60).padStart(2, '0')}:00`;
  const hours = ((w.c % 30) + 1) / 10;
  await inRequest(CID, async () => {
    const card = pick(db.studentCards.filter((c) => c.companyId === CID && c.kind === 'count'), w.a);
    try {
      switch (w.kind) {
        case 'consume':
          if (card) appendHourRecord(db, { cardId: card.id, type: 'diy', hours, reason: 't', operator: op, at });
          break;
        case 'gift':
          if (card) appendHourRecord(db, { cardId: card.id, type: 'give', hours, operator: op });
          break;
        case 'correct':
          if (card) appendHourRecord(db, { cardId: card.id, type: 'proof', hours, signedHours: w.b % 2 ? hours : -hours, reason: 't', operator: op, at });
          break;
        case 'refund':
          if (card) {
            const r = appendHourRecord(db, { cardId: card.id, type: 'back', hours, operator: op });
            if (w.b % 3) reviewReturn(db, r.id, w.b % 3 === 1, op, { at: `${t} 11:00:00` });
          }
          break;
        case 'moveStudent': {
          const st = pick(await studentsIn(CID), w.a);
          if (st) await (await tx()).update(students).set({ campusId: st.campusId === 1 ? 2 : 1 }).where(eq(students.id, st.id));
          break;
        }
        case 'moveLesson': {
          const l = pick(await lessonsIn(CID), w.a);
          if (l) {
            l.date = addDays(t, -(w.b % 30));
            if (w.c % 2) l.campusId = l.campusId === 1 ? 2 : 1;
            if (w.c % 3 === 0) l.status = 'cancelled';
            await saveLesson(l.status === 'finished' ? l : { ...l, rollCalledAt: undefined });
          }
          break;
        }
        case 'undo': {
          const l = pick((await lessonsIn(CID)).filter((x) => isTaught(x)), w.a);
          if (l) await (await tx()).update(attendances).set({ undoneAt: new Date() }).where(and(eq(attendances.lessonId, l.id), isNull(attendances.undoneAt)));
          break;
        }
        default:
      }
    } catch {
      // refused (e.g. not enough hours): nothing written
    }
  });
}

const writeArb = fc.record({
  kind: fc.constantFrom('consume', 'gift', 'correct', 'refund', 'moveStudent', 'moveLesson', 'undo'),
  a: fc.nat(100_000),
  b: fc.nat(1000),
  c: fc.nat(1000),
});

const value = (kpis: Kpi[], key: string, prev = false) => {
  const k = kpis.find((x) => x.key === key)!;
  return prev ? k.previous : k.value;
};

async function expectAgreement(db: Db, q: AnalyzeQuery) {
  const r = { start: q.startDate, end: q.endDate };
  const got = await inRequest(CID, async () => ({ core: await analyzeCore(db, CID, q), card: await analyzeCard(db, CID, q), teacher: await analyzeRecords(db, CID, q, 'teacher') }));
  for (const [range, prev] of [
    [r, false],
    [previousRange(r), true],
  ] as const) {
    const want = await inRequest(CID, () => expectedFigures(range, q.campusId));
    const k = got.core.kpis;
    const where = `${range.start}..${range.end} campus ${q.campusId ?? 'all'}`;
    expect(
      {
        consumedHours: value(k, 'consumedHours', prev),
        recognised: value(k, 'recognised', prev),
        cashIn: value(k, 'cashIn', prev),
        refunds: value(k, 'refunds', prev),
        activeStudents: value(k, 'activeStudents', prev),
        newStudents: value(k, 'newStudents', prev),
        renewingStudents: value(k, 'renewingStudents', prev),
      },
      where,
    ).toEqual({
      consumedHours: want.consumedHours,
      recognised: want.recognised,
      cashIn: want.cashIn,
      refunds: want.refunds,
      activeStudents: want.activeStudents,
      newStudents: want.newStudents,
      renewingStudents: want.renewingStudents,
    });
    if (!prev) {
      const rate = k.find((x) => x.key === 'renewalRate')!;
      expect([rate.part, rate.whole], where).toEqual(want.renewalRate);
      const att = k.find((x) => x.key === 'attendanceRate')!;
      expect([att.part, att.whole], where).toEqual(want.attendanceRate);
      expect(got.card.holding.cards, where).toBe(want.holding.length);
      expect(got.card.holding.remainingValue, where).toBe(sumMoney(want.holding.map((x) => x.value)));
      const rows = got.teacher.rows.filter((x) => x.consumedHours !== 0 || x.recognised !== 0).map((x) => [x.id, x.consumedHours, x.recognised]);
      expect(rows.sort((a, b) => a[0] - b[0]), where).toEqual(want.teacher.sort((a, b) => a[0] - b[0]));
    }
  }
}

/**
 * The summary rows as the triggers keep them, and as the same sums grouped from the rows themselves (zero rows aside):
 * `ledger_day_sums` by company, campus of the student, day and lesson; `card_sums` by card.
 */
async function sumsAgree() {
  const t = await tx();
  const rows = async (text: string) => ((await t.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => JSON.stringify(r));
  const kept = await rows(`select company_id, campus_id, day::text, lesson_id, consumed::text, recognised::text, refunds::text, cash::text from ledger_day_sums
    where consumed <> 0 or recognised <> 0 or refunds <> 0 or cash <> 0 order by 1, 2, 3, 4`);
  const fresh = await rows(`select company_id, campus_id, day::text, lesson_id, sum(consumed)::numeric(14, 1)::text as consumed, sum(recognised)::numeric(14, 2)::text as recognised,
      sum(refunds)::numeric(14, 2)::text as refunds, sum(cash)::numeric(14, 2)::text as cash from (
      select r.company_id, s.campus_id, r.created_at::date as day, coalesce(r.lesson_id, 0) as lesson_id, -r.hours as consumed,
        case when r.type in ('reduce', 'truant', 'leave', 'diy') and r.amount < 0 then -r.amount when r.type = 'proof' then -r.amount else 0 end as recognised, 0 as refunds, 0 as cash
        from hour_records r join students s on s.id = r.student_id where r.type in ('reduce', 'truant', 'leave', 'diy', 'proof')
      union all select r.company_id, s.campus_id, coalesce(r.reviewed_at, r.created_at)::date, 0, 0, 0, -r.amount, 0 from hour_records r join students s on s.id = r.student_id where r.type = 'back'
      union all select o.company_id, s.campus_id, o.created_at::date, 0, 0, 0, 0, o.amount from card_orders o join students s on s.id = o.student_id) x
    group by 1, 2, 3, 4 having sum(consumed) <> 0 or sum(recognised) <> 0 or sum(refunds) <> 0 or sum(cash) <> 0 order by 1, 2, 3, 4`);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).toEqual(fresh);
  const cardsKept = await rows(`select card_id, sold::text, recognised::text, corrections::text, refunded::text from card_sums order by 1`);
  const cardsFresh = await rows(`select card_id, sum(sold)::numeric(14, 2)::text as sold, sum(recognised)::numeric(14, 2)::text as recognised, sum(corrections)::numeric(14, 2)::text as corrections,
      sum(refunded)::numeric(14, 2)::text as refunded from (
      select card_id, 0 as sold, case when type in ('reduce', 'truant', 'leave', 'diy') and amount < 0 then -amount else 0 end as recognised,
        case when type = 'proof' then amount else 0 end as corrections, case when type = 'back' then -amount else 0 end as refunded from hour_records
      union all select card_id, amount, 0, 0, 0 from card_orders) x group by 1 order by 1`);
  expect(cardsKept).toEqual(cardsFresh);
}

describe('the analysis figures summed by the database', () => {
  it('equal the metric functions over the tables after any sequence of writes', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(writeArb, { minLength: 1, maxLength: 5 }), async (writes) => {
        resetDb();
        const db = getDb();
        for (const w of writes) await apply(db, w);
        const t = today();
        await expectAgreement(db, { startDate: addDays(t, -45), endDate: t });
        await expectAgreement(db, { startDate: addDays(t, -10), endDate: addDays(t, 5), campusId: 1 });
        // Days long past (a card's balance then summed from its records).
        await expectAgreement(db, { startDate: addDays(t, -200), endDate: addDays(t, -100) });
        await inRequest(CID, sumsAgree);
      }),
      { numRuns: 6 },
    );
  });
});
