/**
 * The one set of msw handlers: used by vitest (msw/node, tests/setup.ts), by `npm start` (mock/server.ts behind the
 * dev proxy) and by the production preview (mock/server.ts serving dist/ too).
 */
import { http, HttpResponse } from 'msw';
import { resetDb, setSeeders } from './db';
import { domainHandlers, seeders } from './domains';
import { langOf, message } from './messages';

setSeeders(seeders);

export const handlers = [
  ...domainHandlers,
  // Test-only: restore the deterministic seed.
  http.post('*/v2/__test__/reset', () => {
    resetDb();
    return HttpResponse.json({ code: 0, data: null });
  }),
  // Any other /v2 or /api call: 404 with a message, like a real server.
  http.all('*/v2/*', ({ request }) => {
    const u = new URL(request.url);
    return HttpResponse.json({ code: 404, msg: message(langOf(request), 'common.noRoute', { method: request.method, path: u.pathname }) }, { status: 404 });
  }),
  http.all('*/api/*', ({ request }) => {
    const u = new URL(request.url);
    return HttpResponse.json({ code: 404, msg: message(langOf(request), 'common.noRoute', { method: request.method, path: u.pathname }) }, { status: 404 });
  }),
];

export { resetDb };
