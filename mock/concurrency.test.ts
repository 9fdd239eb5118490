// @vitest-environment node
/**
 * A write refused by the database because another request got there first (a unique constraint met by a concurrent
 * write, a serialization failure, a deadlock) answers 409 "try again", never a 500 (mock/http.ts `concurrencyStatus`).
 */
import { describe, expect, it } from 'vitest';
import { tx } from '../server/db';
import { invitations } from '../server/db/schema';
import { concurrencyStatus } from './http';
import { mapleTeacherInvitation } from './testing';

describe('database refusals caused by concurrency', () => {
  it('a unique violation from the database, as drizzle throws it, is a 409', async () => {
    await (await tx()).insert(invitations).values(mapleTeacherInvitation());
    const error = await (await tx())
      .insert(invitations)
      .values(mapleTeacherInvitation())
      .then(() => undefined, (e: unknown) => e);
    expect(error).toBeDefined();
    expect(concurrencyStatus(error)).toBe(409);
  });

  it('serialization failures and deadlocks are 409s; other errors are not', () => {
    expect(concurrencyStatus(Object.assign(new Error('could not serialize access'), { code: '40001' }))).toBe(409);
    expect(concurrencyStatus(new Error('wrapped', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) }))).toBe(409);
    expect(concurrencyStatus(Object.assign(new Error('null value in column'), { code: '23502' }))).toBeUndefined();
    expect(concurrencyStatus(new Error('plain'))).toBeUndefined();
    expect(concurrencyStatus(undefined)).toBeUndefined();
  });
});
