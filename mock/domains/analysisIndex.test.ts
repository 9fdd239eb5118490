/**
 * The incrementally maintained analysis index equals a from-scratch computation after any sequence of writes
 * (fast-check): consumption, gifts, corrections (back-dated too), refund requests and their review, card sales,
 * roll-call marks and their undo, a lesson moved or cancelled, a student moving campus, rows removed. Checked
 * three ways after every write: the maintained index against one built from scratch (every group, balance and
 * list), the per-day figures against a naive grouping of the tables through the metric functions, and the
 * analyze calls' answers from the maintained index against those from a fresh one.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDb, resetDb, type Db } from '../db';
import { addDays, today } from '../clock';
import { analyzeCard, analyzeCore, analyzeRecords, analyzeStaff, companyIndex, indexCacheOf } from './analysis';
import { buildIndex, dayFigures, isEmptying, recordDay, type CompanyIndex, type DayFigures } from './analysisIndex';
import { appendHourRecord, reviewReturn } from './ledger';
import { inRequest, lessonsIn, saveLesson, studentsIn } from '../testing';
import { lessonsOf } from './lessonRows';
import { marksOf } from './scheduleRows';
import { forgetCompanyStudents, loadCompanyStudents } from './studentRows';
import { tx } from '../../server/db';
import { students } from '../../server/db/schema';
import { balanceIndex } from '../../src/domain/metrics';
import type { CardOrder, HourRecord, Student } from '../../src/types/school';
import type { Attendance, Lesson } from '../../src/types/schedule';
import type { AnalyzeQuery } from '../../src/types/analysis';

const CID = 2;
const op = { id: 0, name: 'test' };

/** The per-day figures by a plain grouping of the tables (no index); `companyStudents` and `companyLessons` as the students and lessons tables hold them. */
function naiveDays(db: Db, companyStudents: Student[], companyLessons: Lesson[]): Map<string, DayFigures> {
  const campusOf = new Map(companyStudents.map((s) => [s.id, s.campusId]));
  const lessons = new Map(companyLessons.filter((l) => l.companyId === CID).map((l) => [l.id, l]));
  const groups = new Map<string, { cons: HourRecord[]; refs: HourRecord[]; ords: CardOrder[]; marks: Attendance[] }>();
  const g = (k: string) => {
    let x = groups.get(k);
    if (!x) groups.set(k, (x = { cons: [], refs: [], ords: [], marks: [] }));
    return x;
  };
  for (const r of db.hourRecords) {
    if (r.companyId !== CID) continue;
    const { kind, day } = recordDay(r);
    if (kind) g(`${campusOf.get(r.studentId) ?? 0}|${day}`)[kind === 'consumption' ? 'cons' : 'refs'].push(r);
  }
  for (const o of db.cardOrders) if (o.companyId === CID) g(`${campusOf.get(o.studentId) ?? 0}|${o.createdAt.slice(0, 10)}`).ords.push(o);
  for (const a of marksOf(db, CID)) {
    const l = lessons.get(a.lessonId);
    if (a.companyId === CID && !a.undoneAt && l) g(`${l.campusId}|${l.date}`).marks.push(a);
  }
  const out = new Map<string, DayFigures>();
  for (const [k, x] of groups) out.set(k, dayFigures(k.slice(k.indexOf('|') + 1), x.cons, x.refs, x.ords, x.marks));
  return out;
}

const sorted = <K, V>(m: Map<K, V>) => [...m.entries()].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
const ids = (s: Iterable<{ id: number }> | undefined) => [...(s ?? [])].map((x) => x.id).sort((a, b) => a - b);
function groupIds<K>(m: Map<K, Set<{ id: number }>>) {
  return sorted(m).map(([k, v]) => [k, ids(v)] as const);
}

function sameIndex(kept: CompanyIndex, fresh: CompanyIndex, db: Db, companyStudents: Student[], companyLessons: Lesson[]) {
  expect(sorted(kept.days)).toEqual(sorted(fresh.days));
  expect(sorted(kept.days)).toEqual(sorted(naiveDays(db, companyStudents, companyLessons)));
  expect(ids(kept.emptying)).toEqual(ids(db.hourRecords.filter((r) => r.companyId === CID && isEmptying(r))));
  expect(groupIds(kept.lessonRecordsByDay)).toEqual(groupIds(fresh.lessonRecordsByDay));
  expect(groupIds(kept.marksByDay)).toEqual(groupIds(fresh.marksByDay));
  expect(groupIds(kept.marksByLesson)).toEqual(groupIds(fresh.marksByLesson));
  expect(groupIds(kept.recordsByStudent)).toEqual(groupIds(fresh.recordsByStudent));
  expect(groupIds(kept.ordersByStudent)).toEqual(groupIds(fresh.ordersByStudent));
  expect(sorted(kept.balanceSteps())).toEqual(sorted(fresh.balanceSteps()));
  const plain = balanceIndex(db.hourRecords.filter((r) => r.companyId === CID));
  const t = today();
  for (const c of db.studentCards.filter((x) => x.companyId === CID)) {
    for (const day of [addDays(t, -40), addDays(t, -3), t]) expect(kept.balanceAt(c.id, day)).toBe(plain(c.id, day));
  }
}

/** The analyze answers from the maintained index and from a fresh one. */
function sameAnswers(db: Db) {
  const t = today();
  const cache = indexCacheOf(db);
  const kept = cache.get(CID)!;
  const ranges: AnalyzeQuery[] = [
    { startDate: addDays(t, -45), endDate: t },
    { startDate: addDays(t, -10), endDate: addDays(t, 5), campusId: 1 },
  ];
  const answers = () => ranges.map((q) => [analyzeCore(db, CID, q), analyzeCard(db, CID, q), analyzeRecords(db, CID, q, 'campus'), analyzeRecords(db, CID, q, 'teacher'), analyzeStaff(db, CID, q)]);
  const incremental = answers();
  cache.delete(CID);
  const fresh = answers();
  cache.set(CID, kept);
  expect(incremental).toEqual(fresh);
}

type Write = { kind: string; a: number; b: number; c: number };

/**
 * One write on the demo company, picked by numbers (a write the ledger refuses changes nothing); run in a request of
 * the company (a student's move is written to the students table, then the request reads the company's students again;
 * a lesson's change is made to the request's lessons, which the rules read, and written to its row, which the naive
 * grouping reads: a row that is not finished keeps no roll-call time, lessons_roll_call_check).
 */
async function apply(db: Db, w: Write) {
  const t = today();
  const pick = <T>(rows: T[], n: number): T | undefined => (rows.length ? rows[n % rows.length] : undefined);
  const cards = db.studentCards.filter((c) => c.companyId === CID && c.kind === 'count');
  const card = pick(cards, w.a);
  const day = addDays(t, -(w.b % 20));
  const at = `${day} 10:${String(w.c % 60).padStart(2, '0')}:00`;
  const hours = ((w.c % 30) + 1) / 10;
  const tryIt = (f: () => void) => {
    try {
      f();
    } catch {
      // refused (e.g. not enough hours): nothing written
    }
  };
  switch (w.kind) {
    case 'consume':
      if (card) tryIt(() => appendHourRecord(db, { cardId: card.id, type: 'diy', hours, reason: 't', operator: op, at }));
      break;
    case 'gift':
      if (card) tryIt(() => appendHourRecord(db, { cardId: card.id, type: 'give', hours, operator: op }));
      break;
    case 'correct':
      if (card) tryIt(() => appendHourRecord(db, { cardId: card.id, type: 'proof', hours, signedHours: w.b % 2 ? hours : -hours, reason: 't', operator: op, at }));
      break;
    case 'refund':
      if (card)
        tryIt(() => {
          const r = appendHourRecord(db, { cardId: card.id, type: 'back', hours, operator: op });
          if (w.b % 3) reviewReturn(db, r.id, w.b % 3 === 1, op, { at: `${t} 11:00:00` });
        });
      break;
    case 'sale': {
      const o = pick(db.cardOrders.filter((x) => x.companyId === CID), w.a);
      const st = pick(await studentsIn(CID), w.b);
      if (o && st) db.cardOrders.push({ ...o, id: Math.max(...db.cardOrders.map((x) => x.id)) + 1, studentId: st.id, studentName: st.name, createdAt: at, amount: hours * 100 });
      break;
    }
    case 'mark': {
      const marks = marksOf(db, CID);
      const a = pick(marks.filter((x) => x.companyId === CID), w.a);
      const l = pick(lessonsOf(db, CID).filter((x) => x.companyId === CID), w.b);
      if (a && l) marks.push({ ...a, id: Math.max(...marks.map((x) => x.id)) + 1, lessonId: l.id, mark: (['present', 'leave', 'truant'] as const)[w.c % 3], undoneAt: undefined });
      break;
    }
    case 'undo': {
      const l = pick(lessonsOf(db, CID).filter((x) => x.companyId === CID && x.status === 'finished'), w.a);
      if (l) {
        for (const a of marksOf(db, CID)) if (a.lessonId === l.id && !a.undoneAt) a.undoneAt = `${t} 12:00:00`;
        l.status = 'scheduled';
        await saveLesson({ ...l, rollCalledAt: undefined });
      }
      break;
    }
    case 'moveLesson': {
      const l = pick(lessonsOf(db, CID).filter((x) => x.companyId === CID), w.a);
      if (l) {
        l.date = addDays(t, -(w.b % 30));
        if (w.c % 2) l.campusId = l.campusId === 1 ? 2 : 1;
        if (w.c % 3 === 0) l.status = 'cancelled';
        await saveLesson(l.status === 'finished' ? l : { ...l, rollCalledAt: undefined });
      }
      break;
    }
    case 'moveStudent': {
      const st = pick(await studentsIn(CID), w.a);
      if (st) {
        await (await tx()).update(students).set({ campusId: st.campusId === 1 ? 2 : 1 }).where(eq(students.id, st.id));
        forgetCompanyStudents(CID);
        await loadCompanyStudents(db, CID);
      }
      break;
    }
    case 'review': {
      const r = pick(db.hourRecords.filter((x) => x.companyId === CID && x.type === 'back'), w.a);
      if (r) r.reviewedAt = `${addDays(t, -(w.b % 10))} 09:00:00`;
      break;
    }
    case 'remove': {
      const table = (['hourRecords', 'cardOrders', 'attendances'] as const)[w.b % 3];
      const rows = (table === 'attendances' ? marksOf(db, CID) : db[table]) as { companyId: number }[];
      const i = rows.findIndex((x, k) => x.companyId === CID && k >= w.a % rows.length);
      if (i >= 0) rows.splice(i, 1);
      break;
    }
    default:
  }
}

const writeArb = fc.record({
  kind: fc.constantFrom('consume', 'gift', 'correct', 'refund', 'sale', 'mark', 'undo', 'moveLesson', 'moveStudent', 'review', 'remove'),
  a: fc.nat(100_000),
  b: fc.nat(1000),
  c: fc.nat(1000),
});

describe('the incremental analysis index', () => {
  it('equals a from-scratch computation after any sequence of writes', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(writeArb, { minLength: 1, maxLength: 6 }), async (writes) => {
        resetDb();
        const db = getDb();
        await inRequest(CID, async () => {
          companyIndex(db, CID);
          for (const w of writes) {
            await apply(db, w);
            const kept = companyIndex(db, CID, true);
            sameIndex(kept, buildIndex(db, CID), db, await studentsIn(CID), await lessonsIn(CID));
          }
          sameAnswers(db);
        });
      }),
      { numRuns: 15 },
    );
  });

  it('a refresh moves only the rows that changed', async () => {
    resetDb();
    const db = getDb();
    await inRequest(CID, () => {
      companyIndex(db, CID);
      expect(companyIndex(db, CID, true).lastChanged).toBe(0);
      const card = db.studentCards.find((c) => c.companyId === CID && c.kind === 'count' && c.remainingHours > 2)!;
      appendHourRecord(db, { cardId: card.id, type: 'diy', hours: 1, reason: 't', operator: op });
      // One record placed once.
      expect(companyIndex(db, CID).lastChanged).toBe(1);
    });
  });
});
