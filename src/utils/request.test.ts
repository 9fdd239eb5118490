import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { delay, http as mswHttp, HttpResponse } from 'msw';
import { server } from '../../tests/setup';
import { configureRequest, describeHttpError, http, loginUrlWithRedirect, RequestError, resetUnauthorized } from './request';
import { tokenStore } from './tokenStore';
import { takeSessionEnd } from './sessionEnd';
import { setLocale } from '@/locales';
import { REQUEST_TIMEOUT_MS } from './constants';
import { queryString } from './request';

type Shown = { type: string; text: string };
let shown: Shown[];
let navigated: string[];
let path: string;

beforeEach(() => {
  setLocale('en-US');
  shown = [];
  navigated = [];
  path = '/school/class?page=2';
  resetUnauthorized();
  configureRequest({
    show: (type, text) => shown.push({ type, text }),
    notify: (text) => shown.push({ type: 'notification', text }),
    navigate: (p) => navigated.push(p),
    currentPath: () => path,
  });
});
afterEach(() => vi.useRealTimers());

const answer = (status: number, body: unknown) => server.use(mswHttp.get('*/v2/probe', () => HttpResponse.json(body as object, { status })));

describe('error catalogue (docs/api.md#error-catalogue)', () => {
  const cases: [string, number, unknown, string][] = [
    ['400 shows the server msg', 400, { code: 400, msg: 'Capacity must be at least 1.' }, 'Capacity must be at least 1.'],
    ['403 shows No permission', 403, { code: 403, msg: 'ignored' }, 'No permission'],
    ['500 with msg shows it', 500, { code: 500, msg: 'Database is down' }, 'Database is down'],
    ['500 without msg is lost', 500, {}, 'The server got lost...'],
    ['502 is lost', 502, { msg: 'bad gateway' }, 'The server got lost...'],
    ['404 is lost', 404, { code: 404, msg: 'No such call' }, 'The server got lost...'],
    ['200 with code ≠ 0 shows its msg', 200, { code: 1, msg: 'Business rule refused' }, 'Business rule refused'],
    ['200 with success=false shows its msg', 200, { code: 0, success: false, msg: 'Not allowed now' }, 'Not allowed now'],
    ['200 with code ≠ 0 and no msg shows the fallback', 200, { code: 7 }, 'Request error, please retry.'],
  ];
  it.each(cases)('%s', async (_name, status, body, text) => {
    answer(status, body);
    await expect(http.get('/v2/probe')).rejects.toBeInstanceOf(RequestError);
    expect(shown).toEqual([{ type: 'error', text }]);
    expect(navigated).toEqual([]);
  });

  it('a network failure is lost', async () => {
    server.use(mswHttp.get('*/v2/probe', () => HttpResponse.error()));
    await expect(http.get('/v2/probe')).rejects.toMatchObject({ status: 0 });
    expect(shown).toEqual([{ type: 'error', text: 'The server got lost...' }]);
  });

  it('a timeout (10 000 ms, docs/rules.md#constants-and-limits) is lost', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10000);
    server.use(
      mswHttp.get('*/v2/probe', async () => {
        await delay('infinite');
        return HttpResponse.json({ code: 0 });
      }),
    );
    await expect(http.get('/v2/probe', undefined, { timeout: 50 })).rejects.toMatchObject({ status: 0 });
    expect(shown).toEqual([{ type: 'error', text: 'The server got lost...' }]);
  });

  it('a call its caller aborts rejects with the abort and shows nothing', async () => {
    server.use(
      mswHttp.get('*/v2/probe', async () => {
        await delay('infinite');
        return HttpResponse.json({ code: 0 });
      }),
    );
    const controller = new AbortController();
    const call = http.get('/v2/probe', undefined, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(shown).toEqual([]);
  });

  it('describeHttpError is the same table in Chinese', () => {
    setLocale('zh-CN');
    expect(describeHttpError(401, {}).text).toBe('登录已过期，请重新登录');
    expect(describeHttpError(403, {}).text).toBe('没有权限');
    expect(describeHttpError(503, {}).text).toBe('服务器迷路了...');
  });
});

describe('401', () => {
  it('shows the message once and navigates once for a burst of calls, with the current path as redirect', async () => {
    tokenStore.set('stale', 'stale2');
    answer(401, { code: 401, msg: 'expired' });
    const calls = await Promise.allSettled([http.get('/v2/probe'), http.get('/v2/probe'), http.get('/v2/probe')]);
    expect(calls.every((c) => c.status === 'rejected')).toBe(true);
    expect(shown).toEqual([{ type: 'error', text: 'Login has expired, please log in again' }]);
    expect(navigated).toEqual(['/user/login?redirect=%2Fschool%2Fclass%3Fpage%3D2']);
    expect(tokenStore.get().token).toBeNull();
  });

  it('a session ended by a disabled account: still a 401 to the login page, with the server\'s message kept for it (issue 31)', async () => {
    tokenStore.set('stale', 'stale2');
    const msg = 'Your account at Starlight Dance has been disabled. To have it enabled again, contact 周晓彤 (13800000002).';
    answer(401, { code: 401, msg, reason: 'accountDisabled' });
    await expect(http.get('/v2/probe')).rejects.toMatchObject({ status: 401, message: msg });
    expect(navigated).toEqual(['/user/login?redirect=%2Fschool%2Fclass%3Fpage%3D2']);
    expect(shown).toEqual([]);
    expect(takeSessionEnd()).toBe(msg);
    expect(takeSessionEnd()).toBeUndefined();
    expect(tokenStore.get().token).toBeNull();
  });

  it('reports again after a new login', async () => {
    answer(401, {});
    await http.get('/v2/probe').catch(() => undefined);
    resetUnauthorized();
    await http.get('/v2/probe').catch(() => undefined);
    expect(navigated).toHaveLength(2);
  });

  it('on the login page it goes to login without a redirect', () => {
    expect(loginUrlWithRedirect('/user/login?redirect=%2Fx')).toBe('/user/login');
    expect(loginUrlWithRedirect('/dashboard')).toBe('/user/login?redirect=%2Fdashboard');
  });
});

describe('request basics', () => {
  it('sends the stored tokens, the pc client header and the UI language; unwraps data', async () => {
    tokenStore.set('tok-1', 'sa-1');
    setLocale('zh-CN');
    let headers: Headers | undefined;
    server.use(
      mswHttp.get('*/v2/probe', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ code: 0, data: { answer: 42 } });
      }),
    );
    await expect(http.get<{ answer: number }>('/v2/probe')).resolves.toEqual({ answer: 42 });
    expect(headers?.get('request-token')).toBe('tok-1');
    expect(headers?.get('satoken')).toBe('sa-1');
    expect(headers?.get('client')).toBe('pc');
    expect(headers?.get('accept-language')).toBe('zh-CN');
  });

  it('skipErrorHandler shows nothing but still rejects with the server message', async () => {
    answer(400, { code: 400, msg: 'Mobile taken' });
    await expect(http.get('/v2/probe', undefined, { skipErrorHandler: true })).rejects.toMatchObject({ message: 'Mobile taken', status: 400 });
    expect(shown).toEqual([]);
  });

  it.each([
    ['silent', []],
    ['warning', [{ type: 'warning', text: 'Heads up' }]],
    ['notification', [{ type: 'notification', text: 'Heads up' }]],
  ] as const)('showType %s', async (showType, expected) => {
    answer(200, { code: 3, msg: 'Heads up' });
    await expect(http.get('/v2/probe', undefined, { showType })).rejects.toBeInstanceOf(RequestError);
    expect(shown).toEqual(expected);
  });

  it('showType redirect goes to /exception with the message', async () => {
    answer(200, { code: 3, msg: 'Gone <b>away</b>' });
    await expect(http.get('/v2/probe', undefined, { showType: 'redirect' })).rejects.toBeInstanceOf(RequestError);
    expect(navigated).toEqual([`/exception?msg=${encodeURIComponent('Gone <b>away</b>')}`]);
  });
});

describe('query and body', () => {
  it('writes params as before: null and undefined left out, arrays as key[], dates in ISO, objects as JSON', () => {
    expect(queryString({ page: 1, keyword: 'a b', campusId: undefined, classId: null, ids: [3, 4], at: new Date(Date.UTC(2026, 10, 25)), f: { a: 1 } })).toBe(
      'page=1&keyword=a+b&ids%5B%5D=3&ids%5B%5D=4&at=2026-11-25T00%3A00%3A00.000Z&f=%7B%22a%22%3A1%7D',
    );
    expect(queryString(undefined)).toBe('');
  });

  it('appends params to a path that has a query, and sends a JSON body with its type', async () => {
    let seen: { url: string; type: string | null; body: unknown } | undefined;
    server.use(
      mswHttp.post('*/v2/probe', async ({ request }) => {
        seen = { url: request.url, type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ code: 0, data: 'ok' });
      }),
    );
    await expect(http.post('/v2/probe?x=1', { name: 'Ann' }, { params: { y: 2 } })).resolves.toBe('ok');
    expect(seen?.url).toMatch(/\/v2\/probe\?x=1&y=2$/);
    expect(seen?.type).toBe('application/json');
    expect(seen?.body).toEqual({ name: 'Ann' });
  });

  it('answers a body that is not JSON as its text', async () => {
    server.use(mswHttp.get('*/v2/probe', () => new HttpResponse('plain', { status: 200 })));
    await expect(http.get('/v2/probe')).resolves.toBe('plain');
  });
});
