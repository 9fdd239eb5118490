/**
 * The mock backend's in-memory database. Core tables live here; each domain module adds its own tables by
 * augmenting `Db` (TypeScript declaration merging) and seeding them in its `seed` function
 * (see mock/domains/index.ts for the order). These tables still live in the server process (the port to the
 * database, server/, goes domain by domain; sign-in state is there already); `resetDb()` restores the deterministic
 * seed and empties the database's tables (POST /v2/__test__/reset).
 */
import type { PermissionFlag, Role } from '../src/types/session';
import type { PermissionGroup } from '../src/types/campus';
import { demoMode } from './mode';
import { today } from './clock';
import type { SessionRow } from '../server/auth/state';
import { analyzeChanged, onOpen, resetTables, resetUnderWay, type Database } from '../server/db';
import { appMeta } from '../server/db/schema';
import { eq } from 'drizzle-orm';

export interface UserRow {
  id: number;
  username: string;
  /** scrypt hash (mock/credentials.ts); the plain password is never stored. */
  passwordHash: string;
  /** A password set by someone else (a one-time or first password): the person must choose their own at next login. */
  mustChangePassword?: boolean;
  /** The company whose staff or parent account created this user (none: the platform or the seed's owners). Only
   * that company may set a first password, and only while the user belongs to no other company (docs/rules.md#people-and-credentials). */
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
  /** Primary colour of the console for this company's users (/campus/theme-color); none = the docs/rules.md#constants-and-limits. */
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
  /** When the account was created ('YYYY-MM-DD HH:mm:ss'; the account lists show it). */
  createdAt?: string;
}

/** A permission group (the derived counts of the API type are computed on read). */
export type PermissionGroupRow = Omit<PermissionGroup, 'memberCount' | 'ownerGroup'>;

export type { SessionRow } from '../server/auth/state';

/** A session ends after 2 hours without a call (idle limit)… */
export const SESSION_IDLE_MS = 2 * 60 * 60_000;
/** …and 7 days after its login whatever its use (absolute limit). Checked at every call (`sessionOf`, mock/http.ts). */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60_000;

/** Whether a session is past its idle or absolute limit at `now`. */
export function sessionExpired(row: SessionRow, now: number): boolean {
  return now - row.lastSeenAt >= SESSION_IDLE_MS || now - row.createdAt >= SESSION_MAX_MS;
}

/** The customer-service contact (one row in the database: server/db/schema/platform.ts). */
export interface ServiceContactRow {
  name: string;
  phone: string;
  wechat: string;
}

// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface Db {
  /** The demo seed's users (written to the database by their SqlSeeder, ./domains/people.ts); never read by a request. */
  seedUsers: UserRow[];
  /** The demo seed's companies (written to the database by their SqlSeeder); never read by a request (./domains/companyRows.ts). */
  seedCompanies: CompanyRow[];
  /**
   * The demo seed's campuses (written to the database, server/db/schema/accounts.ts, by its SqlSeeder); read by the
   * in-process seed, never by a request (mock/domains/campusRows.ts reads the table).
   */
  seedCampuses: CampusRow[];
  /** The demo seed's accounts (memberships), written with the users; never read by a request. */
  seedMemberships: MembershipRow[];
  /**
   * The demo seed's default permission groups, with the ids the seeded memberships name: written to the database
   * (server/db/schema/groups.ts) by its SqlSeeder. Never read by a request (mock/domains/groupRows.ts reads the table).
   */
  seedGroups: PermissionGroupRow[];
  /** Next id per table. */
  seq: Record<string, number>;
}

export type Seeder = (db: Db) => void;
/** A seeder of tables already in the database (server/db): writes the demo rows with `sql`, reading the seed in `db`. */
export type SqlSeeder = (sql: Database, db: Db) => Promise<void>;

let seeders: Seeder[] = [];
let sqlSeeders: SqlSeeder[] = [];
let productionSeeder: Seeder | undefined;
let productionSqlSeeders: SqlSeeder[] = [];
let current: Db | undefined;
let memoryLoader: ((sql: Database, db: Db) => Promise<void>) | undefined;

/**
 * What reads the tables the process still keeps in memory from the database (mock/domains/cardRows.ts): a server
 * opening a database it has used before starts from what it holds, not from the seed.
 */
export function setMemoryLoader(load: (sql: Database, db: Db) => Promise<void>) {
  memoryLoader = load;
}

/**
 * Domain modules register their seeders once, in order (mock/domains/index.ts), the seeders of their tables in the
 * database (demo mode only), and the seeders used outside demo mode (mock/mode.ts: no demo data, see `productionSeed`;
 * in the database: the rows a production start needs, such as the platform's settings).
 */
export function setSeeders(list: Seeder[], production?: Seeder, inDatabase: SqlSeeder[] = [], productionInDatabase: SqlSeeder[] = []) {
  seeders = list;
  sqlSeeders = inDatabase;
  seedersVersion++;
  productionSeeder = production;
  productionSqlSeeders = productionInDatabase;
  current = undefined;
}

/** The rows of the database's tables (demo mode: the demo rows; else the production ones), written after the in-process seed they may read. */
async function seedDatabase(sql: Database, demo = demoMode(), db?: Db): Promise<void> {
  for (const seed of demo ? sqlSeeders : productionSqlSeeders) await seed(sql, db ?? getDb());
}

/**
 * A new database (the server's first start on an empty DATA_DIR or DATABASE_URL) gets the demo seed once; a database
 * that has it keeps what it holds across restarts.
 */
onOpen(async (e) => {
  const [done] = await e.db.select().from(appMeta).where(eq(appMeta.key, 'seeded'));
  if (done) {
    await startAfterEarlierRuns(e.db);
    // The tables the process still reads in memory, as the database holds them (not the seed: what was written since).
    if (memoryLoader && !resetUnderWay()) {
      const db = emptyDb();
      await memoryLoader(e.db, db);
      current = db;
    }
  } else if (resetUnderWay()) {
    // A test reset opened it: the reset writes the seed (its own, or the kept one) right after.
    return;
  } else {
    await e.db.transaction(async (t) => {
      const sql = t as unknown as Database;
      await seedDatabase(sql);
      await sql.insert(appMeta).values({ key: 'seeded', value: new Date().toISOString() });
    });
    // A seed from scratch, as a test reset's own (the next reset with the same key is kept: `resetDb`).
    lastSeedKey = seedKey(demoMode());
  }
  // The planner's statistics of the tables that changed much (the seed just written, or rows of earlier runs): the
  // embedded engine has no autovacuum; on a server it is a no-op most starts.
  await analyzeChanged(e);
});

/** Ids of rows the process creates start from here (0 on a new database); see `startAfterEarlierRuns`. */
let idFloor = 0;
/** Ids each start of the server has to itself for the rows the process numbers (`nextId`). */
export const IDS_PER_START = 1_000_000;

/**
 * The process numbers some rows itself (`nextId`: cards, hour records, card orders, arrears items); the tables it
 * read back when it opened start its numbering after their highest ids, but tables it used to keep start again from
 * the seed at every start, while the database keeps what was
 * written: rows there may name a row the process created before a restart (a lead's follow-ups, a staff member's
 * salary plan). So that a row created after a restart never takes such an id, each start of a server on a database it
 * has used before gives the process's new rows ids of their own: the n-th restart numbers them from n × 1,000,000
 * (the count kept in `app_meta`). The seed's own ids are unchanged. Goes with the last in-process table.
 */
async function startAfterEarlierRuns(db: Database): Promise<void> {
  await db.transaction(async (t) => {
    const [row] = await t.select().from(appMeta).where(eq(appMeta.key, 'restarts')).for('update');
    const restarts = (row ? Number(row.value) : 0) + 1;
    await t.insert(appMeta).values({ key: 'restarts', value: String(restarts) }).onConflictDoUpdate({ target: appMeta.key, set: { value: String(restarts) } });
    idFloor = restarts * IDS_PER_START;
  });
}

export function emptyDb(): Db {
  return {
    seedUsers: [],
    seedCompanies: [],
    seedCampuses: [],
    seedMemberships: [],
    seedGroups: [],
    seq: {},
  } as unknown as Db;
}

/**
 * The test reset's copy of a seed (`resetDb`): the in-process tables as the seed left them, and the name of the copy
 * of the database's tables taken with them (server/db `resetTables`).
 */
interface SeedSnapshot {
  /** What the seed depends on besides the clock (`seedKey`). */
  key: string;
  /** When it was seeded (the clock, faked or not). */
  at: number;
  memory: Db;
  name: string;
}
let snapshot: SeedSnapshot | undefined;
/** The key of the last seed written from scratch (`resetDb` keeps the second one in a row with the same key). */
let lastSeedKey: string | undefined;
let seedersVersion = 0;
let snapshotCount = 0;
/**
 * How long a kept seed stands in for a new one: the state of a school seeded that long ago and left untouched, as a
 * server may well be. Within the same day only, never before its own time (a test that sets the clock back), and
 * short enough that the clock-dependent parts of the seed (lessons ended since, the latest stamps) barely move.
 */
export const SEED_SNAPSHOT_MAX_AGE_MS = 5 * 60_000;

/** Whether the kept seed stands in for a new one with `key` at `now`. */
export function keptSeedServes(kept: { key: string; at: number }, key: string, now: number): boolean {
  return kept.key === key && kept.at <= now && now - kept.at < SEED_SNAPSHOT_MAX_AGE_MS;
}

/** What the seed depends on besides the clock. */
function seedKey(demo: boolean): string {
  return JSON.stringify([demo, today(), process.env.MOCK_SCALE ?? '', seedersVersion]);
}

/** `fresh`: a seed written from scratch whatever is kept (a test of what a new seed draws: random page codes). */
export function resetDb(opts: { fresh?: boolean } = {}): Db {
  // The tables already in the database (server/db) are emptied and seeded again: requests wait for it (no await
  // needed here). Their seed reads the in-process seed, written first.
  // The mode and the in-memory seed of this reset, whenever the database's turn comes (a later reset may have
  // changed both meanwhile).
  const demo = demoMode();
  const key = seedKey(demo);
  if (!opts.fresh && snapshot && keptSeedServes(snapshot, key, Date.now())) {
    // The kept seed: its in-process tables cloned, the database's copied back (or written from the clone, on a
    // database that has no copy by this name).
    const db = structuredClone(snapshot.memory);
    current = db;
    void resetTables(
      async (sql) => {
        await seedDatabase(sql, demo, db);
        await sql.insert(appMeta).values({ key: 'seeded', value: new Date().toISOString() });
      },
      { restore: snapshot.name },
    );
    return db;
  }
  const db = seedMemory();
  // A file that resets once keeps nothing; the second seed in a row with the same key is kept for the resets after it.
  const keep = lastSeedKey === key;
  lastSeedKey = key;
  const name = keep ? `seed-${++snapshotCount}` : undefined;
  void resetTables(
    async (sql) => {
      await seedDatabase(sql, demo, db);
      await sql.insert(appMeta).values({ key: 'seeded', value: new Date().toISOString() });
      // After the database's seeders (which read the in-process seed) and before any request writes to it.
      if (name) snapshot = { key, at: Date.now(), memory: structuredClone(db), name };
    },
    { snapshot: name },
  );
  return db;
}

/** Writes the seed into the in-process tables (at the first use: the database's own tables keep what they hold). */
function seedMemory(): Db {
  const db = emptyDb();
  asSeed(() => {
    if (productionSeeder && !demoMode()) productionSeeder(db);
    else for (const seed of seeders) seed(db);
  });
  current = db;
  return db;
}

let seeding = false;
/** Runs `fn` as the in-process seed runs (`isSeeding`): the seed's writes, the default company rules. */
export function asSeed<T>(fn: () => T): T {
  seeding = true;
  try {
    return fn();
  } finally {
    seeding = false;
  }
}
/** While the in-process seed runs: events its replayed history raises send nothing (the seed writes the messages it wants). */
export function isSeeding(): boolean {
  return seeding;
}

export function getDb(): Db {
  return current ?? seedMemory();
}

/** Next id of a table (ids start after the seed's highest). */
export function nextId(db: Db, table: string): number {
  const n = Math.max(db.seq[table] ?? 0, seeding ? 0 : idFloor) + 1;
  db.seq[table] = n;
  return n;
}
