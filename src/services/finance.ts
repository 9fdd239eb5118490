/**
 * Finance calls (docs/rules.md#salaries, #revenue-and-month-close, #bill-journal, docs/screens.md#finance): revenue, accrual and month close, the bill journal, salary
 * plans, the salary sheet and pay slips. One function per call.
 */
import { http } from '@/utils/request';
import type { ListQuery, ListResult } from '@/types/api';
import type {
  AccountBalance,
  AccrualCardRow,
  AccrualOverview,
  JournalEntry,
  MonthClose,
  PaySlip,
  RevenueFigure,
  RevenueMonth,
  RevenuePeriod,
  RevenueRecordRow,
  SalaryLine,
  SalaryLineSummary,
  SalaryPlan,
} from '@/types/finance';
import type { JournalInput, SalaryPlanInput } from '@/types/finance.schemas';
import type { Role } from '@/types/session';
import type { StaffStatus } from '@/types/school';

/* revenue, accrual, month close */
/** A finance period: a month, or a range of days (`startDate`, `endDate`); none = the month under way, up to today. */
export type FinancePeriodQuery = { month?: string; startDate?: string; endDate?: string };
export const fetchRevenue = (q: FinancePeriodQuery & { months?: number; campusId?: number }) => http.get<{ months: RevenueMonth[]; period: RevenuePeriod }>('/v2/finance/revenue', q);
export const fetchRevenueRecords = (q: ListQuery & FinancePeriodQuery & { figure: RevenueFigure; campusId?: number }) =>
  http.get<ListResult<RevenueRecordRow> & { sumAll: number }>('/v2/finance/revenue/records', q);
export const fetchAccrual = (q: FinancePeriodQuery) => http.get<AccrualOverview>('/v2/finance/accrual', q);
export const fetchAccrualCards = (q: ListQuery & FinancePeriodQuery) => http.get<ListResult<AccrualCardRow>>('/v2/finance/accrual/cards', q);
export const fetchMonthCloses = (q: ListQuery = {}) => http.get<ListResult<MonthClose>>('/v2/finance/month_close', q);
export const closeMonth = (month: string) => http.post<MonthClose>('/v2/finance/month_close', { month });
/** Reopens the last closed month (its stored figures are dropped); the reason goes to the operation log. */
export const reopenMonth = (month: string, reason: string) => http.post<{ month: string; reason: string }>('/v2/finance/month_close/reopen', { month, reason });

/* the bill journal */
export const fetchJournal = (q: ListQuery) => http.get<ListResult<JournalEntry>>('/v2/bill', q);
/** Balances per account over the journal rows the same filters select (every page). */
export const fetchJournalBalances = (q: ListQuery) => http.get<AccountBalance[]>('/v2/bill/balances', q);
export const createJournalEntry = (b: JournalInput) => http.post<JournalEntry>('/v2/bill', b);
export const updateJournalEntry = (b: JournalInput & { id: number }) => http.put<JournalEntry>('/v2/bill', b);
export const voidJournalEntry = (id: number, reason: string) => http.post<JournalEntry>('/v2/bill/void', { id, reason });

/* salary plans */
export interface PlanRow {
  staffId: number;
  staffName: string;
  role: Role;
  campusName: string;
  status: StaffStatus;
  plan: SalaryPlan | null;
}
export const fetchSalaryPlans = (q: ListQuery) => http.get<ListResult<PlanRow>>('/v2/salary_plan', q);
export const saveSalaryPlan = (b: SalaryPlanInput) => http.post<SalaryPlan>('/v2/salary_plan', b);

/* salary sheet */
export const fetchSalaryLines = (q: ListQuery) => http.get<ListResult<SalaryLineSummary> & { totalAmount: number }>('/v2/salary', q);
export const fetchSalaryLine = (id: number) => http.get<SalaryLine>(`/v2/salary/${id}`);
export const generateSalaries = (month: string) => http.post<{ created: number; recalculated: number; frozen: number }>('/v2/salary/generate', { month });
export const changeWage = (id: number, base: number, reason: string) => http.post<SalaryLine>('/v2/salary/wage', { id, base, reason });
export const addAdjustment = (b: { id: number; kind: 'bonus' | 'penalty'; amount: number; reason: string }) => http.post<SalaryLine>('/v2/salary/adjust', b);
export const removeAdjustment = (id: number, adjustmentId: number) => http.post<SalaryLine>('/v2/salary/adjust/remove', { id, adjustmentId });
export const checkSalaries = (ids: number[]) => http.post<{ checked: number }>('/v2/salary/check', { ids });
export const checkAmount = (id: number, total: number) => http.post<SalaryLine>('/v2/salary/check_amount', { id, total });
export const deleteSalary = (id: number) => http.delete<null>(`/v2/salary/${id}`);
export const paySalaries = (ids: number[], account: JournalEntry['account']) => http.post<{ paid: number; slipIds: number[] }>('/v2/salary/pay', { ids, account });

/* pay slips */
export const fetchPaySlips = (q: ListQuery) => http.get<ListResult<PaySlip>>('/v2/pay_slip', q);
export const fetchPaySlip = (id: number) => http.get<PaySlip>(`/v2/pay_slip/${id}`);
