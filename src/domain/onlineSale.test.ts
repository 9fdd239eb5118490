import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exceedsSaleCap, renderTemplate, settlementOf } from './onlineSale';

describe('online sale cap', () => {
  const cap = { maxHours: 60, maxMonths: 3 };
  it('60 hours (bought + gift) and 90 days pass; more is refused', () => {
    expect(exceedsSaleCap({ hours: 50, giftHours: 10, validDays: 90 }, cap)).toBeUndefined();
    expect(exceedsSaleCap({ hours: 60, giftHours: 1, validDays: 90 }, cap)).toBe('hours');
    expect(exceedsSaleCap({ hours: 0, giftHours: 0, validDays: 91 }, cap)).toBe('months');
  });
});

describe('settlement', () => {
  it('0.6 % of 12,800.00 is 76.80', () => {
    expect(settlementOf([6400, 6400], 0.6)).toEqual({ gross: 12800, fee: 76.8, net: 12723.2 });
  });
  it('gross = fee + net to the cent, fee within rounding of the rate', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100), { maxLength: 50 }), fc.integer({ min: 0, max: 1000 }).map((r) => r / 100), (amounts, rate) => {
        const s = settlementOf(amounts, rate);
        expect(Math.round(s.gross * 100)).toBe(Math.round(s.fee * 100) + Math.round(s.net * 100));
        expect(Math.abs(s.fee - (s.gross * rate) / 100)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});

describe('contract templates', () => {
  it('fills known variables, lists unknown ones, keeps missing values as written', () => {
    const r = renderTemplate('{studentName} buys {cardName} for {amount}; {nickname}; {hours}', { studentName: '小明', cardName: '48 课时卡', amount: '3600.00' });
    expect(r.text).toBe('小明 buys 48 课时卡 for 3600.00; {nickname}; {hours}');
    expect(r.unknown).toEqual(['nickname']);
  });
  it('never injects markup: values are plain text', () => {
    expect(renderTemplate('{studentName}', { studentName: '<b>x</b>' }).text).toBe('<b>x</b>');
  });
});
