// `npm run size`: build, serve the production files with the mock backend, open /user/login and then /dashboard
// (logged in as the demo dealer) in Debian Chromium, and print the gzip size of every JS and CSS file each route
// downloaded. Budget: 400 KB gzip JS for the login route (exit 1 when over).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildDist, serveDist } from './buildServe.mjs';

const DIST = process.env.SIZE_DIST || 'dist';
const PORT = Number(process.env.SIZE_PORT || 8141);
const LOGIN_BUDGET_KB = 400;

if (process.env.SIZE_SKIP_BUILD !== '1') buildDist(DIST, { quiet: false });
const { base, stop: stopServer } = await serveDist(DIST, PORT);

const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
let seen = new Set();
page.on('response', (res) => {
  const u = new URL(res.url());
  if (/\.(js|css)$/.test(u.pathname)) seen.add(u.pathname);
});

function report(title, files) {
  let js = 0;
  let css = 0;
  const rows = [];
  for (const f of files) {
    const local = path.join(DIST, f.replace(/^\//, ''));
    if (!fs.existsSync(local)) continue;
    const size = gz(local);
    if (f.endsWith('.js')) js += size;
    else css += size;
    rows.push([f, size]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`\n${title}`);
  for (const [f, s] of rows) console.log(`  ${(s / 1024).toFixed(1).padStart(8)} KB  ${f}`);
  console.log(`  total gzip: JS ${(js / 1024).toFixed(1)} KB, CSS ${(css / 1024).toFixed(1)} KB`);
  return { js, css };
}

await page.goto(`${base}/user/login`);
await page.getByRole('button', { name: /Log in|登录/ }).waitFor();
await page.waitForLoadState('networkidle');
const login = report('/user/login downloads', [...seen]);
const loginFiles = new Set(seen);

seen = new Set();
await page.locator('#password-login_username').fill('dealer');
await page.locator('#password-login_password').fill('dealer123');
await page.locator('form#password-login button[type=submit]').click();
await page.waitForURL(/\/dashboard$/);
await page.locator('.ant-pro-layout').waitFor();
await page.waitForLoadState('networkidle');
report('/dashboard downloads after login (in addition)', [...seen].filter((f) => !loginFiles.has(f)));
report('/dashboard opened directly (everything it needs)', [...new Set([...loginFiles, ...seen])]);

await browser.close();
stopServer();
if (login.js / 1024 > LOGIN_BUDGET_KB) {
  console.error(`\nLogin route JS ${(login.js / 1024).toFixed(1)} KB gzip is over the ${LOGIN_BUDGET_KB} KB budget.`);
  process.exit(1);
}
console.log(`\nLogin route within the ${LOGIN_BUDGET_KB} KB gzip JS budget.`);
