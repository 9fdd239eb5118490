// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateRange,
  daysInMonth,
  isBefore,
  isoWeekOf,
  isValidDate,
  isWithinRange,
  monthRange,
  parseDate,
  weekDates,
  weekdayKey,
  weekdayLabelKey,
  weekdayOf,
  WEEKDAYS,
} from '@/utils/dates';

describe('WEEKDAYS', () => {
  it('lists the docs/api.md#entities keys numbered 1..7, Monday first', () => {
    expect(WEEKDAYS).toEqual([
      { key: 'mon', value: 1 },
      { key: 'tues', value: 2 },
      { key: 'wed', value: 3 },
      { key: 'thur', value: 4 },
      { key: 'fri', value: 5 },
      { key: 'sat', value: 6 },
      { key: 'sun', value: 7 },
    ]);
  });

  it('maps numbers to keys and label keys', () => {
    expect(weekdayKey(1)).toBe('mon');
    expect(weekdayKey(4)).toBe('thur');
    expect(weekdayKey(7)).toBe('sun');
    expect(weekdayLabelKey('tues')).toBe('weekday.tues');
  });
});

describe('daysInMonth', () => {
  it.each([
    [2024, 1, 31],
    [2024, 2, 29],
    [2023, 2, 28],
    [2000, 2, 29],
    [1900, 2, 28],
    [2100, 2, 28],
    [2024, 4, 30],
    [2024, 6, 30],
    [2024, 9, 30],
    [2024, 11, 30],
    [2024, 12, 31],
    [2024, 7, 31],
    [2024, 8, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it('rejects an invalid month or year', () => {
    expect(() => daysInMonth(2024, 0)).toThrow(RangeError);
    expect(() => daysInMonth(2024, 13)).toThrow(RangeError);
    expect(() => daysInMonth(2024, 1.5)).toThrow(RangeError);
    expect(() => daysInMonth(Number.NaN, 1)).toThrow(RangeError);
  });
});

describe('isValidDate / parseDate', () => {
  it.each(['2024-02-29', '2000-02-29', '1900-01-01', '2049-12-31', '0050-03-01'])('%s is valid', (s) => {
    expect(isValidDate(s)).toBe(true);
    expect(parseDate(s).format('YYYY-MM-DD')).toBe(s);
  });

  it.each(['2023-02-29', '1900-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '2024-1-1', '20240101', '', 'abc', '2024-01-01T00:00'])(
    '%j is rejected',
    (s) => {
      expect(isValidDate(s)).toBe(false);
      expect(() => parseDate(s)).toThrow(RangeError);
    },
  );
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2024-01-15', 0)).toBe('2024-01-15');
    expect(addDays('2024-01-01', 366)).toBe('2025-01-01');
  });

  it('is not disturbed by daylight-saving changes', () => {
    // The days of March and October/November, where most time zones switch clocks.
    expect(dateRange('2024-03-09', '2024-04-01')).toHaveLength(24);
    expect(dateRange('2024-10-26', '2024-11-04')).toHaveLength(10);
  });
});

describe('weekdayOf', () => {
  it.each<[string, number]>([
    ['2024-01-01', 1], // Monday
    ['2024-01-02', 2],
    ['2024-01-03', 3],
    ['2024-01-04', 4],
    ['2024-01-05', 5],
    ['2024-01-06', 6],
    ['2024-01-07', 7], // Sunday is 7
    ['2024-02-29', 4],
    ['2000-01-01', 6],
    ['1900-01-01', 1],
    ['2049-12-31', 5],
  ])('%s is weekday %i', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });
});

describe('weekDates', () => {
  it('returns Monday..Sunday of the week of a mid-week day', () => {
    expect(weekDates('2024-05-15')).toEqual([
      '2024-05-13',
      '2024-05-14',
      '2024-05-15',
      '2024-05-16',
      '2024-05-17',
      '2024-05-18',
      '2024-05-19',
    ]);
  });

  it('keeps a Monday and a Sunday in their own week', () => {
    expect(weekDates('2024-05-13')[0]).toBe('2024-05-13');
    expect(weekDates('2024-05-19')[0]).toBe('2024-05-13');
    expect(weekDates('2024-05-19')[6]).toBe('2024-05-19');
  });

  it('crosses a year boundary and a leap day', () => {
    expect(weekDates('2025-01-01')).toEqual([
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
    ]);
    expect(weekDates('2024-03-01')).toEqual([
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
      '2024-03-03',
    ]);
  });

  it('always starts on a Monday and holds seven consecutive days', () => {
    for (const d of dateRange('2023-12-01', '2024-03-31')) {
      const week = weekDates(d);
      expect(week).toHaveLength(7);
      expect(weekdayOf(week[0])).toBe(1);
      expect(week).toContain(d);
      week.forEach((day, i) => i > 0 && expect(addDays(week[i - 1], 1)).toBe(day));
    }
  });
});

describe('dateRange', () => {
  it('includes both ends', () => {
    expect(dateRange('2024-01-30', '2024-02-02')).toEqual(['2024-01-30', '2024-01-31', '2024-02-01', '2024-02-02']);
  });

  it('gives one day when start equals end and nothing when end is before start', () => {
    expect(dateRange('2024-06-01', '2024-06-01')).toEqual(['2024-06-01']);
    expect(dateRange('2024-06-02', '2024-06-01')).toEqual([]);
  });

  it('counts leap and common years', () => {
    expect(dateRange('2024-01-01', '2024-12-31')).toHaveLength(366);
    expect(dateRange('2023-01-01', '2023-12-31')).toHaveLength(365);
    expect(dateRange('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(dateRange('2023-02-27', '2023-03-01')).toEqual(['2023-02-27', '2023-02-28', '2023-03-01']);
  });

  it('crosses a year boundary', () => {
    expect(dateRange('2024-12-30', '2025-01-02')).toEqual(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02']);
  });

  it('rejects invalid dates', () => {
    expect(() => dateRange('2024-02-30', '2024-03-01')).toThrow(RangeError);
  });
});

describe('monthRange', () => {
  it('lists months inclusively across a year boundary', () => {
    expect(monthRange('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
  });

  it('accepts full dates and ignores the day', () => {
    expect(monthRange('2024-01-31', '2024-03-01')).toEqual(['2024-01', '2024-02', '2024-03']);
    expect(monthRange('2024-01', '2024-02-15')).toEqual(['2024-01', '2024-02']);
  });

  it('gives one month for the same month and nothing when reversed', () => {
    expect(monthRange('2024-05', '2024-05')).toEqual(['2024-05']);
    expect(monthRange('2024-05-31', '2024-05-01')).toEqual(['2024-05']);
    expect(monthRange('2024-06', '2024-05')).toEqual([]);
  });

  it('spans several years', () => {
    const months = monthRange('2020-01', '2024-12');
    expect(months).toHaveLength(60);
    expect(months[0]).toBe('2020-01');
    expect(months[59]).toBe('2024-12');
  });

  it('rejects invalid months', () => {
    expect(() => monthRange('2024-13', '2025-01')).toThrow(RangeError);
    expect(() => monthRange('2024-00', '2025-01')).toThrow(RangeError);
    expect(() => monthRange('2024/01', '2025-01')).toThrow(RangeError);
  });
});

describe('isBefore', () => {
  it('is strict', () => {
    expect(isBefore('2024-01-01', '2024-01-02')).toBe(true);
    expect(isBefore('2024-01-02', '2024-01-01')).toBe(false);
    expect(isBefore('2024-01-01', '2024-01-01')).toBe(false);
  });

  it('compares across month and year boundaries', () => {
    expect(isBefore('2023-12-31', '2024-01-01')).toBe(true);
    expect(isBefore('2024-02-29', '2024-03-01')).toBe(true);
    expect(isBefore('2024-10-01', '2024-09-30')).toBe(false);
  });

  it('rejects invalid dates', () => {
    expect(() => isBefore('2024-02-30', '2024-03-01')).toThrow(RangeError);
  });
});

describe('isWithinRange', () => {
  it('includes both ends', () => {
    expect(isWithinRange('2024-01-01', '2024-01-01', '2024-01-31')).toBe(true);
    expect(isWithinRange('2024-01-31', '2024-01-01', '2024-01-31')).toBe(true);
    expect(isWithinRange('2024-01-15', '2024-01-01', '2024-01-31')).toBe(true);
  });

  it('excludes days outside', () => {
    expect(isWithinRange('2023-12-31', '2024-01-01', '2024-01-31')).toBe(false);
    expect(isWithinRange('2024-02-01', '2024-01-01', '2024-01-31')).toBe(false);
  });

  it('handles a leap day and a single-day range', () => {
    expect(isWithinRange('2024-02-29', '2024-02-28', '2024-03-01')).toBe(true);
    expect(isWithinRange('2024-02-29', '2024-02-29', '2024-02-29')).toBe(true);
  });

  it('is false for a reversed range', () => {
    expect(isWithinRange('2024-01-15', '2024-01-31', '2024-01-01')).toBe(false);
  });
});

describe('isoWeekOf', () => {
  it('numbers weeks as ISO 8601 does, the week-year included', () => {
    expect(isoWeekOf('2026-11-23')).toEqual({ year: 2026, week: 48 });
    expect(isoWeekOf('2026-11-29')).toEqual({ year: 2026, week: 48 }); // Sunday ends the week
    expect(isoWeekOf('2026-01-01')).toEqual({ year: 2026, week: 1 }); // a Thursday
    expect(isoWeekOf('2027-01-01')).toEqual({ year: 2026, week: 53 }); // a Friday: last week of 2026
    expect(isoWeekOf('2024-12-30')).toEqual({ year: 2025, week: 1 }); // a Monday: first week of 2025
    expect(isoWeekOf('2021-01-03')).toEqual({ year: 2020, week: 53 });
  });

  it('gives the seven days of a week one label, and the next week the next number', () => {
    for (let d = '2019-12-23'; d < '2031-01-06'; d = addDays(d, 7)) {
      const days = weekDates(d).map(isoWeekOf);
      expect(new Set(days.map((w) => `${w.year}-${w.week}`)).size).toBe(1);
      const w = days[0];
      const next = isoWeekOf(addDays(d, 7));
      expect(next.year === w.year ? next.week === w.week + 1 : next.year === w.year + 1 && next.week === 1).toBe(true);
      expect(w.week).toBeGreaterThanOrEqual(1);
      expect(w.week).toBeLessThanOrEqual(53);
    }
  });
});
