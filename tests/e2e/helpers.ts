/** Shared browser-test helpers: reset the mock backend, log in as a demo account, read messages. */
import { expect, type Locator, type Page } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import { DEMO_PASSWORDS } from '../demoAccounts';

export const PASSWORDS = DEMO_PASSWORDS;

export async function resetBackend(page: Page) {
  const res = await page.request.post('/v2/__test__/reset');
  expect(res.ok()).toBeTruthy();
}

/** The browser's session as request headers (both tokens must come together: mock/http.ts), for server-state checks. */
export async function sessionHeaders(page: Page): Promise<Record<string, string>> {
  const [token, satoken] = await page.evaluate(() => [window.localStorage.getItem('token'), window.localStorage.getItem('satoken')]);
  return { 'request-token': token ?? '', satoken: satoken ?? '' };
}

/** A call with the browser's session, for server-state checks: the status and the whole envelope. */
export async function apiCall<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  page: Page,
  path: string,
  init: { method?: string; data?: unknown } = {},
): Promise<{ status: number; body: { code: number; data: T; msg?: string } }> {
  const headers = await sessionHeaders(page);
  const res = await page.request.fetch(path, { method: init.method ?? 'GET', data: init.data, headers: { ...headers, 'content-type': 'application/json' } });
  return { status: res.status(), body: await res.json() };
}

const cspLogs = new WeakMap<Page, string[]>();

/**
 * Records the page's Content-Security-Policy violations from now on (issue 8: styles only from self or with the
 * page's nonce, no inline script): Chromium's console reports and the `securitypolicyviolation` events (the init
 * script comes through the devtools protocol, so the policy does not block it). Returns the live list.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const known = cspLogs.get(page);
  if (known) return known;
  const log: string[] = [];
  cspLogs.set(page, log);
  page.on('console', (m) => {
    if (/Content Security Policy|\[csp-violation\]/i.test(m.text())) log.push(`${page.url()} ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`[csp-violation] ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  return log;
}

/** Fails on any CSP violation seen since `watchCsp` (login and open call both). */
export function expectNoCspViolation(page: Page) {
  const log = cspLogs.get(page) ?? [];
  expect(log, log.join('\n')).toEqual([]);
}

/** Logs in through the login form (English UI) and waits for the layout. */
export async function login(page: Page, username: string, opts: { redirect?: string } = {}) {
  await watchCsp(page);
  await page.goto(opts.redirect ? `/user/login?redirect=${encodeURIComponent(opts.redirect)}` : '/user/login');
  await page.evaluate(() => window.localStorage.setItem('locale', 'en-US'));
  await page.getByLabel('Account or mobile', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORDS[username]);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('.ant-pro-layout')).toBeVisible();
  expectNoCspViolation(page);
}

/** Dismisses the subscription reminder if it shows (accounts with 1–30 days left). */
export async function dismissReminder(page: Page) {
  const btn = page.getByRole('button', { name: 'Ignore reminder' });
  if (await btn.isVisible().catch(() => false)) await btn.click();
}

/** Opens a route through the menu-less way (direct URL) and waits for the layout. */
export async function open(page: Page, path: string) {
  await watchCsp(page);
  await page.goto(path);
  await expect(page.locator('.ant-pro-layout')).toBeVisible();
  expectNoCspViolation(page);
}

/** Opens the header user menu and waits for its opening animation to finish (clicks during it can miss). */
export async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').hover();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(menu).toBeVisible();
  await expect(menu).not.toHaveClass(/slide-up-(appear|enter)/);
  await page.waitForTimeout(200);
}

/** Picks an option of the open select dropdown (retried: a click during the opening animation can miss). */
export async function pickOption(page: Page, text: string | RegExp) {
  await expect(async () => {
    const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option:visible').filter({ hasText: text }).first();
    if (await option.count()) await option.click({ timeout: 2000 });
    await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 15_000 });
}

/** Confirms the latest confirmation dialog (earlier ones may still be closing). */
export async function confirmIt(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Please confirm' }).last();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

/** Opens the antd select labelled `label` inside `scope`. */
export async function openSelect(scope: Page | Locator, label: string) {
  await scope
    .getByLabel(label, { exact: true })
    .first()
    .locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]')
    .click();
}

/**
 * A row's action (issue 31: the first action of a row is a link, the others are behind "More"): the action itself,
 * after opening the row's "More" panel when it is not inline.
 */
export async function rowAction(row: Locator, name: string): Promise<Locator> {
  const tr = row.first();
  await expect(tr).toBeVisible();
  const more = tr.getByRole('button', { name: /^(More actions|更多操作)$/ });
  // An action is found by its text or by its accessible label ("Disable 王若汐").
  const named = (scope: Locator) => scope.getByText(name, { exact: true }).or(scope.getByLabel(name, { exact: true }));
  if ((await more.count()) === 0) return named(tr).first();
  const inline = named(tr.locator('.row-actions-primary, td:not(.ant-table-cell-fix-right)'));
  if ((await inline.count()) > 0) return inline.first();
  await more.click();
  const panel = tr.page().locator('.row-actions-menu:visible');
  await expect(panel).toBeVisible();
  return named(panel).first();
}

/**
 * The axe violations inside `selector` (the whole page without one): WCAG 2.1 A/AA and best practice, as readable
 * lines ("id (impact): targets"). `labelMismatch` also checks that a control's accessible name holds its visible text.
 */
export async function axeViolations(page: Page, selector?: string, opts: { labelMismatch?: boolean } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (selector) builder = builder.include(selector);
  const r = await builder
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], ...(opts.labelMismatch ? { rules: { 'label-content-name-mismatch': { enabled: true } } } : {}) })
    .analyze();
  return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
