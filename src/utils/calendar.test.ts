// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CALENDAR_MAX_YEAR,
  CALENDAR_MIN_YEAR,
  CalendarRangeError,
  dayRecord,
  FESTIVALS,
  festivalLabelKey,
  monthGrid,
  SOLAR_TERM_CHINESE,
  SOLAR_TERMS,
  solarTermLabelKey,
  upcomingFestivals,
} from '@/utils/calendar';
import type { FestivalKey, SolarTermKey } from '@/utils/calendar';
import { addDays, dateRange, daysInMonth } from '@/utils/dates';

describe('dayRecord: solar part', () => {
  it('describes a plain day', () => {
    const r = dayRecord('2024-03-13');
    expect(r).toMatchObject({
      date: '2024-03-13',
      year: 2024,
      month: 3,
      day: 13,
      weekday: 3,
      weekdayLabel: 'wed',
      isLeapMonth: false,
      festivals: [],
    });
    expect(r.festival).toBeUndefined();
    expect(r.solarTerm).toBeUndefined();
  });

  it('numbers Sunday 7 and Monday 1', () => {
    expect(dayRecord('2024-01-07')).toMatchObject({ weekday: 7, weekdayLabel: 'sun' });
    expect(dayRecord('2024-01-08')).toMatchObject({ weekday: 1, weekdayLabel: 'mon' });
    expect(dayRecord('2024-01-11')).toMatchObject({ weekday: 4, weekdayLabel: 'thur' });
    expect(dayRecord('2024-01-09')).toMatchObject({ weekday: 2, weekdayLabel: 'tues' });
  });

  it('rejects malformed dates', () => {
    expect(() => dayRecord('2024-02-30')).toThrow(RangeError);
    expect(() => dayRecord('2024/02/01')).toThrow(RangeError);
  });
});

describe('dayRecord: lunar part', () => {
  it('2024-02-10 is the Spring Festival, lunar 1-1', () => {
    const r = dayRecord('2024-02-10');
    expect(r).toMatchObject({
      lunarYear: 2024,
      lunarMonth: 1,
      lunarDay: 1,
      isLeapMonth: false,
      lunarMonthName: '正月',
      lunarDayName: '初一',
      festival: 'springFestival',
    });
  });

  it('the day before the Spring Festival is the previous lunar year and its New Year’s Eve', () => {
    expect(dayRecord('2024-02-09')).toMatchObject({
      lunarYear: 2023,
      lunarMonth: 12,
      lunarDay: 30,
      lunarMonthName: '腊月',
      lunarDayName: '三十',
      festival: 'newYearsEve',
    });
  });

  it('New Year’s Eve is the last day of month 12 even when that month has 29 days (2025-01-28)', () => {
    expect(dayRecord('2025-01-28')).toMatchObject({ lunarMonth: 12, lunarDay: 29, festival: 'newYearsEve' });
    expect(dayRecord('2025-01-29').festival).toBe('springFestival');
    // 2024-02-08 is lunar 12-29 but month 12 of 2023 has 30 days: not the eve.
    expect(dayRecord('2024-02-08')).toMatchObject({ lunarMonth: 12, lunarDay: 29 });
    expect(dayRecord('2024-02-08').festivals).not.toContain('newYearsEve');
  });

  it('2025 has a leap 6th month: 2025-07-25 is leap 6-1, 2025-06-25 the ordinary 6-1', () => {
    expect(dayRecord('2025-07-25')).toMatchObject({
      lunarYear: 2025,
      lunarMonth: 6,
      lunarDay: 1,
      isLeapMonth: true,
      lunarMonthName: '闰六月',
      lunarDayName: '初一',
    });
    expect(dayRecord('2025-06-25')).toMatchObject({ lunarMonth: 6, lunarDay: 1, isLeapMonth: false, lunarMonthName: '六月' });
  });

  it('a lunar festival date inside a leap month is not a festival (2009 leap 5-5)', () => {
    expect(dayRecord('2009-05-28').festival).toBe('dragonBoat');
    const leap = dayRecord('2009-06-27');
    expect(leap).toMatchObject({ lunarMonth: 5, lunarDay: 5, isLeapMonth: true });
    expect(leap.festivals).toEqual([]);
  });

  it('names the 11th and 12th months 冬月 and 腊月', () => {
    expect(dayRecord('2024-12-21').lunarMonthName).toBe('冬月');
    expect(dayRecord('2025-01-07').lunarMonthName).toBe('腊月');
  });
});

describe('festivals', () => {
  it.each<[string, FestivalKey]>([
    ['2024-01-01', 'newYear'],
    ['2024-05-01', 'labourDay'],
    ['2024-10-01', 'nationalDay'],
    ['2026-05-10', 'mothersDay'],
    ['2026-06-21', 'fathersDay'],
    ['2024-05-12', 'mothersDay'],
    ['2024-06-16', 'fathersDay'],
    ['2024-02-10', 'springFestival'],
    ['2024-02-24', 'lantern'],
    ['2024-06-10', 'dragonBoat'],
    ['2024-08-10', 'qixi'],
    ['2023-09-29', 'midAutumn'],
    ['2024-09-17', 'midAutumn'],
    ['2024-10-11', 'doubleNinth'],
    ['2025-01-07', 'laba'],
    ['2024-02-09', 'newYearsEve'],
  ])('%s is %s', (date, festival) => {
    const r = dayRecord(date);
    expect(r.festival).toBe(festival);
    expect(r.festivals).toContain(festival);
  });

  it('Mother’s Day is only the 2nd Sunday of May and Father’s Day only the 3rd Sunday of June', () => {
    expect(dayRecord('2026-05-03').festivals).not.toContain('mothersDay'); // 1st Sunday
    expect(dayRecord('2026-05-17').festivals).not.toContain('mothersDay'); // 3rd Sunday
    expect(dayRecord('2026-05-11').festivals).not.toContain('mothersDay'); // Monday after
    expect(dayRecord('2026-06-14').festivals).not.toContain('fathersDay'); // 2nd Sunday
    expect(dayRecord('2026-06-28').festivals).not.toContain('fathersDay'); // 4th Sunday
  });

  it('keeps both festivals when two fall on one day, the lunar one first (2020-10-01)', () => {
    const r = dayRecord('2020-10-01');
    expect(r.festivals).toEqual(['midAutumn', 'nationalDay']);
    expect(r.festival).toBe('midAutumn');
  });

  it('a day can have a festival and a solar term (2026-06-21: Father’s Day and summer solstice)', () => {
    expect(dayRecord('2026-06-21')).toMatchObject({ festival: 'fathersDay', solarTerm: 'xiazhi' });
  });

  it('every festival except Laba falls exactly once in each solar year 2020–2030', () => {
    for (let year = 2020; year <= 2030; year += 1) {
      const counts = new Map<FestivalKey, number>();
      for (const date of dateRange(`${year}-01-01`, `${year}-12-31`)) {
        for (const f of dayRecord(date).festivals) counts.set(f, (counts.get(f) ?? 0) + 1);
      }
      for (const f of FESTIVALS) {
        if (f === 'laba') continue; // lunar 12-8 may fall in late December of the previous solar year
        expect({ year, f, n: counts.get(f) }).toEqual({ year, f, n: 1 });
      }
    }
  });

  it('has label keys', () => {
    expect(festivalLabelKey('midAutumn')).toBe('festival.midAutumn');
    expect(FESTIVALS).toHaveLength(13);
  });
});

describe('solar terms', () => {
  it('exports the 24 terms in order, from lichun to dahan, with Chinese names', () => {
    expect(SOLAR_TERMS).toHaveLength(24);
    expect(new Set(SOLAR_TERMS).size).toBe(24);
    expect(SOLAR_TERMS[0]).toBe('lichun');
    expect(SOLAR_TERMS[1]).toBe('yushui');
    expect(SOLAR_TERMS[4]).toBe('qingming');
    expect(SOLAR_TERMS[9]).toBe('xiazhi');
    expect(SOLAR_TERMS[21]).toBe('dongzhi');
    expect(SOLAR_TERMS[23]).toBe('dahan');
    expect(Object.keys(SOLAR_TERM_CHINESE).sort()).toEqual([...SOLAR_TERMS].sort());
    expect(SOLAR_TERM_CHINESE.lichun).toBe('立春');
    expect(SOLAR_TERM_CHINESE.dahan).toBe('大寒');
    expect(solarTermLabelKey('qingming')).toBe('solarTerm.qingming');
  });

  it.each<[string, SolarTermKey]>([
    ['2024-06-21', 'xiazhi'],
    ['2024-12-21', 'dongzhi'],
    ['2025-04-04', 'qingming'],
    ['2024-02-04', 'lichun'],
    ['2024-01-06', 'xiaohan'],
    ['2024-01-20', 'dahan'],
    ['2024-03-20', 'chunfen'],
    ['2024-09-22', 'qiufen'],
  ])('%s is %s', (date, term) => {
    expect(dayRecord(date).solarTerm).toBe(term);
  });

  it('each year 2024 and 2025 has every term exactly once, in order from xiaohan', () => {
    for (const year of [2024, 2025]) {
      const terms = dateRange(`${year}-01-01`, `${year}-12-31`)
        .map((d) => dayRecord(d).solarTerm)
        .filter((t): t is SolarTermKey => t !== undefined);
      // The solar year starts with xiaohan and dahan (the last two of the list), then lichun … dongzhi.
      expect(terms).toEqual([...SOLAR_TERMS.slice(22), ...SOLAR_TERMS.slice(0, 22)]);
    }
  });
});

describe('monthGrid', () => {
  function checkGrid(year: number, month: number): void {
    const grid = monthGrid(year, month);
    expect(grid).toHaveLength(42);
    expect(grid[0].weekday).toBe(1);
    expect(grid[0].weekdayLabel).toBe('mon');
    expect(grid[41].weekday).toBe(7);
    grid.forEach((cell, i) => {
      expect(cell.weekday).toBe((i % 7) + 1);
      if (i > 0) expect(cell.date).toBe(addDays(grid[i - 1].date, 1));
      expect(cell.inMonth).toBe(cell.year === year && cell.month === month);
    });
    const inMonth = grid.filter((c) => c.inMonth).map((c) => c.day);
    const n = daysInMonth(year, month);
    expect(inMonth).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    // The month's days form one block: the first of the month is within the first week.
    expect(grid.findIndex((c) => c.inMonth)).toBeLessThan(7);
  }

  it('builds every month of 2024 and 2025', () => {
    for (const year of [2024, 2025]) for (let month = 1; month <= 12; month += 1) checkGrid(year, month);
  });

  it('builds the first and last supported months', () => {
    checkGrid(CALENDAR_MIN_YEAR, 1);
    checkGrid(CALENDAR_MAX_YEAR, 12);
    const last = monthGrid(2049, 12);
    expect(last[41].date.startsWith('2050-01')).toBe(true);
    expect(last[41].inMonth).toBe(false);
  });

  it('builds a month starting on a Monday with no leading days (2024-01)', () => {
    const grid = monthGrid(2024, 1);
    expect(grid[0]).toMatchObject({ date: '2024-01-01', inMonth: true, festival: 'newYear' });
    expect(grid[31]).toMatchObject({ date: '2024-02-01', inMonth: false });
  });

  it('includes leading days of the previous month (2024-02 starts on a Thursday)', () => {
    const grid = monthGrid(2024, 2);
    expect(grid.slice(0, 4).map((c) => [c.date, c.inMonth])).toEqual([
      ['2024-01-29', false],
      ['2024-01-30', false],
      ['2024-01-31', false],
      ['2024-02-01', true],
    ]);
    expect(grid.find((c) => c.date === '2024-02-29')?.inMonth).toBe(true);
    expect(grid.find((c) => c.date === '2024-02-10')?.festival).toBe('springFestival');
  });

  it('handles a 28-day February starting on a Monday (2021-02)', () => {
    const grid = monthGrid(2021, 2);
    expect(grid[0].date).toBe('2021-02-01');
    expect(grid[27].date).toBe('2021-02-28');
    expect(grid[28]).toMatchObject({ date: '2021-03-01', inMonth: false });
  });

  it('holds for sampled months across the supported range', () => {
    fc.assert(
      fc.property(fc.integer({ min: CALENDAR_MIN_YEAR, max: CALENDAR_MAX_YEAR }), fc.integer({ min: 1, max: 12 }), (y, m) => {
        checkGrid(y, m);
      }),
      { numRuns: 60 },
    );
  });

  it('rejects an invalid month', () => {
    expect(() => monthGrid(2024, 0)).toThrow(RangeError);
    expect(() => monthGrid(2024, 13)).toThrow(RangeError);
  });
});

describe('supported range 1900–2049', () => {
  it('throws CalendarRangeError for 1899-12 and 2050-01', () => {
    expect(() => monthGrid(1899, 12)).toThrow(CalendarRangeError);
    expect(() => monthGrid(2050, 1)).toThrow(CalendarRangeError);
    expect(() => dayRecord('1899-12-31')).toThrow(CalendarRangeError);
    expect(() => dayRecord('2050-01-01')).toThrow(CalendarRangeError);
    expect(() => upcomingFestivals('2050-01-01', 1)).toThrow(CalendarRangeError);
  });

  it('gives a clear message and is a RangeError', () => {
    let caught: unknown;
    try {
      monthGrid(2050, 1);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(CalendarRangeError);
    expect(caught).toBeInstanceOf(RangeError);
    const err = caught as CalendarRangeError;
    expect(err.name).toBe('CalendarRangeError');
    expect(err.year).toBe(2050);
    expect(err.message).toBe('Calendar supports years 1900 to 2049 only; got 2050');
  });

  it('accepts the first and last days of the range', () => {
    expect(dayRecord('1900-01-01')).toMatchObject({ weekday: 1, lunarYear: 1899, lunarMonth: 12, lunarDay: 1, festival: 'newYear' });
    expect(dayRecord('2049-12-31').year).toBe(2049);
  });
});

describe('upcomingFestivals', () => {
  it('lists the next festival and solar-term days, the start day included', () => {
    const list = upcomingFestivals('2024-02-04', 5);
    expect(list.map((r) => [r.date, r.festival ?? r.solarTerm])).toEqual([
      ['2024-02-04', 'lichun'],
      ['2024-02-09', 'newYearsEve'],
      ['2024-02-10', 'springFestival'],
      ['2024-02-19', 'yushui'],
      ['2024-02-24', 'lantern'],
    ]);
  });

  it('filters festivals only or solar terms only', () => {
    expect(upcomingFestivals('2024-02-01', 3, 'festivals').map((r) => r.festival)).toEqual([
      'newYearsEve',
      'springFestival',
      'lantern',
    ]);
    expect(upcomingFestivals('2024-02-01', 3, 'solarTerms').map((r) => r.solarTerm)).toEqual([
      'lichun',
      'yushui',
      'jingzhe',
    ]);
  });

  it('returns records in date order without duplicates', () => {
    const list = upcomingFestivals('2024-01-01', 40);
    expect(list).toHaveLength(40);
    const dates = list.map((r) => r.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(40);
    for (const r of list) expect(r.festivals.length > 0 || r.solarTerm !== undefined).toBe(true);
  });

  it('returns nothing for a count of 0 or less', () => {
    expect(upcomingFestivals('2024-01-01', 0)).toEqual([]);
    expect(upcomingFestivals('2024-01-01', -3)).toEqual([]);
  });

  it('stops at the end of the supported range', () => {
    const list = upcomingFestivals('2049-12-20', 100);
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThan(100);
    expect(list.every((r) => r.year === 2049)).toBe(true);
  });
});
