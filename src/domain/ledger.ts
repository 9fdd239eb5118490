/**
 * Class cards and the hour ledger (docs/rules.md#cards-and-hours) as pure functions, used by the mock backend
 * (mock/domains/ledger.ts) and by the screens (balance previews).
 *
 * - Every record type has a sign: add/give +, reduce/diy/backing −, truant/leave − or 0 by company setting,
 *   fail 0, proof ± (a correction or the undo of a roll call). back/back_reject are never appended: they are what
 *   a backing record becomes when its review is decided (`applyReview`).
 * - A card never goes below 0 hours, except a roll call (reduce/truant/leave) when the company allows it.
 * - Period cards (`kind: 'period'`) have no hour balance: their lesson records carry 0 hours; they only
 *   expire. (Decision: period cards give "unlimited lessons" (docs/rules.md#cards-and-hours), so their ledger only logs attendance.)
 * Errors are `LedgerError` with a code the caller turns into a message in the user's language.
 */
import type { CardKind, HourRecord, HourRecordType, StudentCard, StudentCardStatus } from '@/types/school';

export interface LedgerSettings {
  truantConsumes: boolean;
  leaveConsumes: boolean;
  allowNegative: boolean;
}

export type LedgerErrorCode =
  | 'badHours'
  | 'reasonRequired'
  | 'insufficient'
  | 'cardInvalid'
  | 'cardExpired'
  | 'cardNotStarted'
  | 'reviewOnly'
  | 'notPending'
  | 'periodCard'
  | 'zeroProof';

export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    readonly values: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'LedgerError';
  }
}

/** Hours with 1 decimal. */
export function round1(n: number): number {
  return (Math.sign(n) * Math.round(Math.abs(n) * 10 + 1e-9)) / 10 || 0;
}

/** Money with 2 decimals. */
export function round2(n: number): number {
  return (Math.sign(n) * Math.round(Math.abs(n) * 100 + 1e-7)) / 100 || 0;
}

/** True when `n` has at most `decimals` decimals. */
export function hasDecimals(n: number, decimals: number): boolean {
  const f = 10 ** decimals;
  return Math.abs(Math.round(n * f) - n * f) < 1e-6;
}

/** Types that take hours from a card (when they take any). */
export const DEDUCTING_TYPES: readonly HourRecordType[] = ['reduce', 'truant', 'leave', 'diy', 'backing'];
/** Types a roll call writes. */
export const ROLL_CALL_TYPES: readonly HourRecordType[] = ['reduce', 'truant', 'leave', 'fail'];
/** Types that need a reason. */
export const REASON_TYPES: readonly HourRecordType[] = ['diy', 'proof'];

/** unit price = paid ÷ (bought + gift), 2 decimals; 0 when the card holds no hours (period cards). */
export function unitPrice(paid: number, bought: number, gift: number): number {
  const total = bought + gift;
  return total > 0 ? round2(paid / total) : 0;
}

/** Money value of hours at a unit price (refund amount of a return: hours × unit price). */
export function moneyValue(hours: number, price: number): number {
  return round2(hours * price);
}

export const refundAmount = moneyValue;

/**
 * Signed hours of a record. `hours` is the magnitude (≥ 0); `signedHours` is used by proof only.
 * Period cards' lesson records carry 0 hours.
 */
export function signedHoursFor(
  type: HourRecordType,
  hours: number,
  settings: Pick<LedgerSettings, 'truantConsumes' | 'leaveConsumes'>,
  kind: CardKind = 'count',
  signedHours?: number,
): number {
  const h = round1(Math.abs(hours));
  switch (type) {
    case 'add':
    case 'give':
      return h;
    case 'reduce':
    case 'diy':
    case 'backing':
      return kind === 'period' ? 0 : -h;
    case 'truant':
      return kind === 'period' || !settings.truantConsumes ? 0 : -h;
    case 'leave':
      return kind === 'period' || !settings.leaveConsumes ? 0 : -h;
    case 'fail':
      return 0;
    case 'proof':
      return round1(signedHours ?? hours);
    default:
      throw new LedgerError('reviewOnly');
  }
}

/** Card status from its hours, dates and invalidation (docs/rules.md#cards-and-hours). */
export function cardStatus(
  card: Pick<StudentCard, 'kind' | 'remainingHours' | 'expiryDate'> & { invalid?: boolean; status?: StudentCardStatus },
  today: string,
): StudentCardStatus {
  if (card.invalid || card.status === 'invalid') return 'invalid';
  if (card.expiryDate < today) return 'expired';
  if (card.kind === 'count' && card.remainingHours <= 0) return 'exhausted';
  return 'active';
}

export interface RecordInput {
  type: HourRecordType;
  /** Magnitude, ≥ 0, 1 decimal. */
  hours: number;
  /** proof only: the signed correction (+ gives back, − takes). Defaults to +hours. */
  signedHours?: number;
  reason?: string;
}

export interface RecordPlan {
  /** Signed hours of the record. */
  hours: number;
  balanceBefore: number;
  balanceAfter: number;
  /** backing: the hours asked to return. */
  requestedHours?: number;
  /** Money value (hours × unit price), signed like hours. */
  amount: number;
  status: StudentCardStatus;
}

export type PlanCard = Pick<StudentCard, 'kind' | 'remainingHours' | 'expiryDate' | 'startDate' | 'status' | 'unitPrice'>;

/**
 * Checks a new record against the rules and computes its signed hours and the card's balance after it.
 * Throws `LedgerError` when the rules refuse.
 */
export function planRecord(card: PlanCard, input: RecordInput, settings: LedgerSettings, today: string): RecordPlan {
  const { type } = input;
  if (type === 'back' || type === 'back_reject') throw new LedgerError('reviewOnly');
  const magnitude = input.type === 'proof' && input.signedHours !== undefined ? Math.abs(input.signedHours) : input.hours;
  if (!Number.isFinite(magnitude) || magnitude < 0 || !hasDecimals(magnitude, 1)) throw new LedgerError('badHours');
  if (REASON_TYPES.includes(type) && !(input.reason ?? '').trim()) throw new LedgerError('reasonRequired');
  if (card.status === 'invalid' && type !== 'fail') throw new LedgerError('cardInvalid');
  const signed = signedHoursFor(type, magnitude, settings, card.kind, input.signedHours);
  if (type === 'proof' && signed === 0) throw new LedgerError('zeroProof');
  if (['diy', 'backing', 'add', 'give'].includes(type) && magnitude <= 0 && card.kind === 'count') throw new LedgerError('badHours');
  if (card.kind === 'period' && (type === 'diy' || type === 'backing')) throw new LedgerError('periodCard');
  const deducts = signed < 0;
  if (deducts && type !== 'proof') {
    if (card.expiryDate < today) throw new LedgerError('cardExpired');
    if (card.startDate > today) throw new LedgerError('cardNotStarted');
  }
  const before = round1(card.remainingHours);
  const after = round1(before + signed);
  if (after < 0) {
    const rollCall = type === 'reduce' || type === 'truant' || type === 'leave';
    if (!(rollCall && settings.allowNegative)) throw new LedgerError('insufficient', { left: before, need: Math.abs(signed) });
  }
  const status = cardStatus({ kind: card.kind, remainingHours: after, expiryDate: card.expiryDate, status: card.status }, today);
  return {
    hours: signed,
    balanceBefore: before,
    balanceAfter: after,
    requestedHours: type === 'backing' ? magnitude : undefined,
    amount: moneyValue(signed, card.unitPrice),
    status,
  };
}

/**
 * The review of a return request: backing → back (hours stay taken; refund = requested × unit price) or
 * back_reject (hours restored: the record's hours become 0, requestedHours kept). Only a backing record is reviewable, once.
 */
export function applyReview(
  record: Pick<HourRecord, 'type' | 'hours' | 'requestedHours'>,
  approve: boolean,
  price: number,
): { type: 'back' | 'back_reject'; hours: number; delta: number; amount: number; requestedHours: number } {
  if (record.type !== 'backing') throw new LedgerError('notPending');
  const requested = record.requestedHours ?? Math.abs(record.hours);
  if (approve) return { type: 'back', hours: record.hours, delta: 0, amount: moneyValue(record.hours, price), requestedHours: requested };
  return { type: 'back_reject', hours: 0, delta: round1(-record.hours), amount: 0, requestedHours: requested };
}

/** A card's balance from its records (the invariant: remaining hours = sum of signed hours). */
export function balanceOf(records: Pick<HourRecord, 'hours'>[]): number {
  return round1(records.reduce((s, r) => s + r.hours, 0));
}

/**
 * Which card a deduction takes (docs/rules.md#cards-and-hours): the student's active card applicable to the class
 * (no classes = every class) that expires first; ties by lower id.
 */
export function pickDeductionCard<C extends Pick<StudentCard, 'id' | 'status' | 'classIds' | 'expiryDate' | 'startDate'>>(
  cards: C[],
  classId: number,
  today: string,
): C | undefined {
  return cards
    .filter((c) => c.status === 'active' && c.startDate <= today && c.expiryDate >= today)
    .filter((c) => c.classIds.length === 0 || c.classIds.includes(classId))
    .sort((a, b) => (a.expiryDate === b.expiryDate ? a.id - b.id : a.expiryDate < b.expiryDate ? -1 : 1))[0];
}

/** Running low or expiring soon (dashboard widget and RenewRemind). */
export function needsRenewal(
  card: Pick<StudentCard, 'kind' | 'remainingHours' | 'expiryDate' | 'status'>,
  today: string,
  lowHoursThreshold: number,
  expiryReminderDays: number,
): { low: boolean; expiring: boolean } {
  if (card.status !== 'active') return { low: false, expiring: false };
  const low = card.kind === 'count' && card.remainingHours <= lowHoursThreshold;
  const days = Math.round((Date.parse(`${card.expiryDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86400000);
  return { low, expiring: days >= 0 && days <= expiryReminderDays };
}

/** The expiry of a card sold from a template: start date + the template's valid days (`YYYY-MM-DD`). */
export function saleExpiryDate(startDate: string, validDays: number): string {
  const d = new Date(`${startDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + validDays);
  return d.toISOString().slice(0, 10);
}

/**
 * A sale whose card would end before `today` is refused (issue 30: a card sold already expired took the money for
 * nothing). Used by the sell call and by the sell form's date picker (past end dates disabled, a message).
 */
export function saleEndsBeforeToday(startDate: string, validDays: number, today: string): boolean {
  return saleExpiryDate(startDate, validDays) < today;
}

/**
 * The most hours a return may ask for: what the card holds (a count card; 0 when it holds none). The return form's
 * max and the ledger's `insufficient` refusal are the same rule.
 */
export function returnableHours(card: Pick<StudentCard, 'kind' | 'remainingHours'>): number {
  return card.kind === 'count' ? Math.max(0, round1(card.remainingHours)) : 0;
}

/** Dates in order: start ≤ end. */
export function datesInOrder(start: string | undefined, end: string | undefined): boolean {
  return !start || !end || start <= end;
}
