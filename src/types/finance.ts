/** Finance types (docs/rules.md#salaries, #revenue-and-month-close, #bill-journal, docs/screens.md#finance), shared by the client and the mock backend. */
import type { CommissionItem, ElimMode, SalaryStatus, Tier, TierMode } from '@/domain/salary';
import type { StudentCardStatus } from './school';
import type { Role } from './session';

export type { CommissionItem, ElimMode, SalaryStatus, Tier, TierMode };

/**
 * One month (or period) of /finance/revenue (one campus or all), read up to today. Recognised revenue is one figure on
 * every screen (src/domain/revenue.ts `RecognisedRevenue`): lessons + period cards' days + corrections; forfeited is
 * revenue of its own kind, beside it.
 */
export interface RevenueMonth {
  month: string;
  cashIn: number;
  refundsOut: number;
  /** Recognised revenue: lessons + periodDays + corrections (the headline of every screen). */
  recognised: number;
  /** The same figure under the name of its drill-down (`figure=recognisedLessons`). */
  recognisedLessons: number;
  /** Its parts: count cards' consumption, period cards by day (days up to today), corrections (signed). */
  lessons: number;
  periodDays: number;
  corrections: number;
  /** Forfeited (breakage): revenue of its own kind, not in `recognised`. */
  forfeited: number;
  /** Deferred value at the period's end (today for the month under way). */
  deferred: number;
}

/** The period /finance/revenue shows (a month, a range, or the month under way), up to today. */
export interface RevenuePeriod extends RevenueMonth {
  startDate: string;
  endDate: string;
}

export type RevenueFigure = 'cashIn' | 'refundsOut' | 'recognisedLessons' | 'forfeited';

/** A record behind a revenue figure. */
export interface RevenueRecordRow {
  key: string;
  /** 'YYYY-MM-DD HH:mm' (records, orders) or 'YYYY-MM-DD' (period cards by day, forfeits). */
  date: string;
  source: 'order' | 'record' | 'periodCard' | 'forfeit';
  /** Record type (hour records), order kind, or 'period' / 'invalid' / 'expired'. */
  type: string;
  ref: string;
  cardId: number;
  cardNo: string;
  studentName: string;
  campusName: string;
  hours?: number;
  amount: number;
}

/**
 * The rollforward as /finance/accrual shows it (src/domain/revenue.ts `shownRollforward`): opening + sold − recognised
 * − refunded − forfeited = closing, where `recognised` is the recognised revenue of every screen (corrections included)
 * and `corrections` the part of it that corrections made.
 */
export interface RollforwardFigures {
  opening: number;
  sold: number;
  recognised: number;
  corrections: number;
  refunded: number;
  forfeited: number;
  closing: number;
}

export interface AccrualCampusRow extends RollforwardFigures {
  campusId: number;
  campusName: string;
}

export interface AccrualOverview {
  /** The month shown (a range: the month it starts in). */
  month: string;
  /** The period: a month up to today, or a range. */
  startDate: string;
  endDate: string;
  closed: boolean;
  closedAt?: string;
  closedBy?: string;
  campuses: AccrualCampusRow[];
  total: RollforwardFigures;
}

export interface AccrualCardRow extends RollforwardFigures {
  cardId: number;
  cardNo: string;
  studentId: number;
  studentName: string;
  templateId: number;
  templateName: string;
  status: StudentCardStatus;
  campusId: number;
  campusName: string;
}

export interface MonthClose {
  id: number;
  companyId: number;
  month: string;
  closedAt: string;
  closedBy: string;
  /** Closing deferred value of the company when closed. */
  closing: number;
}

/** A month close undone (the last closed month, with a reason): its stored figures were dropped. */
export interface MonthReopen extends Omit<MonthClose, 'id'> {
  id: number;
  reason: string;
  reopenedAt: string;
  reopenedBy: string;
}

/* ---------------- the bill journal (docs/rules.md#bill-journal) ---------------- */

export type JournalDirection = 'income' | 'expense';
export type JournalAccount = 'cash' | 'bank' | 'wechat' | 'alipay';
export type JournalSource = 'manual' | 'cardOrder' | 'refund' | 'paySlip';
export const JOURNAL_CATEGORIES = {
  income: ['cardSales', 'other'],
  expense: ['rent', 'salaries', 'utilities', 'marketing', 'refunds', 'other'],
} as const;
export type JournalCategory = `income.${(typeof JOURNAL_CATEGORIES)['income'][number]}` | `expense.${(typeof JOURNAL_CATEGORIES)['expense'][number]}`;

export interface JournalEntry {
  /** `m-<id>` manual, `o-<orderId>` card order, `r-<recordId>` refund, `s-<slipId>` pay slip. */
  key: string;
  /** Manual entries only (the id of add/edit/void). */
  id?: number;
  companyId: number;
  date: string;
  direction: JournalDirection;
  category: JournalCategory;
  account: JournalAccount;
  campusId: number;
  campusName: string;
  amount: number;
  counterparty: string;
  remark?: string;
  source: JournalSource;
  sourceId?: number;
  sourceRef?: string;
  status: 'active' | 'void';
  voidReason?: string;
  operatorName: string;
  createdAt: string;
}

/** An account's running balance over the period the journal shows (src/domain/journalBalance.ts). */
export interface AccountBalance {
  account: JournalAccount;
  /** Every active entry of the account dated before the period. */
  opening: number;
  /** In and out within the period. */
  income: number;
  expense: number;
  /** income − expense (the period's flow). */
  net: number;
  /** opening + income − expense. */
  closing: number;
}

/* ---------------- salary (docs/rules.md#salaries) ---------------- */

export interface SalaryPlan {
  id: number;
  companyId: number;
  staffId: number;
  staffName: string;
  role: Role;
  campusName: string;
  baseSalary: number;
  cardRate: number;
  elimMode: ElimMode;
  elimAmount: number;
  elimRate: number;
  tiers: Tier[];
  tierMode: TierMode;
  updatedAt: string;
}

export interface SalaryAdjustment {
  id: number;
  kind: 'bonus' | 'penalty';
  amount: number;
  reason: string;
  createdAt: string;
  operatorName: string;
}

export interface SalaryLine {
  id: number;
  companyId: number;
  month: string;
  staffId: number;
  staffName: string;
  role: Role;
  campusName: string;
  /** The plan's terms the line was calculated with. */
  plan: Omit<SalaryPlan, 'id' | 'companyId' | 'staffName' | 'role' | 'campusName' | 'updatedAt'>;
  /** ChangeWage: this month's base only, with a reason. */
  wageChange?: { from: number; to: number; reason: string; at: string; by: string };
  base: number;
  cardCommission: number;
  elimCommission: number;
  bonus: number;
  penalties: number;
  total: number;
  /** Student-hours: the hours students consumed in the lessons taught (not the lessons' own length). */
  hours: number;
  cardItems: CommissionItem[];
  elimItems: CommissionItem[];
  adjustments: SalaryAdjustment[];
  status: SalaryStatus;
  calculatedAt: string;
  checkedAt?: string;
  checkedBy?: string;
  paidAt?: string;
  slipId?: number;
}

export type SalaryLineSummary = Omit<SalaryLine, 'cardItems' | 'elimItems'>;

export interface PaySlipLine {
  key: 'base' | 'cardCommission' | 'elimCommission' | 'bonus' | 'penalties';
  amount: number;
  detail?: string;
  /** Bonus and penalties: the reason of each adjustment, as entered. */
  reasons?: string[];
  /** Card commission: the commission on the month's sales and the clawbacks of its returns (negative). */
  sales?: number;
  clawbacks?: number;
  /** Elimination commission: the student-hours it pays (the salary line's `hours`). */
  hours?: number;
}

export interface PaySlip {
  id: number;
  companyId: number;
  slipNo: string;
  lineId: number;
  month: string;
  staffId: number;
  staffName: string;
  role: Role;
  campusId: number;
  campusName: string;
  lines: PaySlipLine[];
  total: number;
  account: JournalAccount;
  paidAt: string;
  paidBy: string;
}
