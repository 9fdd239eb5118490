/**
 * Seed truth checks (issue 8), shared by mock/seed.test.ts (normal seed) and mock/perf.test.ts (the large seed, built
 * once there for the list budget too).
 */
import type { Db } from './db';
import type { HourRecord } from '../src/types/school';
import { round1 } from '../src/domain/ledger';

/**
 * What is wrong with the seeded ledgers: every card's records, in time order, have `balanceAfter` following them
 * (each one is the previous plus the record's signed hours, the last one is the card's remaining hours, never below
 * 0), and nothing is recorded before the card was sold or consumed after it expired.
 */
export function ledgerProblems(db: Db): string[] {
  const byCard = new Map<number, HourRecord[]>();
  for (const r of db.hourRecords) {
    const list = byCard.get(r.cardId);
    if (list) list.push(r);
    else byCard.set(r.cardId, [r]);
  }
  const problems: string[] = [];
  for (const card of db.studentCards) {
    const records = (byCard.get(card.id) ?? []).slice().sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id));
    let balance = 0;
    for (const r of records) {
      balance = round1(balance + r.hours);
      if (r.balanceAfter !== balance) problems.push(`${card.cardNo} #${r.id} ${r.type} ${r.createdAt}: balanceAfter ${r.balanceAfter}, expected ${balance}`);
      if (balance < 0) problems.push(`${card.cardNo} #${r.id}: balance below 0 (${balance})`);
      if (r.createdAt < card.createdAt) problems.push(`${card.cardNo} #${r.id} ${r.type} ${r.createdAt}: before the sale ${card.createdAt}`);
      if (r.hours < 0 && r.createdAt.slice(0, 10) > card.expiryDate) problems.push(`${card.cardNo} #${r.id} ${r.type} ${r.createdAt}: after expiry ${card.expiryDate}`);
    }
    if (round1(balance) !== card.remainingHours) problems.push(`${card.cardNo}: remaining ${card.remainingHours}, records say ${balance}`);
  }
  return problems;
}

/**
 * Fields that say when something happened (issue 31): never after the clock the seed runs on. Every table of the Db,
 * every field named like a moment (`…At`, `…Time` of something done) or a day something was done; a field that is a
 * plan (a lesson's start, a due date, an expiry, a scheduled send) is not one of them.
 */
const PLANNED = new Set(['sendAt', 'nextFollowUpAt', 'remindAt', 'startAt', 'endAt', 'expiresAt', 'dueAt', 'scheduledAt', 'startTime', 'endTime', 'lessonTime', 'trialTime', 'time', 'lessonAt']);
const DONE_DAYS = new Set(['joinDate', 'hireDate', 'paidDate', 'orderDate', 'signedDate', 'reviewDate']);
const MOMENT = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?/;

export { stampOf } from '../server/db/time';

export function futureProblems(db: Db, now: string): string[] {
  const problems: string[] = [];
  const day = now.slice(0, 10);
  for (const [table, rows] of Object.entries(db)) {
    if (!Array.isArray(rows)) continue;
    for (const row of rows as unknown[]) {
      if (!row || typeof row !== 'object') continue;
      for (const [field, v] of Object.entries(row as Record<string, unknown>)) {
        if (typeof v !== 'string' || !MOMENT.test(v) || PLANNED.has(field)) continue;
        const moment = /At$/.test(field) || field === 'at';
        if (moment) {
          const when = v.replace('T', ' ');
          // A bare day is a whole day: only after today is it in the future.
          if (when.length <= 10 ? when > day : when.slice(0, 19) > now) problems.push(`${table}.${field} ${v} after ${now} (${JSON.stringify(row).slice(0, 120)})`);
        } else if (DONE_DAYS.has(field) && v.slice(0, 10) > day) problems.push(`${table}.${field} ${v} after ${day}`);
      }
    }
  }
  return problems;
}

/**
 * What follows what (issue 31): a roll call's result is sent after its lesson, homework is handed in after it was set
 * and checked after it was handed in, a leave is reviewed after it was asked, a lead is converted or assigned after it
 * came in, and a company's renewal log never ends after its valid-until.
 */
/** The demo rows of the tables in the database that the order checks read (mock/domains/teaching.ts `teachingSeed`). */
export interface SeededInDatabase {
  homework: { id: number; createdAt: string }[];
  submissions: { id: number; homeworkId: number; submittedAt?: string; checkedAt?: string }[];
  /** Seeded inbox messages (mock/domains/notify.ts `parentInboxSeed`). */
  inbox: { companyId: number; event?: string; values?: Record<string, string | number>; createdAt?: string; readAt?: string }[];
}

export function orderProblems(db: Db, teaching: SeededInDatabase): string[] {
  const problems: string[] = [];
  const lessonEnds = new Map<string, string[]>();
  for (const l of db.seedLessons) {
    const k = `${l.companyId}|${l.className}|${l.date}`;
    lessonEnds.set(k, [...(lessonEnds.get(k) ?? []), `${l.date} ${l.end}`]);
  }
  for (const m of teaching.inbox) {
    if (m.event !== 'rollCallResult' || !m.createdAt) continue;
    const v = (m.values ?? {}) as Record<string, unknown>;
    const ends = lessonEnds.get(`${m.companyId}|${String(v.className)}|${String(v.date)}`) ?? [];
    if (!ends.some((end) => end <= (m.createdAt ?? '').slice(0, 16))) problems.push(`inbox roll call result ${m.createdAt} for ${String(v.className)} on ${String(v.date)}: no lesson over by then`);
    if (m.readAt && m.readAt < m.createdAt) problems.push(`inbox read ${m.readAt} before sent ${m.createdAt}`);
  }
  const homework = new Map(teaching.homework.map((h) => [h.id, h]));
  for (const s of teaching.submissions) {
    const h = homework.get(s.homeworkId);
    if (s.submittedAt && h && s.submittedAt < h.createdAt) problems.push(`submission #${s.id} handed in ${s.submittedAt} before set ${h.createdAt}`);
    if (s.checkedAt && (!s.submittedAt || s.checkedAt < s.submittedAt)) problems.push(`submission #${s.id} checked ${s.checkedAt} before handed in ${s.submittedAt}`);
  }
  for (const r of db.seedLeaveRequests) if (r.reviewedAt && r.reviewedAt < r.createdAt) problems.push(`leave #${r.id} reviewed ${r.reviewedAt} before asked ${r.createdAt}`);
  for (const l of db.seedLeads ?? []) {
    if (l.convertedAt && l.convertedAt < l.createdAt) problems.push(`lead #${l.id} converted ${l.convertedAt} before it came in ${l.createdAt}`);
    if (l.assignedAt && l.assignedAt < l.createdAt) problems.push(`lead #${l.id} assigned ${l.assignedAt} before it came in ${l.createdAt}`);
  }
  for (const c of db.seedCompanies) {
    const last = db.seedCompanyRenewals.filter((r) => r.companyId === c.id).reduce((m, r) => (r.after > m ? r.after : m), '');
    if (last && c.validUntil && last > c.validUntil) problems.push(`company ${c.name}: renewal log ends ${last}, after its valid-until ${c.validUntil}`);
  }
  return problems;
}
