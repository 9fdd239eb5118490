import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JOURNAL_ACCOUNTS, monthPeriod, runningBalances } from './journalBalance';
import { addMonths, sumMoney } from './revenue';
import type { JournalAccount } from '@/types/finance';

type Entry = { date: string; account: JournalAccount; direction: 'income' | 'expense'; amount: number; status: 'active' | 'void' };

const entry = fc.record({
  date: fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2026-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  account: fc.constantFrom(...JOURNAL_ACCOUNTS),
  direction: fc.constantFrom('income' as const, 'expense' as const),
  amount: fc.integer({ min: 1, max: 10_000_000 }).map((c) => c / 100),
  status: fc.constantFrom('active' as const, 'active' as const, 'void' as const),
});

const of = (rows: ReturnType<typeof runningBalances>, account: JournalAccount) => rows.find((b) => b.account === account)!;

describe('running balances of the journal', () => {
  it('opening = every active entry before the period, in/out within it, closing = opening + in − out', () => {
    const entries: Entry[] = [
      { date: '2026-09-30', account: 'bank', direction: 'income', amount: 1000, status: 'active' },
      { date: '2026-09-15', account: 'bank', direction: 'expense', amount: 250.5, status: 'active' },
      { date: '2026-09-20', account: 'bank', direction: 'income', amount: 99, status: 'void' },
      { date: '2026-10-01', account: 'bank', direction: 'income', amount: 10.1, status: 'active' },
      { date: '2026-10-31', account: 'bank', direction: 'expense', amount: 0.2, status: 'active' },
      { date: '2026-11-01', account: 'bank', direction: 'income', amount: 5000, status: 'active' },
      { date: '2026-10-05', account: 'cash', direction: 'income', amount: 7, status: 'active' },
    ];
    const oct = runningBalances(entries, monthPeriod('2026-10'));
    expect(oct.map((b) => b.account)).toEqual(['cash', 'bank', 'wechat', 'alipay']);
    expect(of(oct, 'bank')).toEqual({ account: 'bank', opening: 749.5, income: 10.1, expense: 0.2, net: 9.9, closing: 759.4 });
    expect(of(oct, 'cash')).toEqual({ account: 'cash', opening: 0, income: 7, expense: 0, net: 7, closing: 7 });
    expect(of(oct, 'wechat')).toEqual({ account: 'wechat', opening: 0, income: 0, expense: 0, net: 0, closing: 0 });
    // The month shown changes the opening; November opens with October's closing.
    const nov = runningBalances(entries, monthPeriod('2026-11'));
    expect(of(nov, 'bank')).toMatchObject({ opening: 759.4, income: 5000, closing: 5759.4 });
    // Without a period: everything is in the period, the opening is 0.
    expect(of(runningBalances(entries, {}), 'bank')).toMatchObject({ opening: 0, closing: 5759.4 });
  });

  it('property: the closing of one month is the opening of the next, and closing − opening = in − out', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 80 }), fc.integer({ min: 0, max: 22 }), (entries, k) => {
        const month = addMonths('2025-01', k);
        const a = runningBalances(entries, monthPeriod(month));
        const b = runningBalances(entries, monthPeriod(addMonths(month, 1)));
        for (const acc of JOURNAL_ACCOUNTS) {
          expect(of(b, acc).opening).toBe(of(a, acc).closing);
          expect(sumMoney([of(a, acc).closing, -of(a, acc).opening])).toBe(sumMoney([of(a, acc).income, -of(a, acc).expense]));
          expect(of(a, acc).net).toBe(sumMoney([of(a, acc).income, -of(a, acc).expense]));
          // The closing is every active entry up to the period's end.
          const upTo = entries.filter((e) => e.account === acc && e.status === 'active' && e.date <= monthPeriod(month).end!);
          expect(of(a, acc).closing).toBe(sumMoney(upTo.map((e) => (e.direction === 'income' ? e.amount : -e.amount))));
        }
      }),
    );
  });
});
