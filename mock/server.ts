/**
 * The embedded mock backend as a real HTTP server.
 *   tsx mock/server.ts                 → API only (npm start runs it behind Umi's dev proxy)
 *   tsx mock/server.ts --static dist   → API + the production build on one origin (npm run preview, browser tests)
 * Options: --port N (or MOCK_PORT / PORT), BASE_PATH for the built files' base path, --test (or MOCK_TEST=1) for
 * test runners only: adds POST /v2/__test__/reset (playwright.config.ts sets it; npm start / preview never do).
 * Every answer carries the security headers (CSP without inline scripts, styles from self or with the page's nonce,
 * no framing, nosniff, referrer policy);
 * a request body over 1 MB gets 413.
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { getResponse } from 'msw';
import { handlersFor } from './handlers';
import { getDb } from './db';
import { startReminders } from './domains/notify';
import { startPoolSweeps } from './domains/customer';
import { startSettlements } from './domains/campusSales';
import { demoMode } from './mode';
import { handlerIndex } from './dispatch';
import { closeDatabase, dataDir, engine } from '../server/db';

const args = process.argv.slice(2);
const argOf = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const staticDir = argOf('--static');
const port = Number(argOf('--port') || process.env.PORT || process.env.MOCK_PORT || (staticDir ? 8001 : 4100));
const host = argOf('--host') || '127.0.0.1';
const base = (process.env.BASE_PATH || '/').replace(/\/?$/, '/');
const testMode = args.includes('--test') || process.env.MOCK_TEST === '1';
// A test server keeps its database in memory unless told otherwise (every test resets it anyway).
if (testMode && !process.env.DATA_DIR && !process.env.DATABASE_URL) process.env.DATA_DIR = 'memory://';
const handlers = handlersFor({ test: testMode });
/** Only the handlers that may answer a request are asked (msw parses URL, cookies and path in every one it asks). */
const index = handlerIndex(handlers);

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Security headers of every answer. Scripts only from this origin (no inline script: the build emits none, see
 * docs/DEVELOPING.md); styles only from this origin or carrying the page's nonce: every HTML answer gets a fresh
 * random nonce, in its CSP and in `<meta name="csp-nonce">`, which the app gives to antd's CSS-in-JS (and to any
 * <style> it creates: src/utils/cspNonce.ts); no inline style attribute in markup. Images also as data: URLs (antd
 * icons, avatars); no framing by any site.
 */
export function contentSecurityPolicy(nonce?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    nonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': contentSecurityPolicy(),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/** A fresh nonce per HTML answer (128 random bits), never reused: a page cannot guess the next one. */
function newNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

/** The served page with its nonce: `<meta name="csp-nonce">` first in <head> (read by the app, no inline script). */
export function withNonce(html: string, nonce: string): string {
  const meta = `<meta name="csp-nonce" content="${nonce}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (m) => `${m}\n${meta}`) : `${meta}\n${html}`;
}

class TooLarge extends Error {}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new TooLarge();
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

async function handleApi(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = `http://${req.headers.host || `${host}:${port}`}${req.url}`;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === 'string') headers.set(k, v);
    else if (Array.isArray(v)) headers.set(k, v.join(', '));
  }
  // The caller's address as this server saw it (the audit log's IP); a client cannot set it.
  headers.set('x-real-ip', req.socket.remoteAddress ?? '');
  const method = req.method || 'GET';
  let body: Buffer | undefined;
  try {
    body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
  } catch (e) {
    if (!(e instanceof TooLarge)) throw e;
    const zh = String(req.headers['accept-language'] ?? '').toLowerCase().startsWith('zh');
    res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({ code: 413, msg: zh ? '请求内容超过 1 MB。' : 'The request body is larger than 1 MB.' }));
    req.resume();
    return;
  }
  const request = new Request(url, { method, headers, body: body ? new Uint8Array(body) : undefined });
  const response = await getResponse(index.candidates(method, url), request);
  if (!response) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 404, msg: 'Not found' }));
    return;
  }
  const out: Record<string, string> = {};
  response.headers.forEach((v, k) => {
    out[k] = v;
  });
  res.writeHead(response.status, out);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Built files are read and compressed once, not on every request (like a static server's precompressed files): on
 * this 2-core machine the server shares the CPU with the browser, and a cold page asks for about twenty files at once.
 */
const fileCache = new Map<string, { stamp: string; data: Buffer; gzip?: Buffer }>();
function cachedFile(file: string): { data: Buffer; gzip: () => Buffer } {
  const st = fs.statSync(file);
  const stamp = `${st.size}:${st.mtimeMs}`;
  let hit = fileCache.get(file);
  if (!hit || hit.stamp !== stamp) {
    hit = { stamp, data: fs.readFileSync(file) };
    fileCache.set(file, hit);
  }
  const entry = hit;
  return { data: entry.data, gzip: () => (entry.gzip ??= zlib.gzipSync(entry.data)) };
}

function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, root: string) {
  let p = decodeURIComponent((req.url || '/').split('?')[0]);
  if (p.startsWith(base)) p = `/${p.slice(base.length)}`;
  const file = path.normalize(path.join(root, p));
  const inside = file.startsWith(path.resolve(root));
  const found = inside ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
  const target = found?.isFile() ? file : path.join(root, 'index.html');
  const ext = path.extname(target);
  const cached = cachedFile(target);
  const data = cached.data;
  const headers: Record<string, string> = { 'content-type': TYPES[ext] || 'application/octet-stream' };
  headers['cache-control'] = ext === '.html' ? 'no-cache' : 'public, max-age=31536000, immutable';
  if (ext === '.html') {
    // Each page answer has its own nonce (header and meta), so it is compressed per answer, not cached.
    const nonce = newNonce();
    res.setHeader('content-security-policy', contentSecurityPolicy(nonce));
    const page = Buffer.from(withNonce(data.toString('utf8'), nonce));
    const zip = /gzip/.test(String(req.headers['accept-encoding']));
    if (zip) headers['content-encoding'] = 'gzip';
    res.writeHead(200, headers);
    res.end(zip ? zlib.gzipSync(page) : page);
    return;
  }
  if (/gzip/.test(String(req.headers['accept-encoding'])) && ['.js', '.css', '.html', '.svg', '.json'].includes(ext)) {
    headers['content-encoding'] = 'gzip';
    res.writeHead(200, headers);
    res.end(cached.gzip());
    return;
  }
  res.writeHead(200, headers);
  res.end(data);
}

const server = http.createServer((req, res) => {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
  const pathname = (req.url || '/').split('?')[0];
  const apiPath = pathname.startsWith(base) ? `/${pathname.slice(base.length)}` : pathname;
  if (apiPath.startsWith('/v2/') || apiPath.startsWith('/api/') || pathname.startsWith('/v2/') || pathname.startsWith('/api/')) {
    handleApi(req, res).catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 500, msg: e instanceof Error ? e.message : String(e) }));
    });
    return;
  }
  if (staticDir) {
    serveStatic(req, res, path.resolve(staticDir));
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Mock backend: only /v2 and /api calls are served here.');
});

// An idle kept-alive connection stays open longer than a client or proxy keeps it (Node closes it after 5 s): a
// client that sends on it just as the server closes it sees ECONNRESET (CI saw it from Playwright's request API).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

/** Stops taking connections, lets the requests under way finish, then closes the database cleanly. */
function shutdown() {
  server.close(() => {
    closeDatabase().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

// The database first (opened, migrated): no request is answered before it is ready.
engine().then(
  () => server.listen(port, host, listening),
  (e: unknown) => {
    console.error(`[mock] the database could not be opened: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);

function listening() {
  const what = staticDir ? `console (${staticDir}) and mock backend` : 'mock backend';
  if (testMode) console.log('[mock] test mode: POST /v2/__test__/reset is served');
  console.log(`[mock] ${what} listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}${staticDir ? base : ''}`);
  // The seed now, not at the first call: outside demo mode it prints the platform admin's one-time password (mock/mode.ts).
  console.log(`[mock] ${demoMode() ? 'demo mode: demo accounts, data and SMS code 123456' : 'production mode (APP_MODE=production): no demo data'}`);
  console.log(`[mock] database: ${process.env.DATABASE_URL ? 'PostgreSQL server (DATABASE_URL)' : `embedded PGlite in ${dataDir()}`}`);
  getDb();
  // Time-based reminders (lesson tomorrow, card expiring, follow-up due), once per company and day; not in test
  // mode, where every test starts from the reset seed and a sweep in the middle of one would change its inboxes.
  if (!testMode) startReminders(getDb);
  // The monthly settlements of paid online orders, once a month is over (one per company and month).
  if (!testMode) startSettlements(getDb);
  // Leads their owners left unattended for the company's days return to the pool (reads never move them).
  if (!testMode) startPoolSweeps(getDb);
}
