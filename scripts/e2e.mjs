// Browser tests: build the production files when missing (or E2E_BUILD=1), then run Playwright on Debian Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (!fs.existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
  console.error('Chromium not found at /usr/bin/chromium. Install it: apt-get install -y chromium');
  process.exit(1);
}
if (process.env.E2E_BUILD === '1' || !fs.existsSync('dist/index.html')) {
  const code = run('npx', ['umi', 'build']);
  if (code !== 0) process.exit(code);
}
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
