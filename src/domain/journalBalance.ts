/**
 * Running balances of the bill journal's accounts (docs/rules.md#bill-journal, issue 30 "Names"): for a period, each account's
 * opening balance (every active entry dated before the period), money in and out within it, and the closing balance
 * (opening + in − out). A balance is the account's, not a filter's: the journal screen computes it over the period
 * (and campus) it shows, whatever the other filters narrow the list to. Voided entries count for nothing.
 */
import type { AccountBalance, JournalAccount, JournalEntry } from '@/types/finance';
import { fromCents, monthRange, toCents } from './revenue';

export const JOURNAL_ACCOUNTS: readonly JournalAccount[] = ['cash', 'bank', 'wechat', 'alipay'];

/** A period of days, both ends included; `start` absent: from the first entry (the opening is then 0). */
export interface JournalPeriod {
  start?: string;
  end?: string;
}

/** The period a month `YYYY-MM` covers. */
export function monthPeriod(month: string): JournalPeriod {
  return monthRange(month.slice(0, 7));
}

type BalanceEntry = Pick<JournalEntry, 'date' | 'account' | 'direction' | 'amount' | 'status'>;

/** Opening, in, out and closing per account (always the four accounts, in order) over a period. */
export function runningBalances(entries: readonly BalanceEntry[], period: JournalPeriod): AccountBalance[] {
  const cents = new Map(JOURNAL_ACCOUNTS.map((a) => [a, { opening: 0, income: 0, expense: 0 }]));
  for (const e of entries) {
    const c = cents.get(e.account);
    if (!c || e.status !== 'active') continue;
    if (period.end !== undefined && e.date > period.end) continue;
    const v = toCents(e.amount);
    const signed = e.direction === 'income' ? v : -v;
    if (period.start !== undefined && e.date < period.start) c.opening += signed;
    else if (e.direction === 'income') c.income += v;
    else c.expense += v;
  }
  return JOURNAL_ACCOUNTS.map((account) => {
    const c = cents.get(account)!;
    return {
      account,
      opening: fromCents(c.opening),
      income: fromCents(c.income),
      expense: fromCents(c.expense),
      net: fromCents(c.income - c.expense),
      closing: fromCents(c.opening + c.income - c.expense),
    };
  });
}
