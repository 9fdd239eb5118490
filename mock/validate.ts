/** Body validation for mock calls: never trust the client. Each failure is a 400 with a clear message. */
import { HttpError } from './http';
import { defineMessages, message, type Lang } from './messages';

defineMessages({
  'v.required': { en: '{field} is required.', zh: '{field}不能为空。' },
  'v.string': { en: '{field} must be text.', zh: '{field}必须是文本。' },
  'v.tooLong': { en: '{field} must be at most {max} characters.', zh: '{field}最多 {max} 个字符。' },
  'v.number': { en: '{field} must be a number.', zh: '{field}必须是数字。' },
  'v.min': { en: '{field} must be at least {min}.', zh: '{field}不能小于 {min}。' },
  'v.max': { en: '{field} must be at most {max}.', zh: '{field}不能大于 {max}。' },
  'v.decimals': { en: '{field} allows at most {n} decimals.', zh: '{field}最多 {n} 位小数。' },
  'v.integer': { en: '{field} must be a whole number.', zh: '{field}必须是整数。' },
  'v.mobile': { en: '{field} must be an 11-digit mobile number starting with 1.', zh: '{field}必须是以 1 开头的 11 位手机号。' },
  'v.date': { en: '{field} must be a date YYYY-MM-DD.', zh: '{field}必须是 YYYY-MM-DD 格式的日期。' },
  'v.time': { en: '{field} must be a time HH:mm.', zh: '{field}必须是 HH:mm 格式的时间。' },
  'v.oneOf': { en: '{field} must be one of: {values}.', zh: '{field}必须是以下之一：{values}。' },
  'v.boolean': { en: '{field} must be true or false.', zh: '{field}必须是是或否。' },
  'v.array': { en: '{field} must be a list.', zh: '{field}必须是列表。' },
});

export type Body = Record<string, unknown>;

export class Validator {
  constructor(
    readonly body: Body,
    readonly lang: Lang,
    /** Field labels in the caller's language: field → label. */
    readonly labels: Record<string, string> = {},
  ) {}

  private label(f: string) {
    return this.labels[f] ?? f;
  }

  fail(key: string, f: string, values: Record<string, string | number> = {}): never {
    throw new HttpError(400, message(this.lang, key, { field: this.label(f), ...values }));
  }

  has(f: string): boolean {
    const v = this.body[f];
    return v !== undefined && v !== null && v !== '';
  }

  str(f: string, opts: { max?: number } = {}): string {
    const v = this.body[f];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) this.fail('v.required', f);
    if (typeof v !== 'string') this.fail('v.string', f);
    const s = v.trim();
    if (s.length > (opts.max ?? 200)) this.fail('v.tooLong', f, { max: opts.max ?? 200 });
    return s;
  }

  optStr(f: string, opts: { max?: number } = {}): string | undefined {
    return this.has(f) ? this.str(f, opts) : undefined;
  }

  num(f: string, opts: { min?: number; max?: number; decimals?: number; integer?: boolean } = {}): number {
    const v = this.body[f];
    if (v === undefined || v === null || v === '') this.fail('v.required', f);
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
    if (!Number.isFinite(n)) this.fail('v.number', f);
    if (opts.integer && !Number.isInteger(n)) this.fail('v.integer', f);
    if (opts.decimals !== undefined && Math.round(n * 10 ** opts.decimals) !== n * 10 ** opts.decimals) {
      if (Math.abs(Math.round(n * 10 ** opts.decimals) - n * 10 ** opts.decimals) > 1e-6) this.fail('v.decimals', f, { n: opts.decimals });
    }
    if (opts.min !== undefined && n < opts.min) this.fail('v.min', f, { min: opts.min });
    if (opts.max !== undefined && n > opts.max) this.fail('v.max', f, { max: opts.max });
    return n;
  }

  optNum(f: string, opts: { min?: number; max?: number; decimals?: number; integer?: boolean } = {}): number | undefined {
    return this.has(f) ? this.num(f, opts) : undefined;
  }

  mobile(f: string): string {
    const s = this.str(f, { max: 11 });
    if (!/^1\d{10}$/.test(s)) this.fail('v.mobile', f);
    return s;
  }

  date(f: string): string {
    const s = this.str(f, { max: 10 });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(Date.parse(`${s}T00:00:00Z`))) this.fail('v.date', f);
    return s;
  }

  optDate(f: string): string | undefined {
    return this.has(f) ? this.date(f) : undefined;
  }

  time(f: string): string {
    const s = this.str(f, { max: 5 });
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(s)) this.fail('v.time', f);
    return s;
  }

  oneOf<T extends string>(f: string, values: readonly T[]): T {
    const s = this.str(f);
    if (!values.includes(s as T)) this.fail('v.oneOf', f, { values: values.join(', ') });
    return s as T;
  }

  bool(f: string, fallback?: boolean): boolean {
    const v = this.body[f];
    if ((v === undefined || v === null) && fallback !== undefined) return fallback;
    if (typeof v !== 'boolean') this.fail('v.boolean', f);
    return v;
  }

  ids(f: string): number[] {
    const v = this.body[f];
    if (!Array.isArray(v) || v.length === 0) this.fail('v.required', f);
    if (!v.every((x) => Number.isInteger(x))) this.fail('v.array', f);
    return v as number[];
  }
}

export function asBody(body: unknown): Body {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
}
