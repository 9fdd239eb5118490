/**
 * How every mock call is written: `api(method, path, options, handler)`.
 * It resolves the session from the `request-token` header (401 when missing, unknown or logged out), computes the
 * caller's access with the app's own src/access.ts and refuses (403) what `options.access` does not allow,
 * parses and validates the body, and wraps results in the `{ code: 0, data }` envelope. A handler throws
 * `HttpError` for 400/403/404 answers; anything else thrown becomes a 500 with a message.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import access, { type Access, type AccessKey } from '../src/access';
import type { CurrentUser, Permissions } from '../src/types/session';
import { getDb, type CampusRow, type CompanyRow, type Db, type MembershipRow, type UserRow } from './db';
import { langOf, message, type Lang } from './messages';
import { daysLeft } from '../src/utils/expiry';
import { today } from './clock';

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

export interface AuthedCtx<P = Record<string, string>> extends Ctx<P> {
  session: Session;
}

type AccessRule = AccessKey | ((a: Access, s: Session) => boolean);

interface Options {
  /** Default true: a session is required. */
  auth?: boolean;
  /** Every listed rule must allow the call (403 otherwise). */
  access?: AccessRule | AccessRule[];
}

export function companyDay(company: CompanyRow): number {
  return daysLeft(company.validUntil, today());
}

export function buildSession(db: Db, token: string, userId: number, roleId: number): Session | undefined {
  const user = db.users.find((u) => u.id === userId);
  const membership = db.memberships.find((m) => m.roleId === roleId && m.userId === userId);
  const company = membership && db.companies.find((c) => c.id === membership.companyId);
  if (!user || !membership || !company) return undefined;
  const currentUser: CurrentUser = {
    info: { username: user.username, avatar: user.avatar },
    name: user.name,
    role: membership.role,
    roleId: membership.roleId,
    mobile: user.mobile,
    company: { id: company.id, name: company.name, day: company.platform ? 9999 : companyDay(company) },
  };
  const permissions: Permissions = { ...membership.flags, name: user.name, companyId: company.id, type: membership.type };
  return { token, user, membership, company, currentUser, permissions, access: access({ currentUser, permissions }) };
}

function sessionOf(db: Db, request: Request): Session | undefined {
  const token = request.headers.get('request-token');
  if (!token) return undefined;
  const row = db.sessions.get(token);
  if (!row) return undefined;
  return buildSession(db, token, row.userId, row.roleId);
}

function fail(status: number, msg: string) {
  return HttpResponse.json({ code: status, msg }, { status });
}

export function ok<T>(data: T) {
  return HttpResponse.json({ code: 0, data });
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

export function api<P extends Record<string, string> = Record<string, string>>(
  method: Method,
  path: string,
  options: Options & { auth: false },
  handler: (ctx: Ctx<P>) => unknown | Promise<unknown>,
): HttpHandler;
export function api<P extends Record<string, string> = Record<string, string>>(
  method: Method,
  path: string,
  options: Options,
  handler: (ctx: AuthedCtx<P>) => unknown | Promise<unknown>,
): HttpHandler;
export function api<P extends Record<string, string>>(
  method: Method,
  path: string,
  options: Options,
  handler: (ctx: AuthedCtx<P>) => unknown | Promise<unknown>,
): HttpHandler {
  return http[method](`*${path}`, async ({ request, params }) => {
    const db = getDb();
    const lang = langOf(request);
    const t = (key: string, values?: Record<string, string | number>) => message(lang, key, values);
    try {
      const session = sessionOf(db, request);
      if (options.auth !== false && !session) return fail(401, t('common.unauthorized'));
      if (session && options.access) {
        const rules = Array.isArray(options.access) ? options.access : [options.access];
        const allowed = rules.every((r) => (typeof r === 'function' ? r(session.access, session) : session.access[r]));
        if (!allowed) return fail(403, t('common.forbidden'));
      }
      const url = new URL(request.url);
      const query: Record<string, string> = {};
      url.searchParams.forEach((v, k) => {
        query[k] = v;
      });
      const body = await readBody(request, lang);
      const ctx = {
        db,
        request,
        url,
        query,
        params: params as P,
        lang,
        t,
        bad: (key: string, values?: Record<string, string | number>) => new HttpError(400, t(key, values)),
        body,
        session: session as Session,
      };
      const result = await handler(ctx);
      if (result instanceof Response) return result;
      return ok(result ?? null);
    } catch (e) {
      if (e instanceof HttpError) return fail(e.status, e.message);
      return fail(500, t('common.serverError', { detail: e instanceof Error ? e.message : String(e) }));
    }
  });
}

/** The campuses of the caller's company. */
export function companyCampuses(db: Db, s: Session): CampusRow[] {
  return db.campuses.filter((c) => c.companyId === s.company.id);
}
