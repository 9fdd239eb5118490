/** Bodies of the finance calls (docs/rules.md#salaries, #revenue-and-month-close, #bill-journal), validated by the mock (400 naming the field). */
import { date, id, ids, money, month, oneOf, optText, percent, text, z } from './schema';

const ACCOUNTS = ['cash', 'bank', 'wechat', 'alipay'] as const;
const CATEGORIES = ['income.cardSales', 'income.other', 'expense.rent', 'expense.salaries', 'expense.utilities', 'expense.marketing', 'expense.refunds', 'expense.other'] as const;

export const MonthCloseBody = z.object({ month: month() });
/** Reopening the last closed month: the reason is logged with the call (audit log). */
export const MonthReopenBody = z.object({ month: month(), reason: text(200) });

export const JournalBody = z.object({
  date: date(),
  direction: oneOf(['income', 'expense']),
  category: oneOf(CATEGORIES),
  account: oneOf(ACCOUNTS),
  campusId: id(),
  amount: money({ min: 0.01 }),
  counterparty: text(60),
  remark: optText(200),
});
export const JournalUpdateBody = JournalBody.extend({ id: id() });
export const JournalVoidBody = z.object({ id: id(), reason: text(200) });

const TierBody = z.object({ from: money({ max: 10000 }), to: money({ max: 10000 }).optional().nullable(), amount: money({ max: 100000 }) });

export const SalaryPlanBody = z.object({
  staffId: id(),
  baseSalary: money({ max: 1_000_000 }),
  cardRate: percent(),
  elimMode: oneOf(['perHour', 'rate']),
  elimAmount: money({ max: 100000 }),
  elimRate: percent(),
  tiers: z.array(TierBody).max(10),
  tierMode: oneOf(['marginal', 'whole']),
});

export const SalaryGenerateBody = z.object({ month: month() });
export const ChangeWageBody = z.object({ id: id(), base: money({ max: 1_000_000 }), reason: text(200) });
export const SalaryAdjustBody = z.object({ id: id(), kind: oneOf(['bonus', 'penalty']), amount: money({ min: 0.01, max: 1_000_000 }), reason: text(200) });
export const SalaryAdjustRemoveBody = z.object({ id: id(), adjustmentId: id() });
export const SalaryCheckBody = z.object({ ids: ids(500) });
/** CheckAmount: confirm one line at the total the checker saw (refused when the figures moved meanwhile). */
export const CheckAmountBody = z.object({ id: id(), total: money({ min: -10_000_000 }) });
export const SalaryPayBody = z.object({ ids: ids(500), account: oneOf(ACCOUNTS) });

export type JournalInput = z.output<typeof JournalBody>;
export type SalaryPlanInput = z.output<typeof SalaryPlanBody>;
