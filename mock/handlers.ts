/**
 * The one set of msw handlers: used by vitest (msw/node, tests/setup.ts), by `npm start` (mock/server.ts behind the
 * dev proxy) and by the production preview (mock/server.ts serving dist/ too).
 */
import { http } from 'msw';
import { resetDb, setSeeders } from './db';
import { json } from './http';
import { domainHandlers, productionSeed, productionSqlSeeders, seeders, sqlSeeders } from './domains';
import { langOf, message } from './messages';
import { CapturingSender, setSmsSender } from './sms';

setSeeders(seeders, productionSeed, sqlSeeders, productionSqlSeeders);

/** Test-only: restore the deterministic seed. Served only when the server is started for tests (see `handlersFor`). */
const testHandlers = [
  http.post('*/v2/__test__/reset', () => {
    resetDb();
    return json({ code: 0, data: null });
  }),
  /** Test-only: the last SMS text sent to `mobile` (test servers capture texts instead of printing them, mock/sms.ts). */
  http.get('*/v2/__test__/sms', ({ request }) => {
    const mobile = new URL(request.url).searchParams.get('mobile') ?? '';
    const text = testSms.lastTo(mobile);
    return json({ code: 0, data: text === undefined ? null : { text, code: /\b(\d{6})\b/.exec(text)?.[1] ?? null } });
  }),
];

/** The sender of test servers: texts are kept for `GET /v2/__test__/sms`, never printed. */
export const testSms = new CapturingSender();

// Any other /v2 or /api call: 404 with a message, like a real server.
const notFound = [
  http.all('*/v2/*', ({ request }) => {
    const u = new URL(request.url);
    return json({ code: 404, msg: message(langOf(request), 'common.noRoute', { method: request.method, path: u.pathname }) }, 404);
  }),
  http.all('*/api/*', ({ request }) => {
    const u = new URL(request.url);
    return json({ code: 404, msg: message(langOf(request), 'common.noRoute', { method: request.method, path: u.pathname }) }, 404);
  }),
];

/**
 * The handlers of a server: `test: true` adds `POST /v2/__test__/reset` and `GET /v2/__test__/sms` (and captures SMS texts), which only test runners ask for
 * (mock/server.ts `--test` / MOCK_TEST=1 set by playwright.config.ts; tests/setup.ts for vitest). Never in
 * `npm start` or `npm run preview`.
 */
export function handlersFor(opts: { test?: boolean } = {}) {
  if (opts.test) setSmsSender(testSms);
  return [...domainHandlers, ...(opts.test ? testHandlers : []), ...notFound];
}

/** The production set (no test reset). */
export const handlers = handlersFor();

export { resetDb };
