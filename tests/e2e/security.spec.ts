/** Server hardening seen by the user (issue 8): the login throttle, a session ended by a password change, headers. */
import { test, expect, type TestInfo } from '@playwright/test';
import { login, open, resetBackend } from './helpers';

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

test('five wrong passwords lock the account for 15 minutes, and the login page says how long', async ({ page }) => {
  await page.goto('/user/login');
  await page.evaluate(() => window.localStorage.setItem('locale', 'en-US'));
  await page.reload();
  await page.getByLabel('Account or mobile', { exact: true }).fill('dealer');
  const password = page.getByLabel('Password', { exact: true });
  for (let i = 1; i <= 4; i += 1) {
    await password.fill(`wrong-${i}`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Incorrect account or password.')).toBeVisible();
  }
  await password.fill('wrong-5');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Too many wrong passwords or codes for this account. Try again in 15 minute(s).')).toBeVisible();
  // Even the right password is refused now, and the user stays on the login page.
  await password.fill('dealer123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/Try again in \d+ minute\(s\)\./)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/);
  const server = await page.request.post('/v2/user/login/password', { data: { username: 'dealer', password: 'dealer123' } });
  expect(server.status()).toBe(400);
  // Another account is not affected.
  await login(page, 'manager');
});

test('a password change ends the other sessions of the user', async ({ page, browser }, info: TestInfo) => {
  const other = await browser.newContext({ baseURL: info.project.use.baseURL, locale: 'en-US', reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
  const second = await other.newPage();
  try {
    await login(second, 'teacher');
    await login(page, 'teacher');
    await open(page, '/user/setting');
    await page.getByLabel('Current password').fill('teacher123');
    await page.getByLabel('New password', { exact: true }).fill('teacher456');
    await page.getByLabel('Confirm new password').fill('teacher456');
    await page.getByRole('button', { name: 'Save' }).nth(1).click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    // The other browser's next call answers 401: the message, then the login page.
    await second.goto('/student/list');
    await expect(second.getByText('Login has expired, please log in again')).toBeVisible();
    await expect(second).toHaveURL(/\/user\/login/);
    // The session that changed the password goes on.
    await open(page, '/student/list');
    await expect(page).toHaveURL(/\/student\/list/);
    const old = await page.request.post('/v2/user/login/password', { data: { username: 'teacher', password: 'teacher123' } });
    expect(old.status()).toBe(400);
  } finally {
    await other.close();
  }
});

test('pages carry the security headers; the test reset is the only test-only call', async ({ page }) => {
  const res = await page.request.get('/user/login');
  const csp = res.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(res.headers()['referrer-policy']).toBeTruthy();
  // The built page runs under that policy: no inline script in the HTML, and the app starts (no CSP violation).
  expect(await res.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await login(page, 'dealer');
  expect(violations).toEqual([]);
  const big = await page.request.post('/v2/user/login/password', { data: { username: 'x', password: 'y'.repeat(1_100_000) } });
  expect(big.status()).toBe(413);
});
