// @vitest-environment node
/**
 * The test reset's kept seed (mock/db.ts `resetDb`, server/db `resetTables`): from the second seed in a row with the
 * same key, a reset copies the tables back instead of seeding again. What it restores must be the seed exactly: every
 * row of every table, the next id of each, and the in-process tables.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engine, tableNames, tx } from '../server/db';
import { getDb, keptSeedServes, SEED_SNAPSHOT_MAX_AGE_MS } from './db';
import { resetDb } from './handlers';
import { call, loginToken } from './testing';

/** Every row of every table in a stable order, and every identity's state. */
async function dump(): Promise<{ tables: Record<string, string>; sequences: string }> {
  const t = await tx();
  const tables: Record<string, string> = {};
  for (const name of tableNames()) {
    const res = (await t.execute(sql.raw(`select coalesce(json_agg(x order by x::text), '[]')::text as rows from public."${name}" x`))) as unknown as { rows: { rows: string }[] };
    tables[name] = res.rows[0].rows;
  }
  // Each identity's own state (pg_sequences shows no value for one set but not yet called).
  const names = ((await t.execute(sql.raw(`select sequencename as name from pg_sequences where schemaname = 'public' order by 1`))) as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
  const seq = (await t.execute(sql.raw(names.map((n) => `select '${n}' as name, last_value, is_called from public."${n}"`).join(' union all ')))) as unknown as { rows: unknown[] };
  return { tables, sequences: JSON.stringify(seq.rows) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the kept seed', () => {
  it('restores every table, every next id and the in-process tables exactly as the seed wrote them, after writes', async () => {
    // A clock that stands still (the seed dates nothing after it).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T15:30:00'));
    await engine();
    resetDb();
    // The second seed in a row with the same key is kept (a seed has random parts: web page codes, tokens).
    resetDb();
    const seeded = await dump();
    const memory = JSON.stringify(getDb());

    // Writes: a student (a row and an id), then the reset.
    const token = await loginToken('manager');
    const created = await call('POST', '/v2/student', { token, body: { campusId: 1, name: 'Snapshot Test', mobile: '13900006666', gender: 'female' } });
    expect(created.body.code).toBe(0);
    expect(await dump()).not.toEqual(seeded);
    vi.setSystemTime(new Date('2026-11-20T15:31:00'));
    resetDb();
    expect(await dump()).toEqual(seeded);
    expect(JSON.stringify(getDb())).toBe(memory);
    // The next row takes the id a seed from scratch would give it.
    const again = await call('POST', '/v2/student', { token: await loginToken('manager'), body: { campusId: 1, name: 'Snapshot Test', mobile: '13900006666', gender: 'female' } });
    expect(again.body).toMatchObject({ code: 0 });
    expect(again.body.data.id).toBe(created.body.data.id);
    // The restored in-process tables are a copy: what a request changes there does not reach the kept seed.
    resetDb();
    expect(JSON.stringify(getDb())).toBe(memory);
  });

  it('stands in only for the same mode, day and scale, never before its own time, for a few minutes', () => {
    const at = new Date('2026-11-20T15:30:00').getTime();
    const kept = { key: 'k', at };
    expect(keptSeedServes(kept, 'k', at)).toBe(true);
    expect(keptSeedServes(kept, 'k', at + SEED_SNAPSHOT_MAX_AGE_MS - 1)).toBe(true);
    expect(keptSeedServes(kept, 'k', at + SEED_SNAPSHOT_MAX_AGE_MS)).toBe(false);
    expect(keptSeedServes(kept, 'k', at - 1)).toBe(false);
    expect(keptSeedServes(kept, 'other', at)).toBe(false);
  });
});
