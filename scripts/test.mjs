// `npm test`: type check, unit and component tests (vitest, on the embedded database), the API tests again on a
// PostgreSQL server when TEST_DATABASE_URL names one (CI: .ci/run starts Debian's), production build, browser tests
// (Playwright), then one closing line "Total: N passed, N failed" over every run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-test-'));
const vitestJson = path.join(tmp, 'vitest.json');
const playwrightJson = path.join(tmp, 'playwright.json');
const postgresJson = path.join(tmp, 'vitest-postgres.json');
const serverUrl = process.env.TEST_DATABASE_URL;

const steps = [
  ['type check', 'npx', ['tsc', '--noEmit'], {}],
  ['unit and component tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], { DATABASE_URL: '' }],
  ...(serverUrl
    ? // The restart test runs its own servers on the embedded engine whatever the URL: once, in the step above.
      [['API tests on PostgreSQL', 'npx', ['vitest', 'run', 'mock', 'server', 'tests/server', '--exclude', 'tests/server/restart.test.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${postgresJson}`], { DATABASE_URL: serverUrl }]]
    : []),
  ['production build', 'npx', ['umi', 'build'], {}],
  ['browser tests', 'node', ['scripts/e2e.mjs', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, DATABASE_URL: '' }],
];

function counts() {
  let passed = 0;
  let failed = 0;
  for (const file of [vitestJson, postgresJson]) {
    if (!fs.existsSync(file)) continue;
    const v = JSON.parse(fs.readFileSync(file, 'utf8'));
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
