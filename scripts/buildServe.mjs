// Shared by the measuring scripts (npm run size, perf, styles): build the console into a folder, and serve a built
// folder with the mock backend on one origin (`mock/server.ts --static`, as the browser tests do).
import { spawn, spawnSync } from 'node:child_process';

/** `umi build` into `dist` (under the shared build lock when `flock` exists, so parallel builds do not collide). */
export function buildDist(dist, { quiet = true } = {}) {
  const hasFlock = spawnSync('sh', ['-c', 'command -v flock']).status === 0;
  const cmd = hasFlock ? ['flock', ['/tmp/umi-build.lock', 'npx', 'umi', 'build']] : ['npx', ['umi', 'build']];
  console.log(`building ${dist} ...`);
  const r = spawnSync(cmd[0], cmd[1], { stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'], env: { ...process.env, OUTPUT_PATH: dist } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Waits until `url` answers 200 (60 s at most). */
export async function waitUp(url) {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Serves `dist` with the mock backend on `port` and waits until it answers. `stop()` ends the server's whole process
 * group; it also runs on exit, but a script must call it (or `process.exit`) when done: the child keeps Node alive.
 */
export async function serveDist(dist, port) {
  const child = spawn('npx', ['tsx', 'mock/server.ts', '--static', dist, '--port', String(port)], { stdio: 'ignore', detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  process.on('exit', stop);
  const base = `http://127.0.0.1:${port}`;
  await waitUp(`${base}/user/login`);
  return { base, stop };
}
