// @vitest-environment node
/**
 * The planner's statistics (server/db `analyzeChanged`): the embedded engine has no autovacuum, so a seed or a start
 * takes them for the tables that changed much. Without them a seed's 20,000 students were planned as 46 rows.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyzeChanged, engine, tx } from '../server/db';
import { resetDb } from './handlers';

async function lastAnalyzed(table: string): Promise<{ analyzed: boolean; changed: number }> {
  const res = (await (await tx()).execute(sql`select last_analyze is not null as analyzed, n_mod_since_analyze::int as changed from pg_stat_user_tables where schemaname = 'public' and relname = ${table}`)) as unknown as {
    rows: { analyzed: boolean; changed: number }[];
  };
  return res.rows[0];
}

describe('planner statistics', () => {
  it('the seed leaves no table that changed by a thousand rows without statistics; small changes wait', async () => {
    resetDb();
    // Attendances are seeded by the thousand: the seed took their statistics.
    expect(await lastAnalyzed('attendances')).toEqual({ analyzed: true, changed: 0 });
    expect(await analyzeChanged(await engine())).toEqual([]);
    // A few rows written after do not call for new statistics.
    await (await tx()).execute(sql`insert into app_meta (key, value) values ('statistics test', 'x')`);
    expect(await analyzeChanged(await engine())).toEqual([]);
    // A thousand do.
    await (await tx()).execute(sql`insert into app_meta (key, value) select 'row ' || n, 'x' from generate_series(1, 1000) n`);
    expect(await analyzeChanged(await engine())).toEqual(['app_meta']);
    expect((await lastAnalyzed('app_meta')).changed).toBe(0);
  });
});
