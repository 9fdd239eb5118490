/**
 * How every mock call is written: `api(method, path, options, handler)`.
 * It resolves the session from the `request-token` header (401 when missing, unknown or logged out), computes the
 * caller's access with the app's own src/access.ts and refuses (403) what the call's rule does not allow,
 * validates the body with the call's zod schema (`body`, 400 naming the field), and wraps results in the
 * `{ code: 0, data }` envelope. A handler throws `HttpError` for 400/403/404 answers; anything else thrown
 * becomes a 500 with a message.
 *
 * Access is declared once per resource with `definePolicy` (who reads, who writes, and `rows`: the scope function
 * giving the rows the caller may see). Every call over a resource names it: `{ read: policy }` for lists,
 * options, lookups and overviews; `{ write: policy }` for writes, which check the read rule plus the write rule
 * and find their target through `ctx.target(policy, id)` (the same scope as the read: 404 outside it).
 * Calls about the caller's own session say `{ self: true }`; public calls `{ auth: false }`. Every call is
 * recorded in `registry`, which a test enumerates (mock/access.test.ts).
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import type { SQL } from 'drizzle-orm';
import { parseBody, shapeOf } from './schema';
import { id as idSchema, z as zod } from '../src/types/schema';
import access, { type Access, type AccessKey } from '../src/access';
import type { CurrentUser, Permissions } from '../src/types/session';
import { getDb, sessionExpired, type CampusRow, type CompanyRow, type Db, type MembershipRow, type PermissionGroupRow, type UserRow } from './db';
import { groupOf } from './domains/groupRows';
import { campusesOf } from './domains/campusRows';
import { loadCompany } from './domains/companyRows';
import { memberOf } from './domains/people';
import { langOf, message, type Lang } from './messages';
import './nouns';
import { CALLS_OPEN_WHEN_EXPIRED, daysLeft } from '../src/utils/expiry';
import { today } from './clock';
import { disabledSessionMessage } from './domains/accountStatus';
import { inTransaction, keepOnRefusal } from '../server/db';
import { deleteSession, sessionByToken, touchSession } from '../server/auth/state';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    msg: string,
  ) {
    super(msg);
  }
}

export interface Session {
  token: string;
  user: UserRow;
  membership: MembershipRow;
  company: CompanyRow;
  currentUser: CurrentUser;
  permissions: Permissions;
  access: Access;
  /** The membership's permission group (docs/rules.md#permission-groups-and-data-scope), read at every request. */
  group?: PermissionGroupRow;
}

export interface Ctx<P = Record<string, string>> {
  db: Db;
  request: Request;
  url: URL;
  query: Record<string, string>;
  params: P;
  lang: Lang;
  /** Message in the caller's language. */
  t: (key: string, values?: Record<string, string | number>) => string;
  /** 400 with a message in the caller's language. */
  bad: (key: string, values?: Record<string, string | number>) => HttpError;
  body: unknown;
}

export interface AuthedCtx<P = Record<string, string>, B = unknown> extends Omit<Ctx<P>, 'body'> {
  session: Session;
  /** The validated body when the call declares a schema; the raw JSON otherwise. */
  body: B;
  /** The rows of a policy the caller may see (its scope function). */
  rows: <Row>(policy: Policy<Row>) => Row[];
  /** One row of a policy within the caller's scope, or 404. */
  target: <Row>(policy: Policy<Row>, id: number, what?: string) => Row;
  /** The SQL condition of a policy's scope for the caller (a resource in the database, `Policy.where`). */
  scope: <Row>(policy: Policy<Row>) => SQL | undefined;
  /**
   * One row of a policy whose rows are in the database (`Policy.find`) within the caller's scope, or 404. A write
   * locks it (`for update`) until the request's transaction ends, so concurrent writes to one row run one after
   * the other. The handler writes its changes to the database and to the returned row (the audit's "after").
   */
  find: <Row>(policy: Policy<Row>, id: number, what?: string) => Promise<Row>;
}

export type AccessRule = AccessKey | ((a: Access, s: Session) => boolean);

/**
 * One resource's access, declared once and shared by its list, options, lookups, overviews and writes.
 * `rows` is the scope function: the rows of the resource the caller may see (company, role, ownership, data scope).
 */
export interface Policy<Row = unknown> {
  name: string;
  /** Who may read. Must be more than "logged in" for company data. */
  read: AccessRule[];
  /** Who may write, on top of `read`. */
  write: AccessRule[];
  rows?: (db: Db, s: Session) => Row[];
  /**
   * The same scope for a resource whose rows are in the database (server/db): the SQL condition on its table that
   * keeps the rows the caller may see (undefined: all of them). A list adds it to its query (`ctx.scope`).
   */
  where?: (s: Session, db: Db) => SQL | undefined;
  /** One row by id within a scope condition (`ctx.find`), locked for update when `lock`. */
  find?: (id: number, scope: SQL | undefined, lock: boolean) => Promise<Row | undefined>;
  /** How a row is identified for `ctx.target` (default `id`). */
  idOf?: (row: Row) => number;
  /**
   * What `rows` and `where` read synchronously, read for the request before the handler of a call declaring the
   * policy (the lessons' rules still in the process read the company's lessons: mock/domains/lessonRows.ts).
   */
  load?: (db: Db, s: Session) => Promise<void>;
}

export function definePolicy<Row>(p: {
  name: string;
  read: AccessRule | AccessRule[];
  write?: AccessRule | AccessRule[];
  rows?: (db: Db, s: Session) => Row[];
  where?: (s: Session, db: Db) => SQL | undefined;
  find?: (id: number, scope: SQL | undefined, lock: boolean) => Promise<Row | undefined>;
  idOf?: (row: Row) => number;
  load?: (db: Db, s: Session) => Promise<void>;
}): Policy<Row> {
  const list = (r: AccessRule | AccessRule[] | undefined) => (r === undefined ? [] : Array.isArray(r) ? r : [r]);
  return { name: p.name, read: list(p.read), write: list(p.write), rows: p.rows, where: p.where, find: p.find, idOf: p.idOf, load: p.load };
}

interface Options<S extends z.ZodType = z.ZodType> {
  /** Default true: a session is required. */
  auth?: boolean;
  /** A call about the caller's own session or account (user info, menu, profile): "logged in" is its rule. */
  self?: boolean;
  /** A read over this resource (list, options, lookup, overview): the policy's read rule. */
  read?: Policy<any>;
  /** A write over this resource: the policy's read and write rules. */
  write?: Policy<any>;
  /** Extra rules, every one must allow the call (403 otherwise). */
  access?: AccessRule | AccessRule[];
  /** Schema of the body: validated before the handler runs (400 naming the field). */
  body?: S;
  /** Field labels of the body's messages: field → message key (default `field.<name>`). */
  labels?: Record<string, string>;
}

/** Every call as declared, for the handler-enumeration test. */
export interface RegisteredCall {
  method: Method;
  path: string;
  auth: boolean;
  self: boolean;
  read?: Policy<any>;
  write?: Policy<any>;
  access: AccessRule[];
  hasBody: boolean;
  /** The body's schema, when the call declares one, and its field labels. */
  body?: z.ZodType;
  labels?: Record<string, string>;
  /** Listed in CALLS_OPEN_WHEN_EXPIRED (src/utils/expiry.ts): the only calls an expired company's users may make. */
  openWhenExpired: boolean;
}
export const registry: RegisteredCall[] = [];

/** One successful write (non-GET, 2xx, with a session): what `onWrite` hooks receive (the audit log, mock/domains/audit.ts). */
export interface WriteEvent {
  ctx: AuthedCtx<Record<string, string>, unknown>;
  method: Method;
  path: string;
  result: unknown;
  /** Rows found with `ctx.target`, each with a snapshot taken before the handler changed it. */
  targets: { policy: string; row: unknown; before: unknown }[];
}
/** Hooks run after every successful write, in its transaction; a failing hook never fails the call. */
export const onWrite: ((e: WriteEvent) => void | Promise<void>)[] = [];
/** Hooks run before the handler of every write with a session, in its transaction: what its synchronous rules read first (the company's closed months, mock/domains/ledger.ts). */
export const beforeWrite: ((s: Session) => Promise<void>)[] = [];
/** Hooks run before the handler of every call with a session (GETs too), in its transaction: what its synchronous scope functions read first (the lead ids of the caller's scopes, mock/domains/customer.ts). */
export const beforeCall: ((db: Db, s: Session, query: Record<string, string>) => Promise<void>)[] = [];

export function rulesOf(options: Pick<Options, 'read' | 'write' | 'access'>): AccessRule[] {
  const extra = options.access === undefined ? [] : Array.isArray(options.access) ? options.access : [options.access];
  const policy = options.write ?? options.read;
  return [...(policy?.read ?? []), ...(options.write?.write ?? []), ...extra];
}

export function allows(rules: AccessRule[], s: Session): boolean {
  return rules.every((r) => (typeof r === 'function' ? r(s.access, s) : s.access[r]));
}

export function companyDay(company: CompanyRow): number {
  return daysLeft(company.validUntil, today());
}

export async function buildSession(db: Db, token: string, userId: number, roleId: number): Promise<Session | undefined> {
  // The user and the account, read once (mock/domains/people.ts): the session's rows, which its writes keep current.
  const member = await memberOf(userId, roleId);
  if (!member || member.membership.disabled) return undefined;
  const { user, membership } = member;
  // The company's row, rules and campuses, for the request and its synchronous rules (mock/domains/companyRows.ts).
  const company = await loadCompany(membership.companyId);
  if (!company) return undefined;
  // Permission groups (docs/rules.md#permission-groups-and-data-scope): the group's flags, resolved at every request, so changes apply at once.
  const group = membership.groupId === undefined ? undefined : await groupOf(company.id, membership.groupId);
  const currentUser: CurrentUser = {
    info: { username: user.username, avatar: user.avatar },
    name: user.name,
    role: membership.role,
    roleId: membership.roleId,
    mobile: user.mobile,
    company: { id: company.id, name: company.name, day: company.platform ? 9999 : companyDay(company), ...(company.themeColor ? { themeColor: company.themeColor } : {}) },
    ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
  };
  const permissions: Permissions = { ...(group?.flags ?? membership.flags), name: user.name, companyId: company.id, type: membership.type };
  return { token, user, membership, company, currentUser, permissions, access: access({ currentUser, permissions }), ...(group ? { group } : {}) };
}

/**
 * The session of a request. Both tokens of the login must come together (docs/rules.md#constants-and-limits): a request-token with another
 * session's satoken, or none, is no session (tests: mock/testing.ts `authHeaders` sends both). A session past its
 * idle limit (SESSION_IDLE_MS, 2 hours without a call) or its absolute limit (SESSION_MAX_MS, 7 days after the login)
 * is removed and answers 401; every other call moves its `lastSeenAt` (written at most once a minute, SESSION_TOUCH_MS).
 */
async function sessionOf(db: Db, request: Request): Promise<Session | undefined> {
  const token = request.headers.get('request-token');
  if (!token) return undefined;
  const row = await sessionByToken(token);
  if (!row || request.headers.get('satoken') !== row.satoken) return undefined;
  const now = Date.now();
  if (sessionExpired(row, now)) {
    // Removed although the call then answers 401 (nothing else happened in it).
    keepOnRefusal();
    await deleteSession(token);
    return undefined;
  }
  await touchSession(row, now);
  return buildSession(db, token, row.userId, row.roleId);
}

const utf8 = new TextEncoder();

/**
 * A JSON answer, as `HttpResponse.json` makes it (content type and length), without its `new Blob(...)` just to count
 * the bytes: that Blob was the slowest step of an answer in the server's CPU profile.
 */
export function json(body: unknown, status = 200): Response {
  const text = JSON.stringify(body);
  return new HttpResponse(text, {
    status,
    headers: { 'content-type': 'application/json', 'content-length': String(utf8.encode(text).byteLength) },
  });
}

function fail(status: number, msg: string) {
  return json({ code: status, msg }, status);
}

/**
 * The answer to a database refusal that two requests at once can cause (the SQLSTATE of the error or of its cause):
 * a unique or exclusion constraint met by a concurrent write, a serialization failure or a deadlock is a 409 to try
 * again, never a 500. Other errors: undefined.
 */
export function concurrencyStatus(e: unknown): 409 | undefined {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 5; cur = (cur as { cause?: unknown }).cause, depth += 1) {
    const code = (cur as { code?: unknown }).code;
    if (code === '23505' || code === '23P01' || code === '40001' || code === '40P01') return 409;
  }
  return undefined;
}

export function ok<T>(data: T) {
  return json({ code: 0, data });
}

async function readBody(request: Request, lang: Lang): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'DELETE' || request.method === 'HEAD') return undefined;
  const text = await request.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, message(lang, 'common.invalidJson'));
  }
}

type Method = 'get' | 'post' | 'put' | 'delete';

const PUT_ID = zod.object({ id: idSchema() });

export function api<P extends Record<string, string> = Record<string, string>, S extends z.ZodType = z.ZodType<unknown>>(
  method: Method,
  path: string,
  options: Options<S> & { auth: false },
  handler: (ctx: Omit<Ctx<P>, 'body'> & { body: z.output<S> }) => unknown | Promise<unknown>,
): HttpHandler;
export function api<P extends Record<string, string> = Record<string, string>, S extends z.ZodType = z.ZodType<unknown>>(
  method: Method,
  path: string,
  options: Options<S>,
  handler: (ctx: AuthedCtx<P, z.output<S>>) => unknown | Promise<unknown>,
): HttpHandler;
export function api<P extends Record<string, string>, S extends z.ZodType>(
  method: Method,
  path: string,
  options: Options<S>,
  handler: (ctx: AuthedCtx<P, z.output<S>>) => unknown | Promise<unknown>,
): HttpHandler {
  const rules = rulesOf(options);
  // An update names its row (docs/api.md#writes): a PUT whose body has an `id` field needs it, checked before the
  // rest of the body so the 400 names it (a schema shared with the create has it optional).
  const putId = method === 'put' && !!options.body && shapeOf(options.body)?.id !== undefined;
  const openWhenExpired = (CALLS_OPEN_WHEN_EXPIRED as readonly string[]).includes(`${method.toUpperCase()} ${path}`);
  registry.push({
    method,
    path,
    auth: options.auth !== false,
    self: options.self === true,
    read: options.read,
    write: options.write,
    access: rules,
    hasBody: options.body !== undefined,
    body: options.body,
    labels: options.labels,
    openWhenExpired,
  });
  // One transaction per request (server/db): an answer that is not a success rolls back what the request wrote.
  return http[method](`*${path}`, ({ request, params }) => inTransaction(() => answer(request, params), (res) => !res.ok));
  async function answer(request: Request, params: Record<string, string | readonly string[] | undefined>): Promise<Response> {
    const db = getDb();
    const lang = langOf(request);
    const t = (key: string, values?: Record<string, string | number>) => message(lang, key, values);
    try {
      const session = await sessionOf(db, request);
      if (options.auth !== false && !session) {
        // A session ended because its account was disabled says so (still 401, docs/api.md#error-catalogue; issue 31).
        const disabled = await disabledSessionMessage(db, request, lang);
        return disabled ? json({ code: 401, msg: disabled, reason: 'accountDisabled' }, 401) : fail(401, t('common.unauthorized'));
      }
      // A password set by someone else (a one-time password): only the session's own calls (`self`: user info,
      // menu, the password change) and logout until the person has chosen their own.
      if (options.auth !== false && session?.user.mustChangePassword && !options.self) return fail(403, t('auth.mustChangePassword'));
      // An expired company (docs/rules.md#subscription-and-expiry): only renewal, subscription orders and the session's own calls, one list for all.
      if (options.auth !== false && session?.access.expired && !openWhenExpired) return fail(403, t(session.permissions.type === 0 ? 'common.expiredOwner' : 'common.expiredStaff'));
      if (options.auth !== false && session && !allows(rules, session)) return fail(403, t('common.forbidden'));
      const url = new URL(request.url);
      const query: Record<string, string> = {};
      url.searchParams.forEach((v, k) => {
        query[k] = v;
      });
      const raw = await readBody(request, lang);
      if (putId) parseBody(PUT_ID, raw, lang, options.labels);
      const body = options.body ? parseBody(options.body, raw, lang, options.labels) : raw;
      const rowsOf = <Row>(policy: Policy<Row>): Row[] => {
        if (!session) throw new HttpError(401, t('common.unauthorized'));
        if (!policy.rows) throw new Error(`policy ${policy.name} has no rows`);
        return policy.rows(db, session);
      };
      const targets: WriteEvent['targets'] = [];
      const ctx = {
        db,
        request,
        url,
        query,
        params: params as P,
        lang,
        t,
        bad: (key: string, values?: Record<string, string | number>) => new HttpError(400, t(key, values)),
        body: body as z.output<S>,
        session: session as Session,
        rows: rowsOf,
        scope: <Row>(policy: Policy<Row>) => {
          if (!session) throw new HttpError(401, t('common.unauthorized'));
          if (!policy.where) throw new Error(`policy ${policy.name} has no where`);
          return policy.where(session, db);
        },
        find: async <Row>(policy: Policy<Row>, id: number, what?: string): Promise<Row> => {
          if (!session) throw new HttpError(401, t('common.unauthorized'));
          if (!policy.find) throw new Error(`policy ${policy.name} has no find`);
          const row = Number.isInteger(id) && id > 0 && id <= 2147483647 ? await policy.find(id, policy.where?.(session, db), method !== 'get') : undefined;
          if (!row) throw new HttpError(404, t('common.notFound', { what: t(what ?? `noun.${policy.name}`) }));
          if (method !== 'get' && !targets.some((x) => x.row === row)) targets.push({ policy: policy.name, row, before: structuredClone(row) });
          return row;
        },
        target: <Row>(policy: Policy<Row>, id: number, what?: string): Row => {
          const idOf = policy.idOf ?? ((r: Row) => (r as { id: number }).id);
          const row = Number.isInteger(id) ? rowsOf(policy).find((r) => idOf(r) === id) : undefined;
          // The call's noun, else the policy's (`noun.<name>`, mock/nouns.ts): "Exam not found.", never a policy name.
          if (!row) throw new HttpError(404, t('common.notFound', { what: t(what ?? `noun.${policy.name}`) }));
          if (method !== 'get' && !targets.some((x) => x.row === row)) targets.push({ policy: policy.name, row, before: structuredClone(row) });
          return row;
        },
      };
      if (session) for (const hook of beforeCall) await hook(db, session, query);
      if (session) for (const policy of new Set([options.read, options.write])) await policy?.load?.(db, session);
      if (method !== 'get' && session) for (const hook of beforeWrite) await hook(session);
      const result = await handler(ctx);
      if (method !== 'get' && session && !(result instanceof Response && !result.ok)) {
        for (const hook of onWrite) {
          try {
            await hook({ ctx: ctx as WriteEvent['ctx'], method, path, result, targets });
          } catch {
            /* the audit never breaks a write */
          }
        }
      }
      if (result instanceof Response) return result;
      return ok(result ?? null);
    } catch (e) {
      if (e instanceof HttpError) return fail(e.status, e.message);
      if (concurrencyStatus(e)) return fail(409, t('common.concurrent'));
      return fail(500, t('common.serverError', { detail: e instanceof Error ? e.message : String(e) }));
    }
  }
}

/** The campuses of the caller's company. */
export function companyCampuses(db: Db, s: Session): CampusRow[] {
  return campusesOf(db, s.company.id);
}
