// `npm test`: type check, unit and component tests (vitest), production build, browser tests (Playwright).
import { spawnSync } from 'node:child_process';

const steps = [
  ['type check', 'npx', ['tsc', '--noEmit']],
  ['unit and component tests', 'npx', ['vitest', 'run']],
  ['production build', 'npx', ['umi', 'build']],
  ['browser tests', 'node', ['scripts/e2e.mjs']],
];
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' });
  console.log(`=== ${name}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (status !== 0) process.exit(status ?? 1);
}
