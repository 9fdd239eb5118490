/**
 * The list bench (issue 8: every list call under 150 ms at MOCK_SCALE=large), shared by mock/perf.test.ts.
 * - `benchGets`: every registered GET without a path parameter, called as the given session (first page, default
 *   sort), once to warm up and then `runs` times; the medians of wall time and of CPU time.
 * - `benchAfterWrites`: a write (roll call, its undo, card sale, return and its review, journal entry), then the FIRST
 *   call of each list the write changes: caches must be updated incrementally or invalidated narrowly, not rebuilt
 *   for the whole company. Done `rounds` times with fresh writes; the lowest of the rounds is kept (a garbage
 *   collection of the large heap may land in one first call, a rebuild lands in every round).
 * CPU time is that of the calling thread (`/proc/thread-self/schedstat`, in ns, Linux): the mock's handlers run in the
 * test's thread, so other vitest workers (threads of the same process) and a busy machine do not count; elsewhere the
 * process's CPU time (`process.cpuUsage`).
 */
import fs from 'node:fs';
import { registry } from './http';
import { getDb } from './db';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { tx } from '../server/db';
import { arrearsItems, campuses, staff } from '../server/db/schema';
import { allCardTemplates, call, lessonsIn, rowsOf, studentsIn } from './testing';
import { today } from './clock';

export interface BenchRow {
  path: string;
  status: number;
  /** Wall ms (median). */
  ms: number;
  /** CPU ms of the process (median). */
  cpu: number;
}

/** Query parameters some calls need. */
export function queryOf(path: string): string {
  const t = today();
  const month = t.slice(0, 7);
  const q: Record<string, string> = {
    '/v2/lesson/range': `startDate=${t}&endDate=${t}`,
    '/v2/lesson/calendar': `month=${month}`,
    '/v2/customer/fast_check': 'mobile=13800000000',
    '/v2/customer_follow_up': 'leadId=1',
    '/v2/gather_submission': 'formId=1',
    '/v2/student_card/options': 'studentId=1',
    '/v2/finance/revenue/records': `month=${month}&figure=recognisedLessons`,
  };
  return q[path] ?? '';
}

const round1 = (n: number) => Math.round(n * 10) / 10;

const SCHEDSTAT = '/proc/thread-self/schedstat';
const perThread = (() => {
  try {
    return Number.isFinite(Number(fs.readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]));
  } catch {
    return false;
  }
})();

/** CPU ms used so far by this thread (Linux), else by the process. */
export function cpuMs(): number {
  if (perThread) return Number(fs.readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** What `cpuMs` measures, for the printed table. */
export const CPU_CLOCK = perThread ? 'CPU of the test thread' : 'CPU of the process';

/** Wall and CPU ms of one call. */
export async function timeCall(url: string, token: string): Promise<{ status: number; ms: number; cpu: number }> {
  const t0 = performance.now();
  const c0 = cpuMs();
  const res = await call('GET', url, { token });
  const cpu = cpuMs() - c0;
  return { status: res.status, ms: round1(performance.now() - t0), cpu: round1(cpu) };
}

export async function benchGets(token: string, opts: { runs?: number; skip?: (path: string) => boolean } = {}): Promise<BenchRow[]> {
  const runs = opts.runs ?? 3;
  const gets = registry.filter((c) => c.method === 'get' && c.auth && !c.path.includes(':') && !opts.skip?.(c.path));
  const rows: BenchRow[] = [];
  for (const c of gets) {
    const q = queryOf(c.path);
    const url = q ? `${c.path}?${q}` : c.path;
    const first = await call('GET', url, { token });
    const times: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const r = await timeCall(url, token);
      times.push(r.ms);
      cpus.push(r.cpu);
    }
    times.sort((a, b) => a - b);
    cpus.sort((a, b) => a - b);
    rows.push({ path: c.path, status: first.status, ms: times[runs >> 1], cpu: cpus[runs >> 1] });
  }
  return rows.sort((a, b) => b.cpu - a.cpu);
}

/** The lists a ledger or journal write changes. */
export const LISTS_AFTER_WRITES = [
  '/v2/finance/revenue',
  '/v2/finance/accrual',
  '/v2/finance/accrual/cards',
  '/v2/bill',
  '/v2/bill/balances',
  '/v2/hour_record',
  '/v2/student_card',
  '/v2/card_order',
  '/v2/student',
  '/v2/student_card/renew_remind',
  '/v2/attendance',
  '/v2/lesson',
];

/** Each write, then the first call of every list of `LISTS_AFTER_WRITES` (rows named `write → list`), `rounds` times. */
export async function benchAfterWrites(token: string, rounds = 1): Promise<BenchRow[]> {
  const db = getDb();
  const t = today();
  const best = new Map<string, BenchRow>();
  const after = async (label: string, write: () => Promise<{ status: number; body: { msg?: string } }>) => {
    const w = await write();
    if (w.status !== 200) throw new Error(`${label}: ${w.status} ${w.body.msg ?? ''}`);
    for (const path of LISTS_AFTER_WRITES) {
      const r = await timeCall(path, token);
      const name = `${label} → ${path}`;
      const had = best.get(name);
      if (!had || r.cpu < had.cpu) best.set(name, { path: name, ...r });
    }
  };
  const done = new Set<number>();
  for (let round = 0; round < rounds; round += 1) {
    const lesson = (await lessonsIn(2)).find((l) => l.date === t && l.status === 'scheduled' && !l.rollCalledAt && !done.has(l.id));
    if (lesson) {
      done.add(lesson.id);
      const view = await call('GET', `/v2/lesson/${lesson.id}/roll_call`, { token });
      const marks = (view.body.data.students as { studentId: number }[]).map((s) => ({ studentId: s.studentId, mark: 'present' }));
      await after('roll call', () => call('POST', '/v2/lesson/roll_call', { token, body: { lessonId: lesson.id, marks } }));
      await after('roll call undo', () => call('POST', '/v2/lesson/roll_call/undo', { token, body: { lessonId: lesson.id } }));
    }
    // Students who owe no lessons: a sale first settles open arrears (docs/rules.md#arrears), the return needs hours left.
    const owing = new Set((await rowsOf(arrearsItems)).filter((a) => a.companyId === 2 && a.status === 'open').map((a) => a.studentId));
    const student = (await studentsIn(2)).filter((s) => s.status === 'active' && !owing.has(s.id))[round];
    // The student's campus stays open for the sale (a branch past its validity refuses it).
    await (await tx()).update(campuses).set({ validUntil: '2099-12-31' }).where(and(eq(campuses.id, student.campusId), lt(campuses.validUntil, t)));
    const tpl = (await allCardTemplates()).find((x) => x.companyId === 2 && x.onSale && x.kind === 'count')!;
    const [seller] = await (await tx()).select({ id: staff.id }).from(staff).where(eq(staff.companyId, 2)).orderBy(sql`${staff.role} <> 'sales'`, asc(staff.id)).limit(1);
    let cardId = 0;
    await after('card sale', async () => {
      const r = await call('POST', '/v2/student_card/sell', { token, body: { studentId: student.id, templateId: tpl.id, amount: tpl.price, method: 'cash', sellerId: seller.id, startDate: t } });
      cardId = r.body.data?.card?.id ?? 0;
      return r;
    });
    let recordId = 0;
    await after('return request', async () => {
      const r = await call('POST', '/v2/student_card/return', { token, body: { cardId, hours: 1, reason: 'Bench' } });
      recordId = r.body.data?.record?.id ?? 0;
      return r;
    });
    await after('return approved', () => call('POST', '/v2/student_card/review', { token, body: { recordId, approve: true } }));
    await after('journal entry', () =>
      call('POST', '/v2/bill', { token, body: { date: t, direction: 'expense', category: 'expense.rent', account: 'bank', campusId: student.campusId, amount: 10, counterparty: 'Bench' } }),
    );
  }
  return [...best.values()].sort((a, b) => b.cpu - a.cpu);
}

/** The table printed by the bench, slowest (CPU) first. */
export function benchTable(rows: BenchRow[], loadavg: number[]): string {
  const head = `load average ${loadavg.map((n) => n.toFixed(1)).join(' ')} (cpu: ${CPU_CLOCK})\n    wall       cpu  status  call`;
  return [head, ...rows.map((r) => `${String(r.ms).padStart(8)} ms ${String(r.cpu).padStart(8)} ms  ${r.status}  ${r.path}`)].join('\n');
}
