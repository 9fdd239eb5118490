/**
 * Issue 34: every /v2 and /api call goes through the one axios instance of src/utils/request.ts. Two checks: the
 * calls msw sees are the calls the instance's interceptor counted (a real login and session load), and no source
 * file under src/ sends a request another way (fetch, its own XMLHttpRequest or axios, a beacon, an upload's
 * `action` or a link to /v2 or /api).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import axios from 'axios';
import { server } from '../../tests/setup';
import { api, sentThroughApi } from './request';
import { tokenStore } from './tokenStore';
import { loginByPassword } from '@/services/session';
import { loadSession } from '@/services/bootstrap';

describe('the one request layer', () => {
  it('under jsdom axios sends over XMLHttpRequest, which msw intercepts', () => {
    const adapter = axios.getAdapter(axios.defaults.adapter) as { adapterName?: string };
    expect(adapter.adapterName).toBe('xhr');
    expect(api.defaults.timeout).toBe(10000);
  });

  it('every call msw sees during a login and session load went through the instance', async () => {
    const seen: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      const p = new URL(request.url).pathname;
      if (/^\/(v2|api)\//.test(p)) seen.push(`${request.method} ${p} ${request.headers.get('client')}`);
    };
    server.events.on('request:start', listener);
    try {
      const before = sentThroughApi();
      const login = await loginByPassword({ username: 'dealer', password: 'dealer123' });
      if (!('token' in login)) throw new Error('the demo dealer has a session');
      tokenStore.set(login.token, login.satoken);
      const session = await loadSession();
      expect(session.currentUser.name).toBeTruthy();
      expect(seen.length).toBeGreaterThanOrEqual(5);
      expect(sentThroughApi() - before).toBe(seen.length);
      // The request interceptor's headers are on every one of them.
      expect(seen.filter((s) => !s.endsWith(' pc'))).toEqual([]);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });
});

const SRC = path.resolve(__dirname, '..');
/** The one file that may talk to the network. */
const ALLOWED = new Set(['utils/request.ts']);
/** Any other way to send a request from the app's code. */
const BYPASS = [/(?<![\w.])fetch\s*\(/, /\b(window|globalThis|self)\.fetch\b/, /\bXMLHttpRequest\b/, /from ['"]axios['"]/, /require\(['"]axios['"]\)/, /\bsendBeacon\s*\(/, /\bnew EventSource\s*\(/, /umi-request/, /\b(href|action|src)=\{?\s*[`'"]\/(v2|api)\//, /window\.open\(\s*[`'"]\/(v2|api)\//, /location\.(href|assign|replace)\b.*[`'"]\/(v2|api)\//];

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .umi and .umi-production: Umi's generated code
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, out);
    else if (/\.(ts|tsx|js|jsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name)) out.push(full);
  }
  return out;
}

describe('no request around the instance', () => {
  it('no file under src/ but src/utils/request.ts uses fetch, XMLHttpRequest, axios, a beacon, or points a link or upload at /v2 or /api', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    for (const file of files) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      if (ALLOWED.has(rel)) continue;
      // Comments may name them; code may not.
      const code = fs.readFileSync(file, 'utf-8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
      for (const re of BYPASS) if (re.test(code)) offenders.push(`${rel}: ${re}`);
    }
    expect(offenders).toEqual([]);
  });

  it('the check catches a bypass', () => {
    const samples = ["await fetch('/v2/x')", 'window.fetch(url)', 'new XMLHttpRequest()', "import axios from 'axios';", "navigator.sendBeacon('/api/x', b)", '<Upload action="/v2/file/upload" />', "<a href={`/v2/export?id=${id}`}>", "window.open('/api/report')"];
    for (const s of samples) expect(BYPASS.some((re) => re.test(s))).toBe(true);
    expect(BYPASS.some((re) => re.test('ref.current?.refetch(); prefetch(route)'))).toBe(false);
  });
});
