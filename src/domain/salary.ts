/**
 * Salary rules (docs/rules.md#salaries) as pure functions: commission items traced to their records, tier bands
 * (marginal or whole-tier), one rounding at the end, and the status machine draft → checked → paid.
 * Used by the mock backend (mock/domains/salary.ts) and the salary screens.
 */

export type SalaryStatus = 'draft' | 'checked' | 'paid';
export type ElimMode = 'perHour' | 'rate';
export type TierMode = 'marginal' | 'whole';

/** A band of taught hours: from `from` (inclusive) up to `to` (exclusive; absent = no upper bound), paid `amount` per hour. */
export interface Tier {
  from: number;
  to?: number;
  amount: number;
}

export interface PlanTerms {
  baseSalary: number;
  /** Card-sale commission, percent of the paid amount. */
  cardRate: number;
  elimMode: ElimMode;
  /** perHour: yuan per consumed hour (when no tiers). */
  elimAmount: number;
  /** rate: percent of the consumed records' money value. */
  elimRate: number;
  tiers: Tier[];
  tierMode: TierMode;
}

/* ---------------- money helpers ---------------- */

const cents = (n: number) => Math.round(n * 100 + (n >= 0 ? 1e-7 : -1e-7));

/** Round to 0.01 (half away from zero). */
export function roundMoney(n: number): number {
  return cents(n) / 100 || 0;
}

/**
 * Rounds a list of exact amounts so that the rounded parts add up to the rounded total (largest remainder):
 * one rounding for the total, the parts follow it.
 */
export function allocateRounded(exact: number[]): number[] {
  if (!exact.length) return [];
  const totalCents = Math.round(exact.reduce((s, x) => s + x, 0) * 100 + 1e-7);
  const raw = exact.map((x) => x * 100);
  const floors = raw.map((x) => Math.floor(x + 1e-7));
  let rest = totalCents - floors.reduce((s, x) => s + x, 0);
  const order = raw.map((x, i) => ({ i, frac: x - floors[i] })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  const out = [...floors];
  for (let k = 0; rest > 0 && order.length; k = (k + 1) % order.length, rest -= 1) out[order[k].i] += 1;
  for (let k = order.length - 1; rest < 0 && order.length; k = (k - 1 + order.length) % order.length, rest += 1) out[order[k].i] -= 1;
  return out.map((c) => c / 100 || 0);
}

/* ---------------- tiers ---------------- */

/** Amount for `hours` taught over bands: marginal = each band at its own rate; whole = every hour at the reached band's rate. */
export function tierAmount(hours: number, tiers: Tier[], mode: TierMode): number {
  const bands = [...tiers].sort((a, b) => a.from - b.from);
  if (!bands.length || hours <= 0) return 0;
  if (mode === 'whole') {
    const reached = bands.filter((b) => hours > b.from || (b.from === 0 && hours > 0)).pop() ?? bands[0];
    return hours * reached.amount;
  }
  let total = 0;
  for (const b of bands) {
    const top = b.to ?? Infinity;
    const inBand = Math.max(0, Math.min(hours, top) - b.from);
    total += inBand * b.amount;
  }
  return total;
}

/* ---------------- commission items ---------------- */

export interface CommissionItem {
  kind: 'card' | 'clawback' | 'elim';
  /** Exact amount (not rounded): the figure is rounded once. */
  exact: number;
  /** Rounded share of the figure (the items add up to the figure exactly). */
  amount: number;
  /** Source: order (card), back record (clawback), hour record (elim). */
  sourceType: 'order' | 'record';
  sourceId: number;
  ref: string;
  date: string;
  studentName: string;
  /** Paid amount, refund value or the record's money value. */
  base: number;
  /** Consumed hours (elim). */
  hours?: number;
  lessonId?: number;
}

export interface SaleInput {
  id: number;
  orderNo: string;
  amount: number;
  createdAt: string;
  studentName: string;
}

export interface ReturnInput {
  id: number;
  cardNo: string;
  /** The back record's money value (negative). */
  amount: number;
  reviewedAt?: string;
  createdAt: string;
  studentName: string;
}

export interface TaughtInput {
  id: number;
  cardNo: string;
  /** Signed hours (consumption negative; a correction of a lesson positive). */
  hours: number;
  /** Money value, signed like hours. */
  amount: number;
  createdAt: string;
  studentName: string;
  lessonId?: number;
}

function finish(items: Omit<CommissionItem, 'amount'>[]): { items: CommissionItem[]; exact: number; figure: number } {
  const rounded = allocateRounded(items.map((i) => i.exact));
  const exact = items.reduce((s, i) => s + i.exact, 0);
  return { items: items.map((i, k) => ({ ...i, amount: rounded[k] })), exact, figure: roundMoney(exact) };
}

/** Card commission: rate × paid amount of the sales, minus rate × refund value of returns approved on cards they sold. */
export function cardCommission(sales: SaleInput[], returns: ReturnInput[], ratePercent: number) {
  const r = ratePercent / 100;
  return finish([
    ...sales.map((s) => ({ kind: 'card' as const, exact: s.amount * r, sourceType: 'order' as const, sourceId: s.id, ref: s.orderNo, date: s.createdAt.slice(0, 10), studentName: s.studentName, base: s.amount })),
    ...returns.map((b) => ({
      kind: 'clawback' as const,
      exact: b.amount * r,
      sourceType: 'record' as const,
      sourceId: b.id,
      ref: b.cardNo,
      date: (b.reviewedAt ?? b.createdAt).slice(0, 10),
      studentName: b.studentName,
      base: b.amount,
    })),
  ]);
}

/**
 * Elimination commission over the consumed records of the lessons taught, in time order:
 * - rate: rate × money value of each record;
 * - perHour without tiers: the fixed amount per hour;
 * - perHour with tiers: marginal: each record's hours are paid by the bands they fall in (cumulative hours);
 *   whole-tier: every hour at the rate of the band the month's total reaches.
 */
export function elimCommission(taught: TaughtInput[], plan: Pick<PlanTerms, 'elimMode' | 'elimAmount' | 'elimRate' | 'tiers' | 'tierMode'>) {
  const recs = [...taught].sort((a, b) => (a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1));
  const base = (t: TaughtInput) => ({ kind: 'elim' as const, sourceType: 'record' as const, sourceId: t.id, ref: t.cardNo, date: t.createdAt.slice(0, 10), studentName: t.studentName, base: -t.amount, hours: -t.hours, lessonId: t.lessonId });
  if (plan.elimMode === 'rate') return finish(recs.map((t) => ({ ...base(t), exact: (-t.amount * plan.elimRate) / 100 })));
  if (!plan.tiers.length) return finish(recs.map((t) => ({ ...base(t), exact: -t.hours * plan.elimAmount })));
  const total = recs.reduce((s, t) => s + -t.hours, 0);
  if (plan.tierMode === 'whole') {
    const rate = total > 0 ? tierAmount(total, plan.tiers, 'whole') / total : 0;
    return finish(recs.map((t) => ({ ...base(t), exact: -t.hours * rate })));
  }
  let cum = 0;
  return finish(
    recs.map((t) => {
      const h = -t.hours;
      const before = cum;
      cum += h;
      return { ...base(t), exact: tierAmount(cum, plan.tiers, 'marginal') - tierAmount(before, plan.tiers, 'marginal') };
    }),
  );
}

/* ---------------- the line ---------------- */

export interface Adjustment {
  id: number;
  kind: 'bonus' | 'penalty';
  amount: number;
  reason: string;
}

export interface LineFigures {
  base: number;
  cardCommission: number;
  elimCommission: number;
  bonus: number;
  penalties: number;
  total: number;
}

/**
 * The line's figures: total = base + commissions + bonus − penalties, rounded to 0.01 once; the shown components
 * are the rounded shares of that total (they add up to it).
 */
export function lineFigures(base: number, cardExact: number, elimExact: number, adjustments: Adjustment[]): LineFigures {
  const bonus = adjustments.filter((a) => a.kind === 'bonus').reduce((s, a) => s + a.amount, 0);
  const penalties = adjustments.filter((a) => a.kind === 'penalty').reduce((s, a) => s + a.amount, 0);
  const [b, c, e, bo, p] = allocateRounded([base, cardExact, elimExact, bonus, -penalties]);
  return { base: b, cardCommission: c, elimCommission: e, bonus: bo, penalties: -p || 0, total: roundMoney(base + cardExact + elimExact + bonus - penalties) };
}

/* ---------------- status machine ---------------- */

const NEXT: Record<SalaryStatus, SalaryStatus | undefined> = { draft: 'checked', checked: 'paid', paid: undefined };

/** draft → checked → paid, nothing else. */
export function canTransition(from: SalaryStatus, to: SalaryStatus): boolean {
  return NEXT[from] === to;
}

/** Only drafts are recalculated, edited (ChangeWage, bonus/penalties) or deleted; checked and paid lines are frozen. */
export function isEditable(status: SalaryStatus): boolean {
  return status === 'draft';
}
