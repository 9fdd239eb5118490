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

export interface UserRow {
  id: number;
  username: string;
  /** scrypt hash (mock/credentials.ts); the plain password is never stored. */
  passwordHash: string;
  /** A password set by someone else (a one-time or first password): the person must choose their own at next login. */
  mustChangePassword?: boolean;
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
}

export interface CampusRow {
  id: number;
  companyId: number;
  name: string;
  address: string;
  phone: string;
  isMain: boolean;
  /** Valid-until of a branch campus (mock/domains/campus.ts); the main campus follows the company's. */
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
  createdAt: number;
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
let current: Db | undefined;

/** Domain modules register their seeders once, in order (mock/domains/index.ts). */
export function setSeeders(list: Seeder[]) {
  seeders = list;
  current = undefined;
}

function emptyDb(): Db {
  return {
    users: [],
    companies: [],
    campuses: [],
    memberships: [],
    sessions: new Map(),
    smsSentAt: new Map(),
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
  for (const seed of seeders) seed(db);
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
