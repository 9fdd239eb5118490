// @vitest-environment node
/** mock/credentials.ts: scrypt hashes that name their cost, constant-time checks, re-hash when the cost changes. */
import { randomBytes, scryptSync } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, hashPasswordSync, needsRehash, oneTimePassword, randomCode, SCRYPT, verifyPassword } from './credentials';
import { resetDb } from './handlers';
import { call, setUserFields, userNamed } from './testing';

/** A hash made outside the module with another cost (N = 2^14), in the stored format. */
function hashWithCost(password: string, logN: number): string {
  const salt = randomBytes(16);
  const N = 2 ** logN;
  const hash = scryptSync(password, salt, 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
  return ['scrypt', logN, 8, 1, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

describe('hash and verify', () => {
  it('a hash names its cost, has a random salt, and verifies only its own password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(new RegExp(`^scrypt\\$${SCRYPT.logN}\\$${SCRYPT.r}\\$${SCRYPT.p}\\$[\\w-]+\\$[\\w-]+$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse', b)).toBe(true);
    expect(await verifyPassword('correct hors', a)).toBe(false);
    expect(await verifyPassword('Correct horse', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
    expect(await verifyPassword('correct horse', hashPasswordSync('correct horse'))).toBe(true);
  });

  it('a malformed, empty or missing hash never matches', async () => {
    const good = await hashPassword('pw123456');
    const parts = good.split('$');
    for (const bad of [undefined, '', 'pw123456', 'scrypt$15$8$1$abc', ['bcrypt', ...parts.slice(1)].join('$'), ['scrypt', 'x', ...parts.slice(2)].join('$'), ['scrypt', '40', ...parts.slice(2)].join('$')]) {
      expect(await verifyPassword('pw123456', bad), String(bad)).toBe(false);
    }
    // A changed hash byte fails too.
    const hash = Buffer.from(parts[5], 'base64url');
    hash[0] ^= 1;
    expect(await verifyPassword('pw123456', [...parts.slice(0, 5), hash.toString('base64url')].join('$'))).toBe(false);
  });

  it('needsRehash: only hashes of another cost (or malformed ones)', async () => {
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    const older = hashWithCost('x', 14);
    expect(needsRehash(older)).toBe(true);
    expect(await verifyPassword('x', older)).toBe(true);
    expect(needsRehash('nonsense')).toBe(true);
  });

  it('one-time passwords and codes are random and of the promised form', () => {
    const pw = new Set(Array.from({ length: 200 }, () => oneTimePassword()));
    expect(pw.size).toBe(200);
    for (const p of pw) expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{12}$/);
    const codes = Array.from({ length: 2000 }, () => randomCode());
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
    expect(codes).not.toContain(undefined);
  });
});

describe('re-hash at login', () => {
  beforeEach(() => {
    resetDb();
  });

  it('a user whose hash has another cost gets a current-cost hash after a successful login, not after a failed one', async () => {
    const { id } = await userNamed('teacher');
    const hash = async () => (await userNamed('teacher')).passwordHash;
    const older = hashWithCost('teacher123', 14);
    await setUserFields(id, { passwordHash: older });
    expect((await call('POST', '/v2/user/login/password', { body: { username: 'teacher', password: 'wrong' } })).status).toBe(400);
    expect(await hash()).toBe(older);
    expect((await call('POST', '/v2/user/login/password', { body: { username: 'teacher', password: 'teacher123' } })).status).toBe(200);
    expect(await hash()).not.toBe(older);
    expect((await hash()).startsWith(`scrypt$${SCRYPT.logN}$${SCRYPT.r}$${SCRYPT.p}$`)).toBe(true);
    expect(needsRehash(await hash())).toBe(false);
    expect((await call('POST', '/v2/user/login/password', { body: { username: 'teacher', password: 'teacher123' } })).status).toBe(200);
  });

  it('no answer carries a password hash', async () => {
    const admin = (await call('POST', '/v2/user/login/password', { body: { username: 'admin', password: 'admin123' } })).body.data.token as string;
    const accounts = await call('GET', '/v2/account_user?pageSize=100', { token: admin });
    expect(accounts.status).toBe(200);
    const info = await call('GET', '/v2/user/info', { token: admin });
    for (const answer of [accounts, info]) {
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain('scrypt$');
      expect(text).not.toMatch(/passwordHash|"password"/);
    }
  });
});
