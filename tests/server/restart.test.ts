// @vitest-environment node
/**
 * The server keeps what it was told across a restart (issue 32): a real server process (mock/server.ts) on an
 * embedded database in a temporary folder, stopped and started again; and after `kill -9`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

async function info(port: number, s: { token: string; satoken: string }) {
  const res = await fetch(`http://127.0.0.1:${port}/v2/user/info`, { headers: { 'request-token': s.token, satoken: s.satoken } });
  return res.status;
}

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

    await stopped(server, 'SIGTERM');
    server = await start(dir, port);
    expect(await info(port, session)).toBe(200);

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
});
