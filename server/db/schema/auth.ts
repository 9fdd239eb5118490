/**
 * Sign-in state: sessions, SMS codes and the throttles of the login and of SMS sends. Kept in the database so that
 * a restart ends no session and several servers share them (docs/DEVELOPING.md "Data"). A session goes with its user
 * and its membership (a company deleted, an account removed).
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { memberships, users } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One login: both tokens must come together (docs/rules.md#constants-and-limits). Ends after 2 hours idle or 7 days (mock/db.ts limits). */
export const sessions = pgTable(
  'sessions',
  {
    token: text('token').primaryKey(),
    satoken: text('satoken').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => memberships.roleId, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_role_idx').on(t.roleId)],
);

/**
 * Sessions ended because their account was disabled: their next call says so (issue 31) instead of "Login has
 * expired". Kept as long as a session could have lasted.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    token: text('token').primaryKey(),
    satoken: text('satoken').notNull(),
    roleId: integer('role_id').notNull(),
    endedAt: at('ended_at').notNull(),
  },
  (t) => [index('ended_sessions_at_idx').on(t.endedAt)],
);

/** The code last sent to a mobile for a scene: one per mobile and scene, single use, 5 minutes, 5 wrong tries. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    mobile: text('mobile').notNull(),
    scene: text('scene', { enum: ['login', 'bind'] }).notNull(),
    code: text('code').notNull(),
    sentAt: at('sent_at').notNull(),
    tries: integer('tries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.mobile, t.scene] })],
);

/** When a code was last sent to a mobile (one send a minute). */
export const smsSends = pgTable('sms_sends', {
  mobile: text('mobile').primaryKey(),
  sentAt: at('sent_at').notNull(),
});

/** Failed logins per key (account or mobile), for the login throttle. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.at)],
);

/** Sign-ups and orders on the public pages, per address (`ip:…`) and per page (`page:…`), for their throttle. */
export const publicWrites = pgTable(
  'public_writes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('public_writes_key_idx').on(t.key, t.at)],
);

/** A login ticket: a person without a usable membership answers their pending invitations with it (10 minutes). */
export const loginTickets = pgTable(
  'login_tickets',
  {
    ticket: text('ticket').primaryKey(),
    userId: integer('user_id').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('login_tickets_user_idx').on(t.userId)],
);

/** Facts about the database itself: `seeded` (the demo seed was written once into a new database). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
