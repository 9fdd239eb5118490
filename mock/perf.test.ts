// @vitest-environment node
/**
 * MOCK_SCALE=large (20 000 students), built once here (issue 8):
 * - seed truth: every card of the large seed (./seedChecks.ts; the normal seed in ./seed.test.ts);
 * - the list budget: every list, option and overview GET of the dealer (every registered GET without a path
 *   parameter, first page, default sort) costs at most 150 ms of CPU, warm (median of 3 after a warm-up), and so
 *   does the FIRST call of each finance and ledger list after a write (roll call, undo, sale, return, review,
 *   journal entry; best of 2 rounds), so caches must be updated narrowly, not rebuilt (./bench.ts). A call over the
 *   budget is measured again (at most twice, or one more round of writes) and keeps its lowest figure: a busy
 *   machine adds CPU time (other processes on the same cores, a garbage collection), a costly call fails each time.
 * CPU time, not wall time: it is what the call costs, and it grows far less than wall time on a busy machine (the
 * CPU of the test's own thread, see ./bench.ts). Analyze calls have their own budget (500 ms,
 * ./analysisPerf.test.ts, issue 15) and are left out here. Part of `npm test` (the large seed costs about 15 s of
 * CPU, the calls a few seconds).
 * MOCK_BENCH=1 prints the tables (wall and CPU per call, the load average, the seed's build time);
 * MOCK_BENCH_STRICT=1 also holds the wall times to the budget (on a quiet machine).
 */
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDb } from './handlers';
import type { Db } from './db';
import { loginToken, studentsIn } from './testing';
import { benchAfterWrites, benchGets, benchTable, cpuMs, LISTS_AFTER_WRITES, type BenchRow } from './bench';
import { ledgerProblems } from './seedChecks';

const BUDGET_MS = 150;
const print = process.env.MOCK_BENCH === '1';
const strictWall = process.env.MOCK_BENCH_STRICT === '1';
/** Calls with a budget of their own (./analysisPerf.test.ts). */
const elsewhere = (path: string) => path.startsWith('/v2/company_kt/analyze');

/** Each row of `rows` with the lower CPU (and its wall time) of itself and the same call in `again`. */
const keepLowest = (rows: BenchRow[], again: BenchRow[]) =>
  rows.map((r) => {
    const b = again.find((x) => x.path === r.path);
    return b && b.cpu < r.cpu ? b : r;
  });

const over = (rows: BenchRow[]) => rows.filter((r) => r.cpu > BUDGET_MS || (strictWall && r.ms > BUDGET_MS)).map((r) => `${r.path}: ${r.cpu} ms CPU, ${r.ms} ms wall`);

describe('MOCK_SCALE=large', () => {
  const before = process.env.MOCK_SCALE;
  let db: Db;
  let token: string;
  beforeAll(async () => {
    process.env.MOCK_SCALE = 'large';
    const t0 = performance.now();
    const c0 = cpuMs();
    db = resetDb();
    if (print) console.log(`large seed: ${Math.round(performance.now() - t0)} ms wall, ${Math.round(cpuMs() - c0)} ms CPU`);
    token = await loginToken('dealer');
  }, 300_000);
  afterAll(() => {
    if (before === undefined) delete process.env.MOCK_SCALE;
    else process.env.MOCK_SCALE = before;
    resetDb();
  });

  it('seed truth: every card of the large seed', async () => {
    expect((await studentsIn(2)).length).toBeGreaterThanOrEqual(20_000);
    expect(ledgerProblems(db).slice(0, 10)).toEqual([]);
  });

  it(`every list, option and overview call of the dealer: at most ${BUDGET_MS} ms of CPU`, { timeout: 600_000 }, async () => {
    let rows = await benchGets(token, { skip: elsewhere });
    if (print) console.log(benchTable(rows, os.loadavg()));
    expect(rows.length).toBeGreaterThan(100);
    // A call over the budget is measured again (twice at most) and keeps its lowest median: what another process or a
    // collection of garbage adds on a busy machine is noise, while a call that costs more fails every time.
    for (let again = 0; again < 2 && over(rows).length; again += 1) {
      const slow = new Set(rows.filter((r) => r.cpu > BUDGET_MS || (strictWall && r.ms > BUDGET_MS)).map((r) => r.path));
      rows = keepLowest(rows, await benchGets(token, { skip: (path) => !slow.has(path) }));
    }
    expect(over(rows)).toEqual([]);
  });

  it(`the first list calls after a write: at most ${BUDGET_MS} ms of CPU`, { timeout: 600_000 }, async () => {
    let rows = await benchAfterWrites(token, 2);
    if (print) console.log(benchTable(rows, os.loadavg()));
    expect(rows.length).toBe(6 * LISTS_AFTER_WRITES.length);
    // As above: one more round of fresh writes when a call came out over the budget.
    if (over(rows).length) rows = keepLowest(rows, await benchAfterWrites(token, 1));
    expect(over(rows)).toEqual([]);
  });
});
