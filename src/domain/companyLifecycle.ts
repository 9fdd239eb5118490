/**
 * Company lifecycle on the platform (docs/rules.md#platform, docs/rules.md#subscription-and-expiry): state from status and validity, renewal,
 * disable and recover (the disabled days come back), delete refused while the company has students, and the
 * checks of an Excel import row. Pure functions on `YYYY-MM-DD` strings; used by the mock and by the client.
 */
import type { CompanyState, ImportCompanyRow } from '@/types/platform';
import { EXPIRY_WARNING_DAYS } from '@/utils/expiry';

export const MAX_VALID_DAYS = 3650;

const DAY_MS = 86_400_000;
const utc = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10));
const pad = (n: number) => String(n).padStart(2, '0');

export function shiftDate(date: string, days: number): string {
  const d = new Date(utc(date) + days * DAY_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whole days from a to b (negative when b is before a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utc(b) - utc(a)) / DAY_MS);
}

export interface LifecycleCompany {
  status: 'active' | 'disabled';
  validUntil: string;
  disabledAt?: string;
}

/** Days left, never below 0 (docs/api.md#entities company.day). */
export function dayOf(c: Pick<LifecycleCompany, 'validUntil'>, today: string): number {
  return Math.max(0, daysBetween(today, c.validUntil));
}

/** disabled > expired (0 days) > expiring (1–30 days, the docs/rules.md#subscription-and-expiry reminder) > active. */
export function companyState(c: LifecycleCompany, today: string): CompanyState {
  if (c.status === 'disabled') return 'disabled';
  const day = dayOf(c, today);
  if (day <= 0) return 'expired';
  if (day <= EXPIRY_WARNING_DAYS) return 'expiring';
  return 'active';
}

/** An enabled company whose validity ends within `window` days (1..window days left). */
export function expiresWithin(c: LifecycleCompany, today: string, window: number): boolean {
  if (c.status === 'disabled') return false;
  const day = dayOf(c, today);
  return day >= 1 && day <= window;
}

export type LifecycleRefusal = 'company.alreadyDisabled' | 'company.notDisabled' | 'company.hasStudents' | 'company.badDays' | 'company.platform';

export interface Renewal {
  before: string;
  after: string;
  days: number;
}

/**
 * Renew `days` valid days: counted from the current end of validity, or from today when it has already passed
 * (an expired company gets exactly `days` days from today).
 */
export function renew(c: LifecycleCompany, days: number, today: string): Renewal | LifecycleRefusal {
  if (!Number.isInteger(days) || days < 1 || days > MAX_VALID_DAYS) return 'company.badDays';
  const base = c.validUntil > today ? c.validUntil : today;
  return { before: c.validUntil, after: shiftDate(base, days), days };
}

/** Disable: the company's logins are refused and its sessions end (done by the caller); the day is remembered. */
export function disable(c: LifecycleCompany, today: string): { status: 'disabled'; disabledAt: string } | LifecycleRefusal {
  if (c.status === 'disabled') return 'company.alreadyDisabled';
  return { status: 'disabled', disabledAt: today };
}

/**
 * Recover: the days the company was disabled are added back to its validity (docs/rules.md#platform), so it has again
 * the days it had left when it was disabled. A company already expired when disabled gets none.
 */
export function recover(c: LifecycleCompany, today: string): (Renewal & { status: 'active' }) | LifecycleRefusal {
  if (c.status !== 'disabled') return 'company.notDisabled';
  const from = c.disabledAt ?? today;
  const added = c.validUntil <= from ? 0 : Math.max(0, daysBetween(from, today));
  return { status: 'active', before: c.validUntil, after: shiftDate(c.validUntil, added), days: added };
}

/** A company is deleted only when it has no students (its data would be lost). */
export function canDelete(studentCount: number, platform = false): true | LifecycleRefusal {
  if (platform) return 'company.platform';
  return studentCount > 0 ? 'company.hasStudents' : true;
}

/* ---------------- Excel import rows ---------------- */

export type ImportErrorKey =
  | 'companyImport.err.name'
  | 'companyImport.err.ownerName'
  | 'companyImport.err.mobile'
  | 'companyImport.err.days'
  | 'companyImport.err.duplicate'
  | 'companyImport.err.exists';

export interface CheckedRow {
  /** Row number in the sheet (the header is row 1). */
  rowNo: number;
  raw: Record<string, unknown>;
  value?: ImportCompanyRow;
  errors: ImportErrorKey[];
}

const str = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' && v && 'text' in v ? String((v as { text: unknown }).text) : String(v)).trim();

/**
 * Checks every row (name, owner, mobile, days) and duplicates: within the file and against existing company names
 * (case- and space-insensitive). Every row gets all its errors, so the user fixes the file once.
 */
export function checkImportRows(rows: Record<string, unknown>[], existingNames: string[], firstRowNo = 2): CheckedRow[] {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const existing = new Set(existingNames.map(norm));
  const seen = new Map<string, number>();
  for (const r of rows) {
    const n = norm(str(r.name));
    if (n) seen.set(n, (seen.get(n) ?? 0) + 1);
  }
  return rows.map((r, i) => {
    const errors: ImportErrorKey[] = [];
    const name = str(r.name);
    const ownerName = str(r.ownerName);
    const ownerMobile = str(r.ownerMobile);
    const daysText = str(r.days);
    const days = Number(daysText);
    if (!name || name.length > 60) errors.push('companyImport.err.name');
    if (!ownerName || ownerName.length > 32) errors.push('companyImport.err.ownerName');
    if (!/^1\d{10}$/.test(ownerMobile)) errors.push('companyImport.err.mobile');
    if (!/^\d+$/.test(daysText) || days < 1 || days > MAX_VALID_DAYS) errors.push('companyImport.err.days');
    if (name && (seen.get(norm(name)) ?? 0) > 1) errors.push('companyImport.err.duplicate');
    if (name && existing.has(norm(name))) errors.push('companyImport.err.exists');
    const address = str(r.address) || undefined;
    const remark = str(r.remark) || undefined;
    return {
      rowNo: firstRowNo + i,
      raw: r,
      errors,
      value: errors.length ? undefined : { name, ownerName, ownerMobile, days, address, remark },
    };
  });
}
