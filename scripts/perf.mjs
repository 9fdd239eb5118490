// `npm run perf`: builds the console (under the shared build lock), serves it with the mock backend, and measures
// in Debian Chromium, over N fresh contexts (no cache) at normal CPU and at 4× CPU slowdown:
//   - the median time from navigation start until the content is visible: the login form (/user/login), the side
//     menu (/dashboard), the first real table row fetched from the mock (/student/list);
//   - the JS downloaded (gzip bytes on the wire, and the number of JS files);
//   - the dashboard's cumulative layout shift;
//   - the request waterfall of the /v2 calls (start → end, ms from navigation start) of one run.
// With a bare comparison app (../shared/perf-floor) it measures both in the same run, alternating app and floor
// (A, B, A, B ...) so that machine noise hits both alike:
//   npm run perf -- --floor http://127.0.0.1:8300        (an already served floor build)
//   npm run perf -- --floor-dist /tmp/perf-floor/dist    (served here, gzip + SPA fallback)
// Options: --runs N (5), --skip-build (or PERF_SKIP_BUILD=1), --dist DIR (PERF_DIST, default dist-perf),
// --port N (PERF_PORT, 8142), --only login,dashboard,list, --cpu 1,4, --files (JS files in the waterfall too).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildDist, serveDist, waitUp } from './buildServe.mjs';

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const flag = (name) => argv.includes(`--${name}`);

const DIST = arg('dist', process.env.PERF_DIST || 'dist-perf');
const PORT = Number(arg('port', process.env.PERF_PORT || 8142));
const RUNS = Number(arg('runs', 5));
const SKIP_BUILD = flag('skip-build') || process.env.PERF_SKIP_BUILD === '1';
const CPU_RATES = String(arg('cpu', '1,4')).split(',').map(Number);
const ONLY = String(arg('only', 'login,dashboard,list')).split(',');
let floorUrl = arg('floor', process.env.PERF_FLOOR_URL);
const floorDist = arg('floor-dist');
const SHOW_FILES = flag('files');

const servers = [];
// The app's server stops on exit (scripts/buildServe.mjs); the floor's static server here.
const cleanup = () => {
  for (const s of servers) s.close();
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

// ---- build and servers -----------------------------------------------------------------------------------
if (!SKIP_BUILD) buildDist(DIST);
const { base: appBase } = await serveDist(DIST, PORT);

/** A static server with gzip and an SPA fallback, like mock/server.ts, for the floor's dist/. */
const gzipCache = new Map();
function serveDir(root, port) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'application/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = http.createServer((req, res) => {
    const p = decodeURIComponent((req.url || '/').split('?')[0]);
    let file = path.join(root, p);
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) file = path.join(root, 'index.html');
    const ext = path.extname(file);
    const headers = { 'content-type': types[ext] || 'application/octet-stream', 'cache-control': ext === '.html' ? 'no-cache' : 'public, max-age=31536000, immutable' };
    const data = fs.readFileSync(file);
    if (/gzip/.test(String(req.headers['accept-encoding'])) && ['.js', '.css', '.html', '.svg', '.json'].includes(ext)) {
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip' });
      // Compressed once per file, as mock/server.ts does.
      if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(data));
      res.end(gzipCache.get(file));
      return;
    }
    res.writeHead(200, headers);
    res.end(data);
  });
  server.listen(port, '127.0.0.1');
  servers.push(server);
  return `http://127.0.0.1:${port}`;
}
if (!floorUrl && floorDist) floorUrl = serveDir(path.resolve(floorDist), PORT + 1);
floorUrl = floorUrl?.replace(/\/$/, '');

if (floorUrl) await waitUp(`${floorUrl}/user/login`);

// A session for the logged-in routes: what the app keeps in localStorage after signing in (docs/rules.md#constants-and-limits: the tokens; the
// role its session load remembers, src/utils/tokenStore.ts).
async function dealerStorage() {
  const res = await fetch(`${appBase}/v2/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'dealer', password: 'dealer123' }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  const info = await (await fetch(`${appBase}/v2/user/info`, { headers: { 'request-token': body.data.token, satoken: body.data.satoken, client: 'pc' } })).json();
  if (info.code !== 0) throw new Error(`user info failed: ${JSON.stringify(info)}`);
  return { token: body.data.token, satoken: body.data.satoken, locale: 'en-US', roleId: String(info.data.roleId) };
}
const session = await dealerStorage();

// ---- what is measured --------------------------------------------------------------------------------------
const MENU = '.ant-pro-sider .ant-menu-item';
const TARGETS = [
  { key: 'login', app: { path: '/user/login', ready: 'input[type="password"]', auth: false }, floor: { path: '/user/login', ready: 'input[type="password"]' } },
  { key: 'dashboard', app: { path: '/dashboard', ready: MENU, auth: true, cls: true }, floor: { path: '/list', ready: MENU } },
  { key: 'list', app: { path: '/student/list', ready: '.ant-table-row', auth: true }, floor: { path: '/list', ready: '.ant-table-row' } },
].filter((t) => ONLY.includes(t.key));

// Records, in the page, when the ready selector first shows a visible element, and the layout shifts.
const OBSERVER = (selector) => {
  window.__perf = { ready: undefined, cls: 0 };
  const visible = () => {
    const el = document.querySelector(selector);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const check = () => {
    if (window.__perf.ready === undefined && visible()) window.__perf.ready = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  const tick = () => {
    check();
    if (window.__perf.ready === undefined) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__perf.cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {
    /* not supported */
  }
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});

async function measure(base, spec, cpuRate, withSession) {
  const storage =
    withSession && spec.auth
      ? { cookies: [], origins: [{ origin: base, localStorage: Object.entries(session).map(([name, value]) => ({ name, value })) }] }
      : { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'locale', value: 'en-US' }] }] };
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', storageState: storage });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (cpuRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await page.addInitScript(OBSERVER, spec.ready);
  // The finished requests are only collected while the page loads; their sizes and timings are read after the
  // measurement, so that the harness does not add a protocol round trip per file to the load it measures.
  const finished = [];
  page.on('requestfinished', (req) => finished.push(req));
  await page.goto(`${base}${spec.path}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__perf && window.__perf.ready !== undefined, undefined, { timeout: 60_000, polling: 50 });
  // Settle (widgets still arriving shift the layout), bounded: a busy machine may never be fully idle.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  if (spec.cls) await page.waitForTimeout(500);
  const js = { bytes: 0, files: 0 };
  const calls = [];
  for (const req of finished) {
    const u = new URL(req.url());
    const tm = req.timing();
    if (u.pathname.endsWith('.js')) {
      js.files += 1;
      js.bytes += await req.sizes().then((sz) => sz.responseBodySize, () => 0);
      if (SHOW_FILES) calls.push({ call: `  js ${u.pathname}`, startEpoch: tm.startTime, end: tm.responseEnd });
    }
    if (u.pathname.startsWith('/v2/')) calls.push({ call: `${req.method()} ${u.pathname}${u.search}`, startEpoch: tm.startTime, end: tm.responseEnd });
  }
  const result = await page.evaluate(() => ({ ready: window.__perf.ready, cls: window.__perf.cls, origin: performance.timeOrigin }));
  await context.close();
  const waterfall = calls
    .map((c) => ({ call: c.call, start: Math.round(c.startEpoch - result.origin), end: Math.round(c.startEpoch - result.origin + c.end) }))
    .sort((a, b) => a.start - b.start);
  return { ready: result.ready, cls: result.cls, js, waterfall };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const results = {};
for (const cpu of CPU_RATES) {
  for (const target of TARGETS) {
    const key = `${target.key}@${cpu}x`;
    results[key] = { app: [], floor: [] };
    process.stdout.write(`measuring ${target.app.path} at ${cpu}× CPU `);
    for (let i = 0; i < RUNS; i += 1) {
      results[key].app.push(await measure(appBase, target.app, cpu, true));
      if (floorUrl) results[key].floor.push(await measure(floorUrl, target.floor, cpu, false));
      process.stdout.write('.');
    }
    process.stdout.write('\n');
  }
}
await browser.close();

// ---- report ------------------------------------------------------------------------------------------------
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
console.log(`\nMedian ready time over ${RUNS} fresh contexts (cache off)${floorUrl ? `, alternating with the floor at ${floorUrl}` : ''}`);
console.log(['route', 'CPU', 'app ms', floorUrl ? 'floor ms' : '', floorUrl ? 'app/floor' : '', 'app JS (gzip, files)', floorUrl ? 'floor JS' : '', 'CLS']
  .filter((x) => x !== '').map((x, i) => (i === 0 ? x.padEnd(16) : x.padStart(i === 5 || i === 6 ? 22 : 10))).join(' '));
for (const [key, r] of Object.entries(results)) {
  const [name, cpu] = key.split('@');
  const target = TARGETS.find((t) => t.key === name);
  const a = median(r.app.map((x) => x.ready));
  const f = floorUrl ? median(r.floor.map((x) => x.ready)) : undefined;
  const aj = r.app[0].js;
  const fj = floorUrl ? r.floor[0].js : undefined;
  const cols = [
    target.app.path.padEnd(16),
    cpu.padStart(10),
    a.toFixed(0).padStart(10),
    ...(floorUrl ? [f.toFixed(0).padStart(10), `${(a / f).toFixed(2)}×`.padStart(10)] : []),
    `${kb(aj.bytes)}, ${aj.files}`.padStart(22),
    ...(floorUrl ? [`${kb(fj.bytes)}, ${fj.files}`.padStart(22)] : []),
    target.app.cls ? median(r.app.map((x) => x.cls)).toFixed(3).padStart(10) : ''.padStart(10),
  ];
  console.log(cols.join(' '));
  console.log(`${''.padEnd(16)}   runs: app ${r.app.map((x) => x.ready.toFixed(0)).join(' ')}${floorUrl ? ` | floor ${r.floor.map((x) => x.ready.toFixed(0)).join(' ')}` : ''}`);
}

console.log('\n/v2 request waterfall (ms from navigation start; the median run at each CPU rate)');
for (const [key, r] of Object.entries(results)) {
  const sorted = [...r.app].sort((x, y) => x.ready - y.ready);
  const run = sorted[Math.floor(sorted.length / 2)];
  if (!run.waterfall.length) continue;
  console.log(`  ${key} (ready at ${run.ready.toFixed(0)} ms)`);
  for (const c of run.waterfall) console.log(`    ${String(c.start).padStart(6)} → ${String(c.end).padStart(6)}  ${c.call}`);
}
cleanup();
process.exit(0);
