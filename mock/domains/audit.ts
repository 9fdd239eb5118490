/**
 * The audit log (PRODUCT.md §5.15, route /operate): ONE mechanism in the write path, not per handler.
 * `mock/http.ts` runs its `onWrite` hooks after every successful write (non-GET, 2xx, with a session); this
 * module records who, company, when, IP, call, target id and the changed fields with before and after:
 *  - rows found with `ctx.target` were snapshotted before the handler ran: the entry keeps the fields that differ
 *    between the snapshot and the live row (a DELETE keeps the snapshot's fields as "before");
 *  - a write without targets (a create, or a handler not yet on `ctx.target`) keeps the returned row's fields as
 *    "after" (one level of nesting, `card.remainingHours`), and pairs `xBefore` / `xAfter` into one change `x`.
 * Failed writes never reach the hooks, so they are not logged.
 */
import type { Db } from '../db';
import { nextId } from '../db';
import { definePolicy, onWrite, type WriteEvent } from '../http';
import { listQuery } from '../list';
import { api } from '../http';
import { addDays, today } from '../clock';
import { createRng } from '../random';
import type { AuditChange, AuditEntry } from '../../src/types/platform';

declare module '../db' {
  interface Db {
    auditLog: AuditEntry[];
  }
}

/** Company users see their own company's log; platform roles see all (route /operate, access `auditLog`). */
export const auditPolicy = definePolicy<AuditEntry>({
  name: 'auditLog',
  read: 'auditLog',
  rows: (db, s) => (s.access.isPlatform ? db.auditLog : db.auditLog.filter((e) => e.companyId === s.company.id)),
});

const MAX_ENTRIES = 20_000;
/** Never in the log: passwords, their hashes, one-time passwords (PRODUCT.md §5.17). */
const SKIP_FIELDS = new Set(['password', 'passwordHash', 'oldPassword', 'newPassword', 'oneTimePassword']);
const pad = (n: number) => String(n).padStart(2, '0');

function stamp(d = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const isPlain = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));

/** Fields that differ between two versions of a row. */
export function diffRows(before: unknown, after: unknown): AuditChange[] {
  const a = isPlain(before) ? before : {};
  const b = isPlain(after) ? after : {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((k) => !SKIP_FIELDS.has(k) && !same(a[k], b[k])).map((k) => ({ field: k, before: clone(a[k]), after: clone(b[k]) }));
}

/**
 * The fields of a returned value: `xBefore` / `xAfter` pairs first (one change `x`), then the fields of the rows it
 * returned that are stored rows (`isStored`: created or touched by the write; derived views are left out) and not
 * targets (already diffed), as "after" values, one level of nesting (`card.remainingHours`).
 */
export function fieldsOf(result: unknown, skip: Set<unknown> = new Set(), isStored: (v: unknown) => boolean = () => true): AuditChange[] {
  if (!isPlain(result) || skip.has(result)) return [];
  const pairs: AuditChange[] = [];
  const rest: AuditChange[] = [];
  const paired = new Set<string>();
  for (const k of Object.keys(result)) {
    const m = /^(.+)Before$/.exec(k);
    if (m && `${m[1]}After` in result) {
      pairs.push({ field: m[1], before: clone(result[k]), after: clone(result[`${m[1]}After`]) });
      paired.add(k).add(`${m[1]}After`);
    }
  }
  const top = isStored(result);
  for (const [k, v] of Object.entries(result)) {
    if (paired.has(k) || SKIP_FIELDS.has(k) || skip.has(v)) continue;
    if (isPlain(v)) {
      if (!isStored(v)) continue;
      for (const [k2, v2] of Object.entries(v)) if (!SKIP_FIELDS.has(k2) && !isPlain(v2)) rest.push({ field: `${k}.${k2}`, after: clone(v2) });
    } else if (top) rest.push({ field: k, after: clone(v) });
  }
  return [...pairs, ...rest];
}

/** The row a write was about: the row it created (returned, not one of its targets), else its first target, else the id it named. */
function targetIdOf(e: WriteEvent, targets: Set<unknown>): number | undefined {
  const r = e.result;
  if (e.method === 'post' && isPlain(r) && !targets.has(r)) {
    if (typeof r.id === 'number') return r.id;
    for (const v of Object.values(r)) if (isPlain(v) && !targets.has(v) && typeof v.id === 'number') return v.id;
  }
  const first = e.targets[0]?.row;
  if (isPlain(first) && typeof first.id === 'number') return first.id;
  const pid = Number(e.ctx.params?.id);
  if (Number.isInteger(pid) && pid > 0) return pid;
  const b = e.ctx.body;
  if (isPlain(b) && typeof b.id === 'number') return b.id;
  if (isPlain(r) && typeof r.id === 'number') return r.id;
  return undefined;
}

export function resourceOf(path: string): string {
  const parts = path.replace(/^\/(v2|api)\//, '').split('/').filter(Boolean);
  return (parts[0] ?? '').replace(/^:/, '') || path;
}

/**
 * The caller's IP: the socket address mock/server.ts puts in x-real-ip (a client cannot set it); when that is a
 * loopback address (a proxy in front on this machine, e.g. the dev proxy) the first x-forwarded-for address;
 * else 127.0.0.1 (msw in-process, vitest).
 */
export function ipOf(request: Request): string {
  const real = (request.headers.get('x-real-ip') || '').replace(/^::ffff:/, '');
  const loopback = !real || real === '127.0.0.1' || real === '::1';
  const fwd = (request.headers.get('x-forwarded-for') || '').split(',')[0].trim();
  if (!loopback) return real;
  return fwd || real || '127.0.0.1';
}

/**
 * Writes that belong in another company's log than the caller's session (call path → that company): an invitation
 * answered by the invited person is the inviting company's event (mock/domains/invitations.ts).
 */
export const auditCompanyOf = new Map<string, (e: WriteEvent) => { id: number; name: string } | undefined>();

export function recordWrite(e: WriteEvent) {
  const { ctx, method } = e;
  const s = ctx.session;
  const company = auditCompanyOf.get(e.path)?.(e) ?? s.company;
  const targets = new Set(e.targets.map((t) => t.row));
  let changes: AuditChange[];
  if (method === 'delete') changes = e.targets.flatMap((t) => diffRows(t.before, undefined));
  else {
    // Rows the write changed (found with ctx.target), then what it returned beyond them (a created row, before/after pairs).
    const prefix = e.targets.length > 1;
    const diffs = e.targets.flatMap((t) => diffRows(t.before, t.row).map((c) => (prefix ? { ...c, field: `${t.policy}.${c.field}` } : c)));
    const tables = Object.values(ctx.db).filter((t): t is unknown[] => Array.isArray(t));
    const isStored = (v: unknown) => tables.some((t) => t.includes(v));
    const returned = method === 'put' ? [] : fieldsOf(e.result, targets, isStored);
    const pairs = returned.filter((c) => c.before !== undefined);
    const rest = returned.filter((c) => c.before === undefined);
    changes = [...pairs, ...(diffs.length && rest.length ? diffs.map((c) => (prefix || c.field.includes('.') ? c : { ...c, field: `${e.targets[0].policy}.${c.field}` })) : diffs), ...rest];
  }
  const action: AuditEntry['action'] = method === 'delete' ? 'delete' : method === 'put' ? 'update' : e.targets.length ? 'action' : 'create';
  const db = ctx.db;
  db.auditLog ??= [];
  db.auditLog.push({
    id: nextId(db, 'auditLog'),
    at: stamp(),
    companyId: company.id,
    companyName: company.name,
    userId: s.user.id,
    userName: s.user.name,
    role: s.membership.role,
    ip: ipOf(ctx.request),
    method: method.toUpperCase(),
    path: ctx.url.pathname,
    resource: resourceOf(e.path),
    targetId: targetIdOf(e, targets),
    action,
    changes,
  });
  if (db.auditLog.length > MAX_ENTRIES) db.auditLog.splice(0, db.auditLog.length - MAX_ENTRIES);
}

onWrite.push(recordWrite);

/** A few weeks of earlier writes, so /operate opens on a real history (the live mechanism adds to it). */
export function seedAudit(db: Db) {
  db.auditLog = [];
  const rng = createRng(1414);
  const t = today();
  const users = [
    { userId: 2, userName: '周晓彤', role: 'dealer', companyId: 2, companyName: 'Starlight Dance' },
    { userId: 3, userName: '陈嘉怡', role: 'manager', companyId: 2, companyName: 'Starlight Dance' },
    { userId: 5, userName: '李浩然', role: 'sales', companyId: 2, companyName: 'Starlight Dance' },
    { userId: 9, userName: '何梦琪', role: 'dealer', companyId: 3, companyName: 'Sunrise Art' },
    { userId: 1, userName: '林思远', role: 'admin', companyId: 1, companyName: 'Campus Console Platform' },
  ];
  const kinds: ((u: (typeof users)[number]) => Omit<AuditEntry, 'id' | 'at' | 'ip' | keyof (typeof users)[number]>)[] = [
    () => {
      const before = rng.int(2, 12);
      const add = rng.pick([24, 36, 48]);
      return { method: 'POST', path: '/v2/student_card/renew', resource: 'student_card', targetId: rng.int(1, 380), action: 'create', changes: [{ field: 'balance', before, after: before + add }, { field: 'order.amount', after: add * 95 }] };
    },
    () => ({ method: 'PUT', path: '/v2/student', resource: 'student', targetId: rng.int(1, 400), action: 'update', changes: [{ field: 'remark', before: '', after: rng.pick(['周末班优先', 'Prefers Saturday classes', '家长要求调班']) }] }),
    () => ({ method: 'POST', path: '/v2/customer/follow_up', resource: 'customer', targetId: rng.int(1, 600), action: 'create', changes: [{ field: 'status', before: 'following', after: rng.pick(['following', 'trial', 'formal']) }] }),
    () => ({ method: 'PUT', path: '/v2/company_class', resource: 'company_class', targetId: rng.int(1, 30), action: 'update', changes: [{ field: 'capacity', before: 12, after: rng.pick([14, 15, 16]) }] }),
  ];
  for (let i = 0; i < 80; i += 1) {
    const u = rng.pick(users.slice(0, 4));
    const day = addDays(t, -rng.int(1, 40));
    const at = `${day} ${pad(rng.int(8, 20))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}`;
    db.auditLog.push({ id: 0, at, ip: `10.0.${rng.int(1, 9)}.${rng.int(2, 250)}`, ...u, ...rng.pick(kinds)(u) } as AuditEntry);
  }
  const admin = users[4];
  for (const [companyId, days] of [[4, 365], [3, 90]] as const) {
    const day = addDays(t, -rng.int(60, 200));
    db.auditLog.push({ id: 0, at: `${day} 10:0${companyId}:00`, ip: '10.0.0.8', ...admin, method: 'POST', path: '/v2/company_kt/renew_valid_day', resource: 'company_kt', targetId: companyId, action: 'action', changes: [{ field: 'validUntil', before: addDays(day, 3), after: addDays(day, 3 + days) }] });
  }
  db.auditLog.sort((a, b) => a.at.localeCompare(b.at));
  db.auditLog.forEach((e) => {
    e.id = nextId(db, 'auditLog');
  });
}

export const auditHandlers = [
  api('get', '/v2/operate_log', { read: auditPolicy }, (ctx) =>
    listQuery(
      ctx.rows(auditPolicy),
      ctx.query,
      {
        keywordFields: ['path', 'userName', 'companyName', 'ip'],
        equalFields: ['companyId', 'userId', 'resource', 'method', 'action'],
        filters: { targetId: (r, v) => String(r.targetId ?? '') === v },
        dateField: 'at',
        sortable: ['at', 'companyName', 'userName', 'resource'],
        defaultSort: { field: 'at', order: 'descend' },
      },
      ctx.lang,
    ),
  ),

  /** The filter options of /operate: the companies, users and resources present in the caller's log. */
  api('get', '/v2/operate_log/options', { read: auditPolicy }, (ctx) => {
    const rows = ctx.rows(auditPolicy);
    const companies = new Map<number, string>();
    const users = new Map<number, string>();
    const resources = new Set<string>();
    for (const r of rows) {
      companies.set(r.companyId, r.companyName);
      users.set(r.userId, r.userName);
      resources.add(r.resource);
    }
    return {
      companies: [...companies].map(([value, label]) => ({ value, label })),
      users: [...users].map(([value, label]) => ({ value, label })),
      resources: [...resources].sort(),
    };
  }),
];
