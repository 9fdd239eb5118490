/**
 * The hour ledger of the mock backend (docs/rules.md#cards-and-hours): the only code that writes hour records and card balances.
 * Rules come from the pure functions in src/domain/ledger.ts; the tables are declared in ./school.ts.
 * Used by the card operations (./schoolCards.ts), the seed, and the schedule domain's roll call.
 */
import { saveCard, saveRecord } from './cardRows';
import type { Db } from '../db';
import { afterDeduction } from './notify';
import { isSeeding, nextId } from '../db';
import { settingsOf } from './companySettings';
import { beforeWrite, HttpError } from '../http';
import { eq, sql } from 'drizzle-orm';
import { requestKey, tx } from '../../server/db';
import { monthCloses } from '../../server/db/schema';
import { defineMessages, message, type Lang } from '../messages';
import { nowStamp, today } from '../clock';
import type { HourRecord, HourRecordType, StudentCard } from '../../src/types/school';
import { applyReview, cardStatus, LedgerError, pickDeductionCard, planRecord, round1, round2 } from '../../src/domain/ledger';
import { allocateRecordValue, poolOf, poolUnitPrice, remainingValueCents, type ValuePool } from '../../src/domain/revenue';

defineMessages({
  'ledger.badHours': { en: 'Hours must be a positive number with at most 1 decimal.', zh: '课时必须是最多 1 位小数的正数。' },
  'ledger.reasonRequired': { en: 'A reason is required for this operation.', zh: '此操作必须填写原因。' },
  'ledger.insufficient': { en: 'Not enough hours on the card: {left} left, {need} needed.', zh: '课时不足：剩余 {left}，需要 {need}。' },
  'ledger.cardInvalid': { en: 'This card has been invalidated.', zh: '该课时卡已作废。' },
  'ledger.cardExpired': { en: 'This card has expired.', zh: '该课时卡已过期。' },
  'ledger.cardNotStarted': { en: 'This card is not valid yet.', zh: '该课时卡尚未生效。' },
  'ledger.reviewOnly': { en: 'Returned and rejected records are only made by reviewing a return request.', zh: '退课时记录只能通过审核退课申请产生。' },
  'ledger.notPending': { en: 'This return request has already been reviewed.', zh: '该退课申请已审核过。' },
  'ledger.periodCard': { en: 'A period card has no hours to consume or return.', zh: '期限卡没有可消耗或退回的课时。' },
  'ledger.zeroProof': { en: 'A correction must change the hours.', zh: '修正必须改变课时。' },
  'ledger.cardNotFound': { en: 'Card not found.', zh: '课时卡不存在。' },
  'ledger.recordNotFound': { en: 'Hour record not found.', zh: '课时记录不存在。' },
  'ledger.monthClosed': { en: '{month} is closed: its figures are frozen, so nothing can be dated in it. Date the change today instead.', zh: '{month} 已结账，数据已冻结，不能记入该月。请将此变动记在今天。' },
  'ledger.futureDate': { en: 'The date cannot be in the future.', zh: '日期不能晚于今天。' },
});

/** The advisory lock class of a company's month closes (with the company's id): "mc" in ASCII. */
const CLOSE_LOCK = 0x6d63;

/**
 * Locks the company's month closes until the request's transaction ends: `shared` by every write that may date
 * something in a month (below), `exclusive` by a close or a reopen, so that no close commits between a write's reading
 * of the closed months and its end.
 */
export async function lockMonthCloses(companyId: number, mode: 'shared' | 'exclusive'): Promise<void> {
  const t = await tx();
  if (mode === 'shared') await t.execute(sql`select pg_advisory_xact_lock_shared(${CLOSE_LOCK}, ${companyId})`);
  else await t.execute(sql`select pg_advisory_xact_lock(${CLOSE_LOCK}, ${companyId})`);
}

/** The closed months a request read (`readClosedMonths`), per request and company. */
const closedByRequest = new WeakMap<object, Map<number, ReadonlySet<string>>>();

/**
 * Reads the months the company closed (server/db/schema/monthClose.ts), under the shared lock, and keeps them for the
 * rest of the request: the ledger's rule below is synchronous. Every write with a session does it for its company
 * before its handler runs (`beforeWrite`); a write for another company (a public page's payment) calls it itself.
 */
export async function readClosedMonths(companyId: number): Promise<string[]> {
  await lockMonthCloses(companyId, 'shared');
  const rows = await (await tx()).select({ month: monthCloses.month }).from(monthCloses).where(eq(monthCloses.companyId, companyId));
  const months = rows.map((r) => r.month);
  const key = requestKey();
  if (key) {
    let byCompany = closedByRequest.get(key);
    if (!byCompany) closedByRequest.set(key, (byCompany = new Map()));
    byCompany.set(companyId, new Set(months));
  }
  return months;
}

beforeWrite.push(async (s) => {
  await readClosedMonths(s.company.id);
});

/**
 * True when the company closed the month of `day` (finance month close, docs/rules.md#revenue-and-month-close), as the
 * request read it (`readClosedMonths`). Outside a request (scripts, tests calling the ledger) and while the in-process
 * seed replays its history, no month is closed; a request that did not read them is a mistake of the code (thrown).
 */
export function isMonthClosed(companyId: number, day: string): boolean {
  const key = requestKey();
  if (!key || isSeeding()) return false;
  const months = closedByRequest.get(key)?.get(companyId);
  if (!months) throw new Error(`the closed months of company ${companyId} were not read in this request (readClosedMonths)`);
  return months.has(day.slice(0, 7));
}

export interface Operator {
  id: number;
  name: string;
}

export interface AppendHourRecordInput {
  cardId: number;
  type: HourRecordType;
  /** Magnitude ≥ 0 with 1 decimal. The sign comes from the type (and the company settings for truant/leave). */
  hours: number;
  /**
   * proof only: the signed correction, + gives hours back (e.g. undoing a roll call), − takes hours.
   * When absent a proof adds `hours`.
   */
  signedHours?: number;
  /** Required for diy and proof. */
  reason?: string;
  lessonId?: number;
  orderId?: number;
  /** A proof that reverses this record of the same card (the undo of a roll call): valued minus its value. */
  reversesRecordId?: number;
  operator: Operator;
  /** 'YYYY-MM-DD HH:mm:ss', default now. Its date is the "today" of the rules (seed history). */
  at?: string;
  lang?: Lang;
}

function ledgerError(e: unknown, lang: Lang): never {
  if (e instanceof LedgerError) {
    throw new HttpError(400, message(lang, `ledger.${e.code}`, e.values));
  }
  throw e;
}

/** Records per card, indexed incrementally (rebuilt when the table is truncated, e.g. by a roll call's rollback). */
const recordIndex = new WeakMap<HourRecord[], { len: number; last?: HourRecord; byCard: Map<number, HourRecord[]> }>();

/** The records of one card, in the order they were appended. */
export function recordsOfCard(db: Db, cardId: number): HourRecord[] {
  const arr = db.hourRecords;
  let ix = recordIndex.get(arr);
  if (!ix || ix.len > arr.length || (ix.len > 0 && arr[ix.len - 1] !== ix.last)) {
    ix = { len: 0, byCard: new Map() };
    recordIndex.set(arr, ix);
  }
  for (let i = ix.len; i < arr.length; i += 1) {
    const r = arr[i];
    const list = ix.byCard.get(r.cardId);
    if (list) list.push(r);
    else ix.byCard.set(r.cardId, [r]);
  }
  ix.len = arr.length;
  ix.last = arr[arr.length - 1];
  return ix.byCard.get(cardId) ?? [];
}

/** Paid amount of a card order (the cash an `add` record brings into the card's value pool). */
export function orderAmountOf(db: Db, orderId: number | undefined): number {
  if (orderId === undefined) return 0;
  const byIndex = db.cardOrders[orderId - 1];
  return (byIndex?.id === orderId ? byIndex : db.cardOrders.find((o) => o.id === orderId))?.amount ?? 0;
}

/**
 * A card's value pool now (src/domain/revenue.ts): the value its records leave over the hours still owed
 * (remaining + frozen by a pending return). Derived from the ledger, so a roll call's rollback needs no cache.
 */
export function poolOfCard(db: Db, cardId: number): ValuePool {
  const card = db.studentCards[cardId - 1]?.id === cardId ? db.studentCards[cardId - 1] : db.studentCards.find((c) => c.id === cardId);
  return poolOfRecords(card?.remainingHours ?? 0, recordsOfCard(db, cardId));
}

/** A card's value pool from its remaining hours and all its records (`poolOfCard`'s rule, for rows read from the tables). */
export function poolOfRecords(remainingHours: number, recs: readonly HourRecord[]): ValuePool {
  const frozen = recs.reduce((s, r) => (r.type === 'backing' ? s + Math.round((r.requestedHours ?? -r.hours) * 10) : s), 0);
  return poolOf(remainingValueCents(recs as HourRecord[]), Math.round(remainingHours * 10) + frozen);
}

/** Status of a card today (it can change with the date alone: expiry). */
export function refreshCardStatus(card: StudentCard, day = today()): StudentCard {
  card.status = cardStatus(card, day);
  return card;
}

/**
 * Appends one hour record (docs/rules.md#cards-and-hours) and updates the card's derived `remainingHours` and `status`.
 * - add/give +hours; reduce/diy/backing −hours; truant −hours unless settings.truantConsumes is off; leave 0 unless
 *   settings.leaveConsumes; fail 0 (a warning to resolve); proof ±`signedHours` (reason required, as for diy).
 * - Never below 0, except reduce/truant/leave when settings.allowNegative.
 * - back / back_reject cannot be appended: use `reviewReturn`.
 * Throws `HttpError(400, message)` when the rules refuse (message in `lang`, default English).
 */
export function appendHourRecord(db: Db, input: AppendHourRecordInput): HourRecord {
  const lang = input.lang ?? 'en';
  const byIndex = db.studentCards[input.cardId - 1];
  const card = byIndex?.id === input.cardId ? byIndex : db.studentCards.find((c) => c.id === input.cardId);
  if (!card) throw new HttpError(400, message(lang, 'ledger.cardNotFound'));
  const at = input.at ?? nowStamp();
  const day = at.slice(0, 10);
  if (isMonthClosed(card.companyId, day)) throw new HttpError(400, message(lang, 'ledger.monthClosed', { month: day.slice(0, 7) }));
  const settings = settingsOf(db, card.companyId);
  let plan;
  try {
    plan = planRecord(card, { type: input.type, hours: input.hours, signedHours: input.signedHours, reason: input.reason }, settings, day);
  } catch (e) {
    ledgerError(e, lang);
  }
  // Money value allocated in cents from the card's value pool (the record that empties the card takes the remainder).
  const pool = poolOfCard(db, card.id);
  const valued = allocateRecordValue(pool, { type: input.type, hours: plan.hours, requestedHours: plan.requestedHours, reversedAmount: reversedAmountOf(db, card, input, plan.hours, pool) }, input.type === 'add' ? orderAmountOf(db, input.orderId) : 0);
  const record: HourRecord = {
    id: nextId(db, 'hourRecords'),
    companyId: card.companyId,
    cardId: card.id,
    cardNo: card.cardNo,
    studentId: card.studentId,
    studentName: card.studentName,
    type: input.type,
    hours: plan.hours,
    requestedHours: plan.requestedHours,
    balanceAfter: plan.balanceAfter,
    amount: valued.amount,
    reason: input.reason?.trim() || undefined,
    lessonId: input.lessonId,
    orderId: input.orderId,
    operatorId: input.operator.id,
    operatorName: input.operator.name,
    createdAt: at,
  };
  db.hourRecords.push(record);
  saveRecord(record);
  // A purchase or a gift re-anchors the pool: the unit price becomes that of the hours the card now holds.
  if (input.type === 'add' || input.type === 'give') card.unitPrice = round2(poolUnitPrice(valued.pool));
  card.remainingHours = plan.balanceAfter;
  refreshCardStatus(card);
  saveCard(card);
  afterDeduction(db, card, plan.balanceBefore, plan.balanceAfter);
  return record;
}

/**
 * The value a proof reverses (issue 30): the undo of a roll call carries minus the value of the record it undoes;
 * a correction that puts hours back on a card with none left in its pool is valued at the card's unit price (the
 * consumption it reverses was). Otherwise undefined: the pool values the record.
 */
function reversedAmountOf(db: Db, card: StudentCard, input: AppendHourRecordInput, signed: number, pool: ValuePool): number | undefined {
  if (input.type !== 'proof' || signed === 0) return undefined;
  if (input.reversesRecordId !== undefined) {
    const byIndex = db.hourRecords[input.reversesRecordId - 1];
    const rec = byIndex?.id === input.reversesRecordId ? byIndex : db.hourRecords.find((r) => r.id === input.reversesRecordId);
    if (rec && rec.cardId === card.id && Math.sign(rec.hours) === -Math.sign(signed)) return round2((rec.amount * Math.abs(signed)) / Math.abs(rec.hours));
  }
  return signed > 0 && pool.hoursT === 0 ? -round2(signed * card.unitPrice) : undefined;
}

/**
 * Reviews a return request: backing → back (approved: hours stay taken, amount = refund) or back_reject
 * (rejected: the record's hours become 0 and the card gets them back; requestedHours kept). Once only.
 */
export function reviewReturn(db: Db, recordId: number, approve: boolean, operator: Operator, opts: { at?: string; lang?: Lang; companyId?: number } = {}): HourRecord {
  const lang = opts.lang ?? 'en';
  // Ids follow the table order (nextId), so the row is usually at id − 1: no scan of the whole ledger (large seed).
  const byIndex = db.hourRecords[recordId - 1];
  const found = byIndex?.id === recordId ? byIndex : db.hourRecords.find((r) => r.id === recordId);
  const record = found && (opts.companyId === undefined || found.companyId === opts.companyId) ? found : undefined;
  if (!record) throw new HttpError(400, message(lang, 'ledger.recordNotFound'));
  const card = db.studentCards.find((c) => c.id === record.cardId);
  if (!card) throw new HttpError(400, message(lang, 'ledger.cardNotFound'));
  let result;
  try {
    result = applyReview(record, approve, card.unitPrice);
  } catch (e) {
    ledgerError(e, lang);
  }
  // The refund is the value the returned hours take from the card's pool at approval (cents allocation).
  const refund = approve ? allocateRecordValue(poolOfCard(db, card.id), { type: 'back', hours: record.hours, requestedHours: result.requestedHours }).amount : 0;
  record.type = result.type;
  record.hours = result.hours;
  record.amount = refund;
  record.requestedHours = result.requestedHours;
  record.reviewedAt = opts.at ?? nowStamp();
  record.reviewerName = operator.name;
  card.remainingHours = round1(card.remainingHours + result.delta);
  refreshCardStatus(card);
  saveRecord(record);
  saveCard(card);
  return record;
}

/** The student's active card applicable to the class that expires first (docs/rules.md#cards-and-hours), statuses as of `day`. */
export function deductionCardFor(db: Db, companyId: number, studentId: number, classId: number, day: string): StudentCard | undefined {
  const cards = db.studentCards
    .filter((c) => c.companyId === companyId && c.studentId === studentId)
    .map((c) => ({ ...c, status: cardStatus(c, day) }));
  const picked = pickDeductionCard(cards, classId, day);
  return picked && db.studentCards.find((c) => c.id === picked.id);
}
