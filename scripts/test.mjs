// `npm test`: type check, unit and component tests (vitest), production build, browser tests (Playwright),
// then one closing line "Total: N passed, N failed" over both test runners.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-test-'));
const vitestJson = path.join(tmp, 'vitest.json');
const playwrightJson = path.join(tmp, 'playwright.json');

const steps = [
  ['type check', 'npx', ['tsc', '--noEmit'], {}],
  ['unit and component tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], {}],
  ['production build', 'npx', ['umi', 'build'], {}],
  ['browser tests', 'node', ['scripts/e2e.mjs', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }],
];

function counts() {
  let passed = 0;
  let failed = 0;
  if (fs.existsSync(vitestJson)) {
    const v = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
  }
  if (fs.existsSync(playwrightJson)) {
    const p = JSON.parse(fs.readFileSync(playwrightJson, 'utf8'));
    passed += p.stats?.expected ?? 0;
    failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
  }
  return { passed, failed };
}

let exit = 0;
for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (status !== 0) {
    exit = status ?? 1;
    break;
  }
}
const { passed, failed } = counts();
console.log(`\nTotal: ${passed} passed, ${failed} failed`);
process.exit(exit !== 0 ? exit : failed > 0 ? 1 : 0);
