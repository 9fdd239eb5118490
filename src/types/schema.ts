/**
 * Schema building blocks (zod 4) for request bodies, declared once and shared by the mock's write path and, where
 * useful, by client forms. Strict on purpose (issue 8): no coercion (a string is not a number), only existing
 * calendar days, arrays are arrays, enums are closed, money has at most 2 decimals and hours at most 1
 * (docs/rules.md#money-and-numbers). Domain schemas live beside their entity types (`src/types/<domain>.schemas.ts`).
 *
 * Problems carry a `params.key` that the mock turns into a message in the caller's language naming the field
 * (see `mock/schema.ts`); zod's own issue codes (invalid_type, too_small, ...) are mapped there too.
 */
import { z } from 'zod';
import { isValidDate } from '../utils/dates';
import { isMobile, isPhone } from '../domain/phone';

export { z };

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d$/;

/** True when n has at most `places` decimals (tolerant of binary floating point). */
export function hasDecimals(n: number, places: number): boolean {
  const scaled = n * 10 ** places;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
}

/** Trimmed non-empty text of at most `max` characters. */
export const text = (max = 200) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1).max(max));

/** Optional text: absent, null or blank becomes undefined. */
export const optText = (max = 200) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((s) => (typeof s === 'string' && s.trim() !== '' ? s.trim() : undefined))
    .pipe(z.string().max(max).optional());

/** An existing calendar day YYYY-MM-DD (2026-02-30 is refused), the same rule as src/utils/dates.ts. */
export const date = () =>
  z.string().refine((s) => DATE_RE.test(s) && isValidDate(s), { params: { key: 'v.date' } });

export const optDate = () =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((s) => (s === null || s === '' ? undefined : s))
    .pipe(date().optional());

/**
 * A moment 'YYYY-MM-DD HH:mm' on an existing day at an existing time (2027-02-30 10:00 and 25:00 are refused). Every
 * date-time field of a body is one of these: a test (src/types/schema.test.ts) finds other ones.
 */
export const dateTime = () =>
  z.string().refine(
    (s) => {
      const m = DATE_TIME_RE.exec(s);
      return !!m && isValidDate(m[1]);
    },
    { params: { key: 'v.dateTime' } },
  );

/** An optional moment: absent, null or '' is none. */
export const optDateTime = () =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((s) => (s === null || s === '' ? undefined : s))
    .pipe(dateTime().optional());

/** A month YYYY-MM. */
export const month = () => z.string().refine((s) => MONTH_RE.test(s), { params: { key: 'v.month' } });

/** A time of day HH:mm. */
export const time = () => z.string().refine((s) => TIME_RE.test(s), { params: { key: 'v.time' } });

/** A mobile number: 11 digits starting with 1 (the one rule: src/domain/phone.ts). */
export const mobile = () => z.string().refine(isMobile, { params: { key: 'v.mobile' } });

/** A phone number (a campus's, a service line): digits, an optional +, spaces, hyphens, parentheses (src/domain/phone.ts). */
export const phone = (max = 32) => text(max).refine(isPhone, { params: { key: 'v.phone' } });

/** A row id: a positive whole number (never a string). */
export const id = () => z.number().int().positive();

/**
 * A list of ids without duplicates (400 "<field> contains duplicates."), `min` to `max` long (default: not empty).
 * Every id list of a body is one of these (or `optIds`): a test (src/types/schema.test.ts) finds any other.
 */
export const ids = (max = 1000, min = 1) =>
  z
    .array(id())
    .min(min)
    .max(max)
    .refine((a) => new Set(a).size === a.length, { params: { key: 'v.duplicates' } });

/** An optional list of ids: absent, null or [] is none (`[]`); anything else must be a list of distinct ids. */
export const optIds = (max = 1000) =>
  ids(max, 0)
    .nullish()
    .transform((a) => a ?? []);

/** Money in yuan: 0 ≤ n ≤ max, at most 2 decimals. */
export const money = (opts: { min?: number; max?: number } = {}) =>
  z
    .number()
    .min(opts.min ?? 0)
    .max(opts.max ?? 10_000_000)
    .refine((n) => hasDecimals(n, 2), { params: { key: 'v.decimals', n: 2 } });

/** Hours: min ≤ n ≤ max, at most 1 decimal. */
export const hours = (opts: { min?: number; max?: number } = {}) =>
  z
    .number()
    .min(opts.min ?? 0)
    .max(opts.max ?? 10_000)
    .refine((n) => hasDecimals(n, 1), { params: { key: 'v.decimals', n: 1 } });

/** A whole number within bounds. */
export const int = (min: number, max: number) => z.number().int().min(min).max(max);

/** A rate in percent (0–100, 2 decimals). */
export const percent = () => money({ min: 0, max: 100 });

export const bool = () => z.boolean();

/** A closed set of values. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values);
