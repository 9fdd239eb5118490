/** Small helpers of form fields and table filters shared by many screens (dates as strings, mobiles, select enums). */
import { isPhone } from '@/domain/phone';

/** valueEnum helpers for ProTable select filters. */
export function enumOf<K extends string>(keys: readonly K[], label: (k: K) => string): Record<string, { text: string }> {
  return Object.fromEntries(keys.map((k) => [k, { text: label(k) }]));
}

/** Today in the browser's time zone as 'YYYY-MM-DD'. */
export function todayStr(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A mainland mobile number: 11 digits starting with 1 (the one phone rule: src/domain/phone.ts). */
export { MOBILE_RE } from '@/domain/phone';

/** The form rule of every phone field (campus, web page, service line): the same rule as the server's `phone()`. */
export const phoneRule = (message: string) => ({
  validator: (_: unknown, v: unknown) => (typeof v !== 'string' || !v.trim() || isPhone(v) ? Promise.resolve() : Promise.reject(new Error(message))),
});

/** A date field's value (dayjs or string) as 'YYYY-MM-DD', or undefined. */
export function dateStr(v: unknown): string | undefined {
  if (!v) return undefined;
  if (typeof v === 'string') return v.slice(0, 10);
  if (typeof v === 'object' && typeof (v as { format?: unknown }).format === 'function') return (v as { format: (f: string) => string }).format('YYYY-MM-DD');
  return undefined;
}
