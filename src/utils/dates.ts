/**
 * Date helpers on plain `YYYY-MM-DD` strings (docs/rules.md#constants-and-limits): month-day count, week dates, date range list,
 * month range list, is-before, is-within-range; weekdays numbered 1..7 with Monday = 1 (docs/api.md#entities).
 *
 * Pure functions. Every date argument must be a real calendar day written `YYYY-MM-DD`; anything else
 * throws a `RangeError`, so a typo never turns silently into a wrong day (dayjs itself would roll
 * `2024-02-30` over to March).
 */
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const MONTH_FORMAT = 'YYYY-MM';

export type WeekdayKey = 'mon' | 'tues' | 'wed' | 'thur' | 'fri' | 'sat' | 'sun';
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The weekdays of docs/api.md#entities, Monday first. Labels live under `weekday.<key>` in the locales. */
export const WEEKDAYS: ReadonlyArray<{ readonly key: WeekdayKey; readonly value: Weekday }> = [
  { key: 'mon', value: 1 },
  { key: 'tues', value: 2 },
  { key: 'wed', value: 3 },
  { key: 'thur', value: 4 },
  { key: 'fri', value: 5 },
  { key: 'sat', value: 6 },
  { key: 'sun', value: 7 },
];

/** Locale key of a weekday label, e.g. `weekday.mon`. */
export function weekdayLabelKey(key: WeekdayKey): `weekday.${WeekdayKey}` {
  return `weekday.${key}`;
}

/** Weekday key of a weekday number (1 = mon … 7 = sun). */
export function weekdayKey(value: Weekday): WeekdayKey {
  return WEEKDAYS[value - 1].key;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_RE = /^(\d{4})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function assertMonth(year: number, month: number): void {
  if (!Number.isInteger(year) || year < 0 || year > 9999) throw new RangeError(`Invalid year: ${year}`);
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid month: ${month}`);
}

/** Number of days of a month (month 1..12), leap years included. */
export function daysInMonth(year: number, month: number): number {
  assertMonth(year, month);
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether `s` is a real calendar day written `YYYY-MM-DD`. */
export function isValidDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Parses a `YYYY-MM-DD` string at local midnight; throws `RangeError` when it is not a real day. */
export function parseDate(s: string): Dayjs {
  if (!isValidDate(s)) throw new RangeError(`Invalid date "${s}": expected an existing day as YYYY-MM-DD`);
  const [y, m, d] = s.split('-').map(Number);
  const js = new Date(2000, 0, 1); // setFullYear keeps years 0..99 literal (the constructor maps them to 19xx)
  js.setFullYear(y, m - 1, d);
  return dayjs(js);
}

/** Formats a dayjs value as `YYYY-MM-DD`. */
export function formatDate(d: Dayjs): string {
  return d.format(DATE_FORMAT);
}

/** The day `n` days after (negative: before) `date`. */
export function addDays(date: string, n: number): string {
  return formatDate(parseDate(date).add(n, 'day'));
}

/** Weekday of a date, 1 = Monday … 7 = Sunday. */
export function weekdayOf(date: string): Weekday {
  const jsDay = parseDate(date).day(); // 0 = Sunday
  return (jsDay === 0 ? 7 : jsDay) as Weekday;
}

/** The seven days, Monday to Sunday, of the week containing `date`. */
export function weekDates(date: string): string[] {
  const monday = parseDate(date).subtract(weekdayOf(date) - 1, 'day');
  return Array.from({ length: 7 }, (_, i) => formatDate(monday.add(i, 'day')));
}

/**
 * The ISO 8601 week of `date` (weeks run Monday to Sunday; week 1 holds the year's first Thursday), with its year
 * (which differs from the calendar year in the last days of December or the first of January).
 */
export function isoWeekOf(date: string): { year: number; week: number } {
  const thursday = addDays(date, 4 - weekdayOf(date));
  const year = Number(thursday.slice(0, 4));
  const dayOfYear = parseDate(thursday).diff(parseDate(`${thursday.slice(0, 4)}-01-01`), 'day');
  return { year, week: Math.floor(dayOfYear / 7) + 1 };
}

/** Every day from `start` to `end`, both included; empty when `end` is before `start`. */
export function dateRange(start: string, end: string): string[] {
  const first = parseDate(start);
  const last = parseDate(end);
  const out: string[] = [];
  for (let d = first; !d.isAfter(last, 'day'); d = d.add(1, 'day')) out.push(formatDate(d));
  return out;
}

function toMonthIndex(s: string): number {
  const m = MONTH_RE.exec(s);
  if (m) {
    const year = Number(m[1]);
    const month = Number(m[2]);
    assertMonth(year, month);
    return year * 12 + (month - 1);
  }
  const d = parseDate(s);
  return d.year() * 12 + d.month();
}

/**
 * Every month from `start` to `end`, both included, as `YYYY-MM`; empty when `end` is before `start`.
 * Arguments may be `YYYY-MM` or `YYYY-MM-DD` (the day is ignored).
 */
export function monthRange(start: string, end: string): string[] {
  const first = toMonthIndex(start);
  const last = toMonthIndex(end);
  const out: string[] = [];
  for (let i = first; i <= last; i += 1) {
    const year = Math.floor(i / 12);
    const month = (i % 12) + 1;
    out.push(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`);
  }
  return out;
}

/** Whether day `a` is strictly before day `b`. */
export function isBefore(a: string, b: string): boolean {
  return parseDate(a).isBefore(parseDate(b), 'day');
}

/** Whether `d` lies between `start` and `end`, both included; false when `end` is before `start`. */
export function isWithinRange(d: string, start: string, end: string): boolean {
  const day = parseDate(d);
  return !day.isBefore(parseDate(start), 'day') && !day.isAfter(parseDate(end), 'day');
}
