/**
 * Sign-in state in the database (server/db/schema/auth.ts): sessions, sessions ended by a disabled account, SMS codes,
 * the SMS send throttle and the failed-login throttle. Every function runs in the request's transaction (`tx()`).
 * The rules (limits, code lifetime, tries) are the ones mock/db.ts, mock/sms.ts and mock/domains/session.ts declare.
 */
import { and, count, eq, gt, inArray, lte, lt, ne, or, sql } from 'drizzle-orm';
import { tx } from '../db';
import { endedSessions, loginFailures, loginTickets, publicWrites, sessions, smsCodes, smsSends } from '../db/schema';

export interface SessionRow {
  token: string;
  satoken: string;
  userId: number;
  roleId: number;
  /** Start of the session (ms). */
  createdAt: number;
  /** Last call made with it (ms). */
  lastSeenAt: number;
}

/** A session's last-call time is written at most this often (a GET writes nothing else; idle limits are hours). */
export const SESSION_TOUCH_MS = 60_000;

function toRow(r: typeof sessions.$inferSelect): SessionRow {
  return { token: r.token, satoken: r.satoken, userId: r.userId, roleId: r.roleId, createdAt: r.createdAt.getTime(), lastSeenAt: r.lastSeenAt.getTime() };
}

export async function insertSession(row: SessionRow): Promise<void> {
  const db = await tx();
  await db.insert(sessions).values({ ...row, createdAt: new Date(row.createdAt), lastSeenAt: new Date(row.lastSeenAt) });
}

export async function sessionByToken(token: string): Promise<SessionRow | undefined> {
  const db = await tx();
  const [r] = await db.select().from(sessions).where(eq(sessions.token, token));
  return r ? toRow(r) : undefined;
}

/** Moves a session's last-call time to `now` when it is more than SESSION_TOUCH_MS old. */
export async function touchSession(row: SessionRow, now: number): Promise<void> {
  if (now - row.lastSeenAt < SESSION_TOUCH_MS) return;
  const db = await tx();
  await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.token, row.token));
  row.lastSeenAt = now;
}

export async function deleteSession(token: string): Promise<void> {
  const db = await tx();
  await db.delete(sessions).where(eq(sessions.token, token));
}

export async function setSessionRole(token: string, roleId: number): Promise<void> {
  const db = await tx();
  await db.update(sessions).set({ roleId }).where(eq(sessions.token, token));
}

/** Ends sessions: of a user (all but `except`), of accounts (memberships). Returns how many ended. */
export async function endSessions(which: { userId: number; except?: string } | { roleIds: number[] }): Promise<number> {
  const db = await tx();
  if ('roleIds' in which) {
    if (which.roleIds.length === 0) return 0;
    return (await db.delete(sessions).where(inArray(sessions.roleId, which.roleIds)).returning({ token: sessions.token })).length;
  }
  const cond = which.except === undefined ? eq(sessions.userId, which.userId) : and(eq(sessions.userId, which.userId), ne(sessions.token, which.except));
  return (await db.delete(sessions).where(cond).returning({ token: sessions.token })).length;
}

/** Live sessions per user (a session not past its idle or absolute limit at `now`). */
export async function liveSessionCounts(now: number, idleMs: number, maxMs: number): Promise<Map<number, number>> {
  const db = await tx();
  const rows = await db
    .select({ userId: sessions.userId, n: count() })
    .from(sessions)
    .where(and(gt(sessions.lastSeenAt, new Date(now - idleMs)), gt(sessions.createdAt, new Date(now - maxMs))))
    .groupBy(sessions.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/** Remembers the sessions of an account being disabled (before they end), dropping those older than `keepMs`. */
export async function rememberEndedSessions(roleId: number, now: number, keepMs: number): Promise<void> {
  const db = await tx();
  await db.delete(endedSessions).where(lt(endedSessions.endedAt, new Date(now - keepMs)));
  await db.execute(sql`
    insert into ${endedSessions} (token, satoken, role_id, ended_at)
    select token, satoken, role_id, ${new Date(now)} from ${sessions} where role_id = ${roleId}
    on conflict (token) do update set satoken = excluded.satoken, role_id = excluded.role_id, ended_at = excluded.ended_at`);
}

/** The account of a session ended by its disabling, when both tokens match. */
export async function endedSessionRole(token: string, satoken: string | null): Promise<number | undefined> {
  const db = await tx();
  const [r] = await db.select().from(endedSessions).where(eq(endedSessions.token, token));
  return r && r.satoken === satoken ? r.roleId : undefined;
}

/* ---- SMS ---- */

/** When a code was last sent to `mobile` (ms), if ever. */
export async function lastSmsSend(mobile: string): Promise<number | undefined> {
  const db = await tx();
  const [r] = await db.select().from(smsSends).where(eq(smsSends.mobile, mobile));
  return r?.sentAt.getTime();
}

export async function recordSmsSend(mobile: string, now: number): Promise<void> {
  const db = await tx();
  await db.insert(smsSends).values({ mobile, sentAt: new Date(now) }).onConflictDoUpdate({ target: smsSends.mobile, set: { sentAt: new Date(now) } });
}

export type SmsScene = 'login' | 'bind';

/** Stores the code just sent (replacing the mobile's earlier one for the scene); drops codes past `ttlMs`. */
export async function storeCode(mobile: string, scene: SmsScene, code: string, now: number, ttlMs: number): Promise<void> {
  const db = await tx();
  await db.delete(smsCodes).where(lt(smsCodes.sentAt, new Date(now - ttlMs)));
  await db
    .insert(smsCodes)
    .values({ mobile, scene, code, sentAt: new Date(now), tries: 0 })
    .onConflictDoUpdate({ target: [smsCodes.mobile, smsCodes.scene], set: { code, sentAt: new Date(now), tries: 0 } });
}

export interface StoredCode {
  code: string;
  sentAt: number;
  tries: number;
}

/** The code waiting for `mobile` and `scene`, locked for this transaction (two tries at once count twice). */
export async function codeOf(mobile: string, scene: SmsScene): Promise<StoredCode | undefined> {
  const db = await tx();
  const [r] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.scene, scene)))
    .for('update');
  return r ? { code: r.code, sentAt: r.sentAt.getTime(), tries: r.tries } : undefined;
}

export async function dropCode(mobile: string, scene: SmsScene): Promise<void> {
  const db = await tx();
  await db.delete(smsCodes).where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.scene, scene)));
}

export async function countWrongTry(mobile: string, scene: SmsScene): Promise<void> {
  const db = await tx();
  await db
    .update(smsCodes)
    .set({ tries: sql`${smsCodes.tries} + 1` })
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.scene, scene)));
}

/** Every code waiting (tests read the code a mobile was sent). */
export async function waitingCodes(): Promise<({ mobile: string; scene: SmsScene } & StoredCode)[]> {
  const db = await tx();
  const rows = await db.select().from(smsCodes);
  return rows.map((r) => ({ mobile: r.mobile, scene: r.scene, code: r.code, sentAt: r.sentAt.getTime(), tries: r.tries }));
}

/* ---- throttles: events of a key within a window ---- */

type EventTable = typeof loginFailures | typeof publicWrites;

/** Times (ms, oldest first) of the events of `key` within `windowMs` before `now`. */
async function recentEvents(table: EventTable, key: string, now: number, windowMs: number): Promise<number[]> {
  const db = await tx();
  const rows = await db
    .select({ at: table.at })
    .from(table)
    .where(and(eq(table.key, key), gt(table.at, new Date(now - windowMs))))
    .orderBy(table.at);
  return rows.map((r) => r.at.getTime());
}

/** Records an event of `key` (and forgets its events older than the window). */
async function recordEvent(table: EventTable, key: string, now: number, windowMs: number): Promise<void> {
  const db = await tx();
  await db.delete(table).where(and(eq(table.key, key), lte(table.at, new Date(now - windowMs))));
  await db.insert(table).values({ key, at: new Date(now) });
}

/** Times (ms, oldest first) of the failed logins of `key` within `windowMs` before `now`. */
export function recentFailures(key: string, now: number, windowMs: number): Promise<number[]> {
  return recentEvents(loginFailures, key, now, windowMs);
}

/** Records a failed login (and forgets the key's failures older than the window). */
export function recordFailure(key: string, now: number, windowMs: number): Promise<void> {
  return recordEvent(loginFailures, key, now, windowMs);
}

export async function clearFailures(key: string): Promise<void> {
  const db = await tx();
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/**
 * Times (ms, oldest first) of the public-page writes of `key` within the window, the key locked until the request
 * ends (two requests of one address on two servers count one after the other).
 */
export async function recentPublicWrites(key: string, now: number, windowMs: number): Promise<number[]> {
  await (await tx()).execute(sql`select pg_advisory_xact_lock(hashtext(${`public:${key}`}))`);
  return recentEvents(publicWrites, key, now, windowMs);
}

export function recordPublicWrite(key: string, now: number, windowMs: number): Promise<void> {
  return recordEvent(publicWrites, key, now, windowMs);
}

/** Sessions of a set of accounts or of everyone (tests and the platform's account list read them). */
export async function allSessions(): Promise<SessionRow[]> {
  const db = await tx();
  return (await db.select().from(sessions)).map(toRow);
}


/* ---- invitation login tickets ---- */

/** A new ticket for `userId`, replacing their earlier ones and dropping expired ones. */
export async function issueTicket(ticket: string, userId: number, now: number, ttlMs: number): Promise<void> {
  const db = await tx();
  await db.delete(loginTickets).where(or(eq(loginTickets.userId, userId), lte(loginTickets.expiresAt, new Date(now))));
  await db.insert(loginTickets).values({ ticket, userId, expiresAt: new Date(now + ttlMs) });
}

/** The person of a ticket still valid at `now`. */
export async function ticketUser(ticket: string, now: number): Promise<number | undefined> {
  const db = await tx();
  const [r] = await db.select().from(loginTickets).where(eq(loginTickets.ticket, ticket));
  return r && r.expiresAt.getTime() > now ? r.userId : undefined;
}

export async function dropTicket(ticket: string): Promise<void> {
  const db = await tx();
  await db.delete(loginTickets).where(eq(loginTickets.ticket, ticket));
}
