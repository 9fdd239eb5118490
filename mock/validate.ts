/** Legacy hand-written body checks (being replaced by zod schemas: mock/schema.ts). Each failure is a 400. */
import { HttpError } from './http';
import { message, type Lang } from './messages';
import './schema'; // the v.* messages


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
