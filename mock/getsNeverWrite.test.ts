// @vitest-environment node
/**
 * Issue 32: a GET never writes. Every GET the backend registers, called by each kind of account (with an id that
 * exists in place of a path parameter), leaves every table of the database as it was; the one write a read may do is
 * a session's last-call time (at most once a minute), so sessions are compared without it. Logout is a GET by the
 * specification and ends its session: it is left out.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tx } from '../server/db';
import { resetDb } from './handlers';
import { registry } from './http';
import { call, loginToken } from './testing';

/** A fingerprint of every table in the database (sessions without their last-call time). */
async function fingerprint(): Promise<Record<string, string>> {
  const t = await tx();
  const rows = async <R>(q: ReturnType<typeof sql>) => ((await t.execute(q)) as unknown as { rows: R[] }).rows;
  const tables = await rows<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const out: Record<string, string> = {};
  for (const { tablename } of tables) {
    const row = tablename === 'sessions' ? sql.raw(`(to_jsonb(t) - 'last_seen_at')`) : sql.raw('to_jsonb(t)');
    const [r] = await rows<{ n: number; h: string }>(sql`select count(*)::int as n, md5(coalesce(string_agg(${row}::text, '|' order by ${row}::text), '')) as h from ${sql.identifier(tablename)} t`);
    out[tablename] = `${r.n}:${r.h}`;
  }
  return out;
}

const ROLES = ['dealer', 'manager', 'teacher', 'sales', 'customer', 'admin'] as const;

describe('a GET never writes', () => {
  beforeAll(() => {
    resetDb();
  });

  it('every registered GET, called by every kind of account, leaves every table as it was', async () => {
    const tokens = await Promise.all(ROLES.map((r) => loginToken(r)));
    // Logout is a GET by the specification (SPEC §8) and ends its session: the one read that writes.
    const gets = registry.filter((c) => c.method === 'get' && !c.path.startsWith('/v2/__test__') && c.path !== '/v2/user/login/logout');
    expect(gets.length).toBeGreaterThan(100);
    const before = await fingerprint();
    let answered = 0;
    for (const c of gets) {
      const path = c.path.replace(/:[a-zA-Z]+/g, '1');
      for (const token of [undefined, ...tokens]) {
        const r = await call('GET', path, { token });
        expect(r.status, `GET ${path}`).toBeLessThan(500);
        if (r.status === 200) answered += 1;
      }
    }
    // Most calls answer (this is no test of refusals only).
    expect(answered).toBeGreaterThan(gets.length);
    const after = await fingerprint();
    const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
    expect(changed).toEqual([]);
    // The fingerprint sees a write: the logout ends its session.
    expect((await call('GET', '/v2/user/login/logout', { token: tokens[0] })).status).toBe(200);
    const out = await fingerprint();
    expect(Object.keys(out).filter((k) => out[k] !== after[k])).toEqual(['sessions']);
  }, 600_000);
});
