/** Business constants and limits (docs/rules.md#constants-and-limits) and label keys of roles (docs/rules.md#roles-and-access) and hour records (docs/api.md#entities, docs/rules.md#subscription-and-expiry). */
import type { Role } from '@/types/session';

/** Request timeout. */
export const REQUEST_TIMEOUT_MS = 10000;
/** Default cache time of a request. */
export const REQUEST_CACHE_MS = 60000;
/** Minimum gap between two refreshes on window focus. */
export const FOCUS_REFRESH_GAP_MS = 5000;
/** Default debounce delay. */
export const DEBOUNCE_MS = 800;
/** Distance from the bottom, in px, at which a list loads more. */
export const LOAD_MORE_THRESHOLD_PX = 100;
/** Route chunk load timeout (docs/api.md#error-catalogue: ChunkLoadError after 120 s). */
export const CHUNK_LOAD_TIMEOUT_MS = 120000;

/** Generic paginated helper: first page 1, page size 10. */
export const PAGINATION = { current: 1, pageSize: 10 } as const;

/** Local storage keys (docs/api.md#calls-named-by-the-spec, docs/rules.md#constants-and-limits). The expiry reminder key is built by `expireTipKey` in `@/utils/expiry`. */
export const STORAGE_KEYS = { token: 'token', satoken: 'satoken', locale: 'locale' } as const;

/** Locale key of each role label (docs/rules.md#roles-and-access). */
export const ROLE_LABEL_KEYS: Readonly<Record<Role, `role.${Role}`>> = {
  admin: 'role.admin',
  dealer: 'role.dealer',
  manager: 'role.manager',
  teacher: 'role.teacher',
  sales: 'role.sales',
  customer: 'role.customer',
  service: 'role.service',
  operation: 'role.operation',
};

/** Hour-change record types (docs/api.md#entities). */
export const HOUR_RECORD_TYPES = [
  'back',
  'reduce',
  'diy',
  'truant',
  'leave',
  'fail',
  'add',
  'give',
  'backing',
  'back_reject',
  'proof',
] as const;

export type HourRecordType = (typeof HOUR_RECORD_TYPES)[number];

export function isHourRecordType(value: unknown): value is HourRecordType {
  return typeof value === 'string' && (HOUR_RECORD_TYPES as readonly string[]).includes(value);
}

/** Locale key of each hour-record type label (docs/rules.md#subscription-and-expiry). */
export const HOUR_RECORD_LABEL_KEYS: Readonly<Record<HourRecordType, `hourRecord.${HourRecordType}`>> = {
  back: 'hourRecord.back',
  reduce: 'hourRecord.reduce',
  diy: 'hourRecord.diy',
  truant: 'hourRecord.truant',
  leave: 'hourRecord.leave',
  fail: 'hourRecord.fail',
  add: 'hourRecord.add',
  give: 'hourRecord.give',
  backing: 'hourRecord.backing',
  back_reject: 'hourRecord.back_reject',
  proof: 'hourRecord.proof',
};
