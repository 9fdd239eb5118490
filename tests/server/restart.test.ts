// @vitest-environment node
/**
 * The server keeps what it was told across a restart (issue 32): a real server process (mock/server.ts) on an
 * embedded database in a temporary folder, stopped and started again; and after `kill -9`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { server as msw } from '../setup';

const dirs: string[] = [];
const children: ChildProcess[] = [];

function freePort(): number {
  return 4300 + Math.floor(Math.random() * 600);
}

async function start(dataDir: string, port: number): Promise<ChildProcess> {
  // One process (no npx or tsx wrapper in between), so that SIGKILL reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock/server.ts', '--port', String(port)], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (/listening on/.test(out)) return child;
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${out}`);
}

function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

async function post(port: number, p: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { code: number; data?: { token: string; satoken: string }; msg?: string } };
}

type Tokens = { token: string; satoken: string };

async function send(port: number, method: 'POST' | 'PUT', p: string, body: unknown, s: Tokens) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, { method, headers: { 'content-type': 'application/json', 'request-token': s.token, satoken: s.satoken }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { code: number; msg?: string } };
}
const auth = (s: Tokens) => ({ 'request-token': s.token, satoken: s.satoken });

async function get<T>(port: number, p: string, s: Tokens): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, { headers: auth(s) });
  return ((await res.json()) as { data: T }).data;
}

interface HomeworkView {
  id: number;
  classId: number;
  title: string;
  studentIds: number[];
  counts: { total: number; pending: number };
}

/** A homework for one of the seeded homework's classes, due in a week. */
async function newHomework(port: number, s: Tokens, title: string) {
  const { list } = await get<{ list: HomeworkView[] }>(port, '/v2/homework?page=1&pageSize=1', s);
  const due = new Date(Date.now() + 7 * 86_400_000);
  const dueDate = `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}`;
  return post(port, '/v2/homework', { classId: list[0].classId, title, content: 'Ten minutes a day', dueDate }, auth(s));
}

async function info(port: number, s: { token: string; satoken: string }) {
  const res = await fetch(`http://127.0.0.1:${port}/v2/user/info`, { headers: { 'request-token': s.token, satoken: s.satoken } });
  return res.status;
}

// The calls go to the spawned server over the network: msw (tests/setup.ts) must not answer them in this process.
beforeAll(() => msw.close());

afterAll(async () => {
  await Promise.all(children.map((c) => stopped(c, 'SIGKILL')));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('a restart', () => {
  it('keeps the sessions opened before it (stopped cleanly, and killed with SIGKILL)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-restart-'));
    dirs.push(dir);
    const port = freePort();
    let server = await start(dir, port);
    const login = await post(port, '/v2/user/login/password', { username: 'teacher', password: 'teacher123' });
    expect(login.status).toBe(200);
    const session = login.body.data!;
    expect(await info(port, session)).toBe(200);
    // Business data too: a homework given before the restart is listed after it, with its submissions.
    const dealer = (await post(port, '/v2/user/login/password', { username: 'dealer', password: 'dealer123' })).body.data!;
    const made = await newHomework(port, dealer, 'Before the restart');
    expect(made.status).toBe(200);
    // And the company's own records: a campus added, a rule and the theme colour changed.
    expect((await send(port, 'POST', '/v2/company_kt/campus', { name: 'Restart Hall', address: '1 Kept Road', phone: '021-5550 0101' }, dealer)).status).toBe(200);
    const rules = await get<Record<string, unknown>>(port, '/v2/setting', dealer);
    expect((await send(port, 'PUT', '/v2/setting', { ...rules, leadPoolDays: 21 }, dealer)).status).toBe(200);
    expect((await send(port, 'PUT', '/v2/company_kt/theme_color', { color: '#1D4ED8' }, dealer)).status).toBe(200);

    await stopped(server, 'SIGTERM');
    server = await start(dir, port);
    expect(await info(port, session)).toBe(200);
    const kept = (await get<{ list: HomeworkView[] }>(port, '/v2/homework?keyword=Before%20the%20restart', dealer)).list;
    expect(kept.map((h) => h.title)).toEqual(['Before the restart']);
    expect(kept[0].counts.total).toBe(kept[0].studentIds.length);
    const campuses = (await get<{ list: { name: string; isMain: boolean }[] }>(port, '/v2/company_kt/campus?page=1&pageSize=20', dealer)).list;
    expect(campuses.filter((c) => c.name === 'Restart Hall').map((c) => c.isMain)).toEqual([false]);
    expect((await get<{ leadPoolDays: number }>(port, '/v2/setting', dealer)).leadPoolDays).toBe(21);
    expect((await get<{ company: { themeColor?: string } }>(port, '/v2/user/info', dealer)).company.themeColor).toBe('#1D4ED8');

    // Acknowledged writes survive a kill: a second login, then SIGKILL right after its answer.
    const second = (await post(port, '/v2/user/login/password', { username: 'dealer', password: 'dealer123' })).body.data!;
    await stopped(server, 'SIGKILL');
    server = await start(dir, port);
    expect(await info(port, second)).toBe(200);
    expect(await info(port, session)).toBe(200);
    // A logout is kept too.
    await fetch(`http://127.0.0.1:${port}/v2/user/login/logout`, { headers: { 'request-token': session.token, satoken: session.satoken } });
    await stopped(server, 'SIGTERM');
    server = await start(dir, port);
    expect(await info(port, session)).toBe(401);
    await stopped(server, 'SIGTERM');
  }, 240_000);

  it('a row the process creates after a restart never takes the id of one created before it (rows in the database name them)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-ids-'));
    dirs.push(dir);
    const port = freePort();
    let server = await start(dir, port);
    // A student added before the restart is there after it, with the card sold to them and its hour records.
    const student = (mobile: string) => ({ name: '重启前', mobile, campusId: 1, gender: 'female' });
    let dealer = (await post(port, '/v2/user/login/password', { username: 'dealer', password: 'dealer123' })).body.data!;
    const before = await post(port, '/v2/student', student('19987650001'), auth(dealer));
    expect(before.status).toBe(200);
    const beforeId = (before.body.data as unknown as { id: number }).id;
    const sale = async (studentId: number) => {
      const [tpl] = await get<{ value: number; template: { price: number } }[]>(port, '/v2/card_template/options', dealer);
      const [seller] = await get<{ value: number }[]>(port, '/v2/company_staff/options', dealer);
      const today = new Date().toISOString().slice(0, 10);
      const r = await post(port, '/v2/student_card/sell', { studentId, templateId: tpl.value, amount: tpl.template.price, method: 'cash', sellerId: seller.value, startDate: today }, auth(dealer));
      expect(r.status).toBe(200);
      return (r.body.data as unknown as { card: { id: number } }).card.id;
    };
    const cardBefore = await sale(beforeId);
    // A lead (in the database) added before the restart is there after it.
    const lead = await post(port, '/v2/customer', { name: '重启前', mobile: '19987650003', campusId: 1, intention: 'B', source: 'phone' }, auth(dealer));
    expect(lead.status).toBe(200);
    const leadId = (lead.body.data as unknown as { id: number }).id;
    await stopped(server, 'SIGTERM');
    server = await start(dir, port);
    dealer = (await post(port, '/v2/user/login/password', { username: 'dealer', password: 'dealer123' })).body.data!;
    const detail = await get<{ student: { mobile: string }; cards: { id: number; remainingHours: number }[]; records: { cardId: number; type: string }[] }>(port, `/v2/student/${beforeId}`, dealer);
    expect(detail.student.mobile).toBe('19987650001');
    expect(detail.cards.map((c) => c.id)).toEqual([cardBefore]);
    expect(detail.cards[0].remainingHours).toBeGreaterThan(0);
    expect(detail.records.filter((r) => r.cardId === cardBefore).map((r) => r.type)).toContain('add');
    const after = await post(port, '/v2/student', student('19987650002'), auth(dealer));
    expect(after.status).toBe(200);
    const afterId = (after.body.data as unknown as { id: number }).id;
    expect(afterId).not.toBe(beforeId);
    const cardAfter = await sale(afterId);
    expect(cardAfter).not.toBe(cardBefore);
    expect(cardAfter).toBeGreaterThan(1_000_000);
    expect((await get<{ name: string; mobile: string }>(port, `/v2/customer/${leadId}`, dealer)).mobile).toBe('19987650003');
    await stopped(server, 'SIGTERM');
  }, 240_000);

  it('a kill -9 during a burst of writes loses no acknowledged write', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-burst-'));
    dirs.push(dir);
    const port = freePort();
    let server = await start(dir, port);
    // Logins one after another (the embedded engine runs one transaction at a time anyway), killed while they go on.
    const acknowledged: { token: string; satoken: string }[] = [];
    let stop = false;
    const burst = (async () => {
      while (!stop) {
        try {
          const r = await post(port, '/v2/user/login/password', { username: 'sales', password: 'sales123' });
          if (r.status === 200) acknowledged.push(r.body.data!);
        } catch {
          return; // the server is gone
        }
      }
    })();
    while (acknowledged.length < 15) await new Promise((r) => setTimeout(r, 20));
    await stopped(server, 'SIGKILL');
    stop = true;
    await burst;
    server = await start(dir, port);
    const statuses = await Promise.all(acknowledged.map((s) => info(port, s)));
    expect(statuses.every((st) => st === 200), `${acknowledged.length} acknowledged`).toBe(true);
    await stopped(server, 'SIGTERM');
  }, 240_000);

  it('a kill -9 during a burst of homework (one row and a submission per student each) loses none acknowledged and leaves none half-written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-burst-hw-'));
    dirs.push(dir);
    const port = freePort();
    let server = await start(dir, port);
    const dealer = (await post(port, '/v2/user/login/password', { username: 'dealer', password: 'dealer123' })).body.data!;
    const acknowledged: number[] = [];
    const refused: string[] = [];
    let stop = false;
    let ended = false;
    let n = 0;
    const burst = (async () => {
      while (!stop) {
        try {
          const r = await newHomework(port, dealer, `Burst ${(n += 1)}`);
          if (r.status === 200) acknowledged.push((r.body.data as unknown as { id: number }).id);
          else refused.push(`${r.status} ${r.body.msg}`);
        } catch (e) {
          refused.push(String(e));
          break; // the server is gone
        }
      }
      ended = true;
    })();
    while (acknowledged.length < 10 && !ended && refused.length === 0) await new Promise((r) => setTimeout(r, 20));
    expect(refused).toEqual([]);
    await stopped(server, 'SIGKILL');
    stop = true;
    await burst;
    server = await start(dir, port);
    const { list } = await get<{ list: HomeworkView[] }>(port, '/v2/homework?keyword=Burst&pageSize=200', dealer);
    const ids = new Set(list.map((h) => h.id));
    expect(acknowledged.filter((id) => !ids.has(id)), `${acknowledged.length} acknowledged`).toEqual([]);
    // Every homework that is there has all its submissions (one per student it was given to, all pending).
    expect(list.filter((h) => h.counts.total !== h.studentIds.length || h.counts.pending !== h.studentIds.length).map((h) => h.id)).toEqual([]);
    await stopped(server, 'SIGTERM');
  }, 240_000);
});
