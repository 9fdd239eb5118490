/**
 * The mock backend's in-memory database. Core tables live here; each domain module adds its own tables by
 * augmenting `Db` (TypeScript declaration merging) and seeding them in its `seed` function
 * (see mock/domains/index.ts for the order). State lives in the server process, so it survives page reloads;
 * `resetDb()` restores the deterministic seed (POST /v2/__test__/reset).
 */
import type { PermissionFlag, Role } from '../src/types/session';
import type { SubscriptionOrder, SubscriptionPackage } from '../src/types/subscription';
import type { CompanySettings } from '../src/types/settings';
import type { PermissionGroup } from '../src/types/campus';
import { DEFAULT_COMPANY_SETTINGS } from '../src/types/settings';
import { demoMode } from './mode';

export interface UserRow {
  id: number;
  username: string;
  /** scrypt hash (mock/credentials.ts); the plain password is never stored. */
  passwordHash: string;
  /** A password set by someone else (a one-time or first password): the person must choose their own at next login. */
  mustChangePassword?: boolean;
  /** The company whose staff or parent account created this user (none: the platform or the seed's owners). Only
   * that company may set a first password, and only while the user belongs to no other company (PRODUCT.md §5.17). */
  createdByCompanyId?: number;
  mobile: string;
  name: string;
  avatar: string;
  lastRoleId?: number;
}

export interface CompanyRow {
  id: number;
  name: string;
  platform: boolean;
  validUntil: string;
  status: 'active' | 'disabled';
  ownerMobile: string;
  createdAt: string;
  /** Primary colour of the console for this company's users (/campus/theme-color); none = SPEC §9's. */
  themeColor?: string;
  /** The company's logo (an image data URL, /campus/theme-color), drawn on posters (issue 31). */
  logo?: string;
}

export interface CampusRow {
  id: number;
  companyId: number;
  name: string;
  address: string;
  phone: string;
  isMain: boolean;
  /** The campus's own valid-until, moved only by a campus renewal (mock/domains/campus.ts); while main it follows the company's. */
  validUntil?: string;
}

export interface MembershipRow {
  roleId: number;
  userId: number;
  companyId: number;
  role: Role;
  /** 0 = owner who may renew; 2 = default. */
  type: number;
  flags: Record<PermissionFlag, number>;
  /** Permission group (mock/domains/campus.ts): when set, its flags replace `flags` at every request. */
  groupId?: number;
  /** A disabled account (/account/staff, /account/student): its sessions end at once (401), logins refused. */
  disabled?: boolean;
}

/** A permission group (the derived counts of the API type are computed on read). */
export type PermissionGroupRow = Omit<PermissionGroup, 'memberCount' | 'ownerGroup'>;

export interface SessionRow {
  token: string;
  satoken: string;
  userId: number;
  roleId: number;
  /** Start of the session (ms): it ends SESSION_MAX_MS later whatever its use. */
  createdAt: number;
  /** Last call made with it (ms): it ends after SESSION_IDLE_MS without one. */
  lastSeenAt: number;
}

/** A session ends after 2 hours without a call (idle limit)… */
export const SESSION_IDLE_MS = 2 * 60 * 60_000;
/** …and 7 days after its login whatever its use (absolute limit). Checked at every call (`sessionOf`, mock/http.ts). */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60_000;

/** Whether a session is past its idle or absolute limit at `now`. */
export function sessionExpired(row: SessionRow, now: number): boolean {
  return now - row.lastSeenAt >= SESSION_IDLE_MS || now - row.createdAt >= SESSION_MAX_MS;
}

/**
 * An SMS code sent (mock/sms.ts): one per mobile and scene, replaced by the next send, deleted when used. Kept as
 * sent (6 digits: a hash of a million possible values would hide nothing), valid SMS_CODE_TTL_MS.
 */
export interface SmsCodeRow {
  mobile: string;
  scene: 'login' | 'bind';
  code: string;
  sentAt: number;
  /** Wrong tries against this code; it is dropped at SMS_CODE_MAX_TRIES. */
  tries: number;
}

export interface ServiceContactRow {
  name: string;
  phone: string;
  wechat: string;
}

// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface Db {
  users: UserRow[];
  companies: CompanyRow[];
  campuses: CampusRow[];
  memberships: MembershipRow[];
  sessions: Map<string, SessionRow>;
  smsSentAt: Map<string, number>;
  /** SMS codes waiting to be used (mock/sms.ts). */
  smsCodes: SmsCodeRow[];
  serviceContact: ServiceContactRow;
  packages: SubscriptionPackage[];
  subscriptionOrders: SubscriptionOrder[];
  settings: CompanySettings[];
  /** Permission groups per company (PRODUCT.md §5.13; mock/domains/campus.ts). */
  permissionGroups: PermissionGroupRow[];
  /** Next id per table. */
  seq: Record<string, number>;
}

export type Seeder = (db: Db) => void;

let seeders: Seeder[] = [];
let productionSeeder: Seeder | undefined;
let current: Db | undefined;

/**
 * Domain modules register their seeders once, in order (mock/domains/index.ts), and the seeder used outside demo
 * mode (mock/mode.ts: no demo data, see `productionSeed` there).
 */
export function setSeeders(list: Seeder[], production?: Seeder) {
  seeders = list;
  productionSeeder = production;
  current = undefined;
}

export function emptyDb(): Db {
  return {
    users: [],
    companies: [],
    campuses: [],
    memberships: [],
    sessions: new Map(),
    smsSentAt: new Map(),
    smsCodes: [],
    serviceContact: { name: '', phone: '', wechat: '' },
    packages: [],
    subscriptionOrders: [],
    settings: [],
    permissionGroups: [],
    seq: {},
  } as unknown as Db;
}

export function resetDb(): Db {
  const db = emptyDb();
  if (productionSeeder && !demoMode()) productionSeeder(db);
  else for (const seed of seeders) seed(db);
  current = db;
  return db;
}

export function getDb(): Db {
  return current ?? resetDb();
}

/** Next id of a table (ids start after the seed's highest). */
export function nextId(db: Db, table: string): number {
  const n = (db.seq[table] ?? 0) + 1;
  db.seq[table] = n;
  return n;
}

/** The rules of a company (defaults when none were saved). */
export function settingsOf(db: Db, companyId: number): CompanySettings {
  let row = db.settings.find((s) => s.companyId === companyId);
  if (!row) {
    row = { companyId, ...DEFAULT_COMPANY_SETTINGS };
    db.settings.push(row);
  }
  return row;
}
