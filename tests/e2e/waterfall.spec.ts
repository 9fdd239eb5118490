/**
 * No request waterfall on list screens (issue 10). Guards the mechanism, not a timing: every list route of the route
 * table is opened cold (a full page load, so no option list is cached) and its list call must be sent before any
 * other call of the page (option lists of filters and columns, summaries) has answered, and be sent once.
 * A route that declares its first list call (`prefetch`, sent by the boot script with the HTML) must ask for exactly
 * that call (it is then sent once).
 * List routes: `list: true` in the route table, or a route whose page folder uses `tableRequest` (unless marked
 * `list: false`), so that new screens are covered without anyone remembering to add them here. A list call is a
 * /v2 GET answering `{ list: [], total }`. Routes the dealer may not open are opened as the platform admin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page, type Request } from './fixtures';
import { pageDir, ROUTES, type RouteMeta } from '../../src/config/routeTable';
import { PASSWORDS, resetBackend } from './helpers';

const PAGES = path.resolve(__dirname, '../../src/pages');

/** A route's page files: its folder's `index.tsx` and page parts (`components/`), not the routes in its subfolders. */
function pageFiles(routePath: string): string[] {
  const dir = path.join(PAGES, pageDir(routePath));
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
    }
  };
  if (fs.existsSync(path.join(dir, 'index.tsx'))) out.push(path.join(dir, 'index.tsx'));
  if (fs.existsSync(path.join(dir, 'components'))) walk(path.join(dir, 'components'));
  return out;
}

/** The list routes of the route table (see the header). */
export function listRoutes(routes: RouteMeta[] = ROUTES): RouteMeta[] {
  return routes.filter((r) => {
    if (r.list !== undefined) return r.list;
    if (r.path.includes(':')) return false;
    return pageFiles(r.path).some((f) => /\btableRequest\s*[<(]/.test(fs.readFileSync(f, 'utf-8')));
  });
}

// The layout's own calls before a page mounts (src/services/bootstrap.ts).
const SESSION_CALLS = ['/v2/user/info', '/v2/company_role/permissions', '/v2/company_role/select', '/v2/company_role/get_menu_pc'];

interface Call {
  url: string;
  start: number;
  end: number;
  list: boolean;
}

async function sessionPage(browser: Browser, baseURL: string, username: string): Promise<Page> {
  const res = await fetch(`${baseURL}/v2/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORDS[username] }),
  });
  const body = (await res.json()) as { code: number; data: { token: string; satoken: string } };
  expect(body.code).toBe(0);
  const context = await browser.newContext({
    baseURL,
    reducedMotion: 'reduce',
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            { name: 'token', value: body.data.token },
            { name: 'satoken', value: body.data.satoken },
            { name: 'locale', value: 'en-US' },
          ],
        },
      ],
    },
  });
  return context.newPage();
}

/** Opens `route` cold and returns the page's /v2 calls, or undefined when the user may not open it. */
async function callsOf(page: Page, route: string, probe = false): Promise<Call[] | undefined> {
  const calls: Promise<Call | undefined>[] = [];
  // A plain ProTable sends its list call a moment after it has mounted (empty, with no spinner yet), and the network
  // may have been idle for 500 ms before, while the page rendered: wait for a list answer itself.
  let listAnswered: () => void = () => undefined;
  const listSeen = new Promise<void>((resolve) => (listAnswered = resolve));
  const onFinished = (req: Request) => {
    const u = new URL(req.url());
    if (!u.pathname.startsWith('/v2/')) return;
    calls.push(
      (async () => {
        const t = req.timing();
        const res = await req.response();
        let list = false;
        if (req.method() === 'GET' && res) {
          try {
            const body = (await res.json()) as { data?: { list?: unknown; total?: unknown } };
            list = Array.isArray(body?.data?.list) && typeof body?.data?.total === 'number';
            if (list) listAnswered();
          } catch {
            /* not JSON */
          }
        }
        return { url: `${req.method()} ${u.pathname}${u.search}`, start: t.startTime, end: t.startTime + t.responseEnd, list };
      })().catch(() => undefined),
    );
  };
  page.on('requestfinished', onFinished);
  try {
    await page.goto(route);
    const forbidden = page.locator('.ant-result-403');
    await expect(page.locator('.ant-pro-layout')).toBeVisible({ timeout: 30_000 });
    // Settled: the page's table has rendered and loaded (a busy machine may pause the network for 500 ms while the
    // page still renders), then no request for 500 ms (the list, its options and the page's other calls have answered).
    if (!probe) {
      await page.locator('.ant-table').first().waitFor({ timeout: 15_000 }).catch(() => undefined);
      await Promise.race([listSeen, forbidden.waitFor({ timeout: 10_000 }).catch(() => undefined)]);
      await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
    }
    await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
    if (await forbidden.isVisible()) return undefined;
    if (!probe && (await page.locator('.ant-result-404').isVisible())) throw new Error(`${route}: 404 (is the build older than the route table?)`);
  } finally {
    page.off('requestfinished', onFinished);
  }
  return (await Promise.all(calls)).filter((c): c is Call => !!c);
}

test('list screens: the list call starts before any option call has answered, once', async ({ browser, baseURL }) => {
  const routes = listRoutes();
  test.setTimeout(60_000 + routes.length * 15_000);
  expect(routes.length, 'no list route found in the route table').toBeGreaterThan(5);
  const setup = await browser.newPage({ baseURL });
  await resetBackend(setup);
  await setup.close();
  const dealer = await sessionPage(browser, baseURL!, 'dealer');
  let admin: Page | undefined;
  const problems: string[] = [];
  const layoutSeen = new Map<Page, Set<string>>();
  // The layout's own calls (header badges ...): those of a page with nothing in it (a 404 inside the layout).
  const layoutCalls = async (page: Page) => {
    if (!layoutSeen.has(page)) layoutSeen.set(page, new Set(((await callsOf(page, '/__layout-probe__', true)) ?? []).map((c) => c.url.split('?')[0])));
    return layoutSeen.get(page)!;
  };
  let dealerCalls: Call[] | undefined;
  for (const route of routes) {
    let calls = await callsOf(dealer, route.path);
    dealerCalls = calls;
    if (!calls) {
      admin ??= await sessionPage(browser, baseURL!, 'admin');
      calls = await callsOf(admin, route.path);
    }
    if (!calls) {
      problems.push(`${route.path}: neither the dealer nor the admin may open it`);
      continue;
    }
    const layout = await layoutCalls(calls === dealerCalls ? dealer : admin!);
    const session = calls.filter((c) => SESSION_CALLS.some((s) => c.url.startsWith(`GET ${s}`)));
    const mounted = Math.max(0, ...session.map((c) => c.end));
    // A list call may start before the session has answered: the boot script sends a route's declared first list call
    // (`prefetch` in the route table) with the HTML.
    const pageCalls = calls.filter((c) => !session.includes(c) && !layout.has(c.url.split('?')[0]) && (c.start >= mounted || c.list));
    const lists = pageCalls.filter((c) => c.list).sort((a, b) => a.start - b.start);
    if (!lists.length) {
      problems.push(`${route.path}: no list call when the route opens (mark the route \`list: false\` if its first view is not a list)`);
      continue;
    }
    const first = lists[0];
    const seen = new Set<string>();
    for (const l of lists) {
      if (seen.has(l.url)) problems.push(`${route.path}: list call sent twice: ${l.url} (use ListTable; its first request must match the prefetch)`);
      seen.add(l.url);
    }
    if (route.prefetch) {
      // The declared call is the one the screen uses: sent once, and no other call of that list.
      const listPath = route.prefetch.url;
      const sameList = lists.filter((l) => l.url.split('?')[0] === `GET ${listPath}`);
      if (sameList.length !== 1) problems.push(`${route.path}: prefetch ${route.prefetch.firstPage} is not what the screen asks for first (${sameList.map((l) => l.url).join(', ') || 'no such call'})`);
    }
    const answeredBefore = pageCalls.filter((c) => !c.list && c.end <= first.start);
    for (const c of answeredBefore) {
      problems.push(`${route.path}: ${first.url} sent ${Math.round(first.start - c.end)} ms after ${c.url} had answered (waterfall)`);
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
