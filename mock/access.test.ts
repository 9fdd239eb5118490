// @vitest-environment node
/**
 * The handler-enumeration test (issue 8): every registered call declares its access rule in one place.
 *  - a call is public (`auth: false`, only the login, SMS, logout and public-form calls), about the caller's own
 *    session (`self`), or has a rule beyond "logged in" (a policy, or a non-trivial `access` rule);
 *  - a write over a resource uses the same policy as the read of that resource's path.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from './handlers';
import { registry, type RegisteredCall } from './http';

/** Rules that say no more than "logged in". */
const TRIVIAL = new Set(['loggedIn', 'everyone']);
/** Calls that may run without a session: logins, SMS, logout, public pages. */
const PUBLIC = /^\/(v2\/user\/login\/|api\/send\/sms$|v2\/public\/)/;

const key = (c: RegisteredCall) => `${c.method.toUpperCase()} ${c.path}`;
/**
 * The resource path of a call: `/v2/x/:id` and `/v2/x/list` → `/v2/x`. (SPEC paths may serve two audiences: GET
 * /v2/package is the stores' catalogue, the platform's own list is /v2/package/list with the policy of its writes.)
 */
const resource = (path: string) => path.replace(/\/(:[^/]+|list)$/, '');

describe('every mock call declares its access (mock/http.ts registry)', () => {
  it('registers every handler (the registry is complete)', () => {
    expect(handlers.length).toBeGreaterThan(100);
    expect(registry.length).toBeGreaterThan(100);
  });

  it('no call returning company data is open to any logged-in user', () => {
    const open = registry.filter((c) => {
      if (!c.auth || c.self || c.read || c.write) return false;
      const meaningful = c.access.filter((r) => typeof r === 'function' || !TRIVIAL.has(r));
      return meaningful.length === 0;
    });
    expect(open.map(key)).toEqual([]);
  });

  it('only login, SMS, logout and public-form calls run without a session', () => {
    expect(registry.filter((c) => !c.auth && !PUBLIC.test(c.path)).map(key)).toEqual([]);
  });

  it("a write's policy is the read policy of the same resource path", () => {
    const reads = new Map<string, RegisteredCall[]>();
    for (const c of registry) {
      if (c.method !== 'get' || !c.read) continue;
      const r = resource(c.path);
      reads.set(r, [...(reads.get(r) ?? []), c]);
    }
    const mismatched: string[] = [];
    for (const c of registry) {
      if (c.method === 'get' || !c.auth || c.self) continue;
      const same = reads.get(resource(c.path)) ?? [];
      if (!same.length) continue;
      const policy = c.write ?? c.read;
      if (!policy) mismatched.push(`${key(c)}: no policy (reads use ${same[0].read!.name})`);
      else if (!same.some((r) => r.read === policy)) mismatched.push(`${key(c)}: ${policy.name} ≠ ${same.map((r) => r.read!.name).join(' / ')}`);
    }
    expect(mismatched).toEqual([]);
  });

  it('writes name a policy whose rows find their targets', () => {
    const missing = registry.filter((c) => c.write && !c.write.rows).map(key);
    expect(missing).toEqual([]);
  });
});
