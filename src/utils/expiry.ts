/** Subscription expiry rules (docs/rules.md#subscription-and-expiry, #constants-and-limits). Pure functions; used by access, the layout and the mock. */
import type { Role } from '@/types/session';
import { PLATFORM_ROLES } from '@/types/session';

export const EXPIRY_WARNING_DAYS = 30;
export const EXPIRED_AT = 0;

/** Routes that stay open when the subscription has expired. */
export const ROUTES_OPEN_WHEN_EXPIRED = ['/campus/order', '/renew'] as const;

/**
 * The only calls an expired company's users may make (docs/rules.md#subscription-and-expiry, issue 29): their own session (who they are, their
 * stores and menu, switching store, the service contact the expiry message shows, their own password), renewal and
 * subscription orders (what /renew and /campus/order call). Every other call with a session answers 403 naming the
 * expiry, whatever its own rule (mock/http.ts `api()`); logout needs no session. `METHOD /path` as registered.
 */
export const CALLS_OPEN_WHEN_EXPIRED = [
  'GET /v2/user/info',
  'GET /v2/company_role/permissions',
  'GET /v2/company_role/select',
  'POST /v2/company_role/switch',
  'GET /v2/company_role/get_menu_pc',
  'GET /v2/company_role/service',
  'POST /v2/user/password',
  'GET /v2/package',
  'GET /v2/subscription/status',
  'GET /v2/subscription_order',
  'POST /v2/subscription_order',
  'POST /v2/subscription_order/pay',
  'POST /v2/subscription_order/cancel',
] as const;

export type ExpiryState = 'ok' | 'reminder' | 'expired';

export function skipsExpiryChecks(role: Role | undefined): boolean {
  return !!role && PLATFORM_ROLES.includes(role);
}

export function expiryState(day: number | undefined, role: Role | undefined): ExpiryState {
  if (skipsExpiryChecks(role) || day === undefined || day === null) return 'ok';
  if (day <= EXPIRED_AT) return 'expired';
  if (day <= EXPIRY_WARNING_DAYS) return 'reminder';
  return 'ok';
}

/** Where a login lands without a redirect: an expired company's owner goes straight to /renew (docs/rules.md#subscription-and-expiry, issue 9). */
export function landingPath(day: number | undefined, role: Role | undefined, permissionsType: number | undefined): string {
  return expiryState(day, role) === 'expired' && permissionsType === 0 ? '/renew' : '/dashboard';
}

export function expireTipKey(roleId: number, companyId: number): string {
  return `expire_tip_${roleId}_${companyId}`;
}

export interface ReminderDecision {
  show: boolean;
  /** What to do with the local-storage flag: set it (shown now), clear it (days rose above 30), keep it. */
  storage: 'set' | 'clear' | 'keep';
}

/**
 * The reminder shows once per role and company while 1–30 days are left, remembered locally until the value
 * rises above 30 (docs/rules.md#subscription-and-expiry). `alreadyShown` is whether the `expire_tip_{roleId}_{companyId}` key is present.
 */
export function reminderDecision(day: number, role: Role, alreadyShown: boolean): ReminderDecision {
  const state = expiryState(day, role);
  if (state === 'ok') return { show: false, storage: alreadyShown && !skipsExpiryChecks(role) ? 'clear' : 'keep' };
  if (state === 'expired') return { show: false, storage: 'keep' };
  if (alreadyShown) return { show: false, storage: 'keep' };
  return { show: true, storage: 'set' };
}

/** Whole days from `today` to `validUntil` (both YYYY-MM-DD), never below 0 (docs/rules.md#subscription-and-expiry). */
export function daysLeft(validUntil: string, today: string): number {
  const a = Date.UTC(+today.slice(0, 4), +today.slice(5, 7) - 1, +today.slice(8, 10));
  const b = Date.UTC(+validUntil.slice(0, 4), +validUntil.slice(5, 7) - 1, +validUntil.slice(8, 10));
  return Math.max(0, Math.round((b - a) / 86400000));
}
