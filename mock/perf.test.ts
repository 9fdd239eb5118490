// @vitest-environment node
/**
 * List timings at MOCK_SCALE=large (issue 8: every list call under 150 ms). Skipped unless MOCK_BENCH=1:
 *   MOCK_BENCH=1 npx vitest run mock/perf.test.ts
 * Every registered GET without a path parameter is called as the demo dealer (first page, default sort), three
 * times after a warm-up; the medians of wall time and of the process's CPU time (less sensitive to a busy machine)
 * are printed (slowest first); MOCK_BENCH_STRICT=1 checks the wall times against the budget.
 */
import { describe, expect, it } from 'vitest';
import { registry } from './http';
import { resetDb } from './handlers';
import { call, loginToken } from './testing';
import { today } from './clock';

const BUDGET_MS = 150;
const enabled = process.env.MOCK_BENCH === '1';

/** Query parameters some calls need. */
function queryOf(path: string): string {
  const t = today();
  const month = t.slice(0, 7);
  const q: Record<string, string> = {
    '/v2/lesson/range': `startDate=${t}&endDate=${t}`,
    '/v2/lesson/calendar': `month=${month}`,
    '/v2/customer/fast_check': 'mobile=13800000000',
    '/v2/customer_follow_up': 'leadId=1',
    '/v2/gather_submission': 'formId=1',
    '/v2/student_card/options': 'studentId=1',
  };
  return q[path] ?? '';
}

describe.skipIf(!enabled)('list timings at MOCK_SCALE=large', () => {
  it('every GET call of the dealer', { timeout: 900_000 }, async () => {
    const before = process.env.MOCK_SCALE;
    process.env.MOCK_SCALE = 'large';
    resetDb();
    const token = await loginToken('dealer');
    const gets = registry.filter((c) => c.method === 'get' && c.auth && !c.path.includes(':'));
    const rows: { path: string; status: number; ms: number; cpu: number }[] = [];
    for (const c of gets) {
      const q = queryOf(c.path);
      const url = q ? `${c.path}?${q}` : c.path;
      const first = await call('GET', url, { token });
      const times: number[] = [];
      const cpus: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        await call('GET', url, { token });
        const dc = process.cpuUsage(c0);
        times.push(performance.now() - t0);
        cpus.push((dc.user + dc.system) / 1000);
      }
      times.sort((a, b) => a - b);
      cpus.sort((a, b) => a - b);
      rows.push({ path: c.path, status: first.status, ms: Math.round(times[1] * 10) / 10, cpu: Math.round(cpus[1] * 10) / 10 });
    }
    rows.sort((a, b) => b.ms - a.ms);
    console.log(`load average ${(await import('node:os')).loadavg().map((n) => n.toFixed(1)).join(' ')}\n    wall       cpu  status  call`);
    console.log(rows.map((r) => `${String(r.ms).padStart(8)} ms ${String(r.cpu).padStart(8)} ms  ${r.status}  ${r.path}`).join('\n'));
    if (before === undefined) delete process.env.MOCK_SCALE;
    else process.env.MOCK_SCALE = before;
    resetDb();
    if (process.env.MOCK_BENCH_STRICT === '1') expect(rows.filter((r) => r.ms > BUDGET_MS)).toEqual([]);
  });
});
