/** Server hardening seen by the user (issue 8): the login throttle, a session ended by a password change, headers. */
import { test, expect, type TestInfo, serverUrl } from './fixtures';
import { expectNoCspViolation, login, open, openSelect, pickOption, resetBackend, sessionHeaders, watchCsp } from './helpers';

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
  await expect(page.getByText('Too many wrong passwords or codes for this account. Try again in 15 minutes.')).toBeVisible();
  // Even the right password is refused now, and the user stays on the login page.
  await password.fill('dealer123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/Try again in \d+ minutes?\./)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/);
  const server = await page.request.post('/v2/user/login/password', { data: { username: 'dealer', password: 'dealer123' } });
  expect(server.status()).toBe(400);
  // Another account is not affected.
  await login(page, 'manager');
});

test('a password change ends the other sessions of the user', async ({ page, browser }, info: TestInfo) => {
  const other = await browser.newContext({ baseURL: serverUrl(info), locale: 'en-US', reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
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

test('styles come only from the origin or carry the page nonce: no CSP violation on representative screens', async ({ page }) => {
  test.setTimeout(120_000);
  // Every page answer has its own nonce, in the header and in the page; nothing allows inline styles or scripts.
  const answers = await Promise.all([page.request.get('/user/login'), page.request.get('/student/list')]);
  const nonces: string[] = [];
  for (const res of answers) {
    const csp = res.headers()['content-security-policy'];
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("script-src 'self';");
    const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]{22,})'(;|$)/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    const html = await res.text();
    expect(html).toContain(`<meta name="csp-nonce" content="${nonce}">`);
    expect(html).not.toMatch(/<style|\sstyle=/i);
    nonces.push(nonce!);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
  const asset = await page.request.get('/favicon.svg');
  expect(asset.headers()['content-security-policy']).toContain("style-src 'self';");

  // Login page: antd's styles apply (they carry the nonce); a wrong password shows a message toast.
  const violations = await watchCsp(page);
  await page.goto('/user/login');
  await page.evaluate(() => window.localStorage.setItem('locale', 'en-US'));
  await page.reload();
  const loginButton = page.getByRole('button', { name: 'Log in' });
  await expect(loginButton).toHaveCSS('background-color', /rgb\((?!0, 0, 0\))/);
  await page.getByLabel('Account or mobile', { exact: true }).fill('dealer');
  await page.getByLabel('Password', { exact: true }).fill('wrong-1');
  await loginButton.click();
  await expect(page.getByRole('alert').getByText('Incorrect account or password.')).toBeVisible();
  expectNoCspViolation(page);

  // Dashboard with the watermark (antd writes it as a style attribute: the app routes it through CSSOM).
  await login(page, 'dealer');
  // Drawn after the first paint: wait for it.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('[data-testid="watermark"], [data-testid="watermark"] *, .ant-pro-layout *'))
          .map((el) => el.style.backgroundImage)
          .some((bg) => bg.startsWith('url("data:image')),
      ),
    )
    .toBe(true);

  // Student list: the detail drawer locks the page scroll (a <style> written by rc-util, with the nonce).
  await open(page, '/student/list');
  await openSelect(page, 'Card state');
  await pickOption(page, 'Has hours');
  await page.getByRole('button', { name: 'Query' }).click();
  const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(first).toContainText('Has hours');
  await first.getByText('View', { exact: true }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByText(/^Student: /)).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('overflow-y', 'hidden');
  // A card's contract: its print style (our own <style>, with the nonce) leaves only the contract when printing.
  await drawer.getByRole('tab', { name: /Cards/ }).click();
  // The contract is among the card's actions behind "More" (issue 31).
  await drawer.locator('.ant-tabs-tabpane-active tr.ant-table-row').first().getByRole('button', { name: 'More actions' }).click();
  await page.locator('.row-actions-menu:visible').getByLabel(/^Contract of card /).first().click();
  const contract = page.locator('.contract-print');
  await expect(contract).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.ant-pro-layout').first()).toHaveCSS('visibility', 'hidden');
  await expect(contract).toHaveCSS('visibility', 'visible');
  await page.emulateMedia({ media: null });
  await page.getByRole('dialog', { name: /^Contract of card / }).getByRole('button', { name: 'Close' }).last().click();
  await expect(contract).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Export: the cells' text is read from their markup without applying its style attributes.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').first().click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  expectNoCspViolation(page);

  // A modal form: its validation messages show; saving shows a message toast.
  await page.getByRole('button', { name: 'Add student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add student' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await dialog.getByLabel('Student name', { exact: true }).fill('Nonce Tester');
  await dialog.getByLabel('Mobile', { exact: true }).fill('13900007788');
  await openSelect(dialog, 'Campus');
  await pickOption(page, /./);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-message-notice').getByText('Saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  const created = await page.request.get('/v2/student?keyword=13900007788', { headers: await sessionHeaders(page) });
  expect(((await created.json()) as { data: { total: number } }).data.total).toBe(1);

  // A chart screen: the echarts tooltip is built with CSSOM (its default markup has style attributes).
  await page.goto('/analyze/core');
  const canvas = page.locator('.chart-canvas[role="img"] svg').first(); // the charts draw SVG (issue 31)
  await expect(canvas).toBeVisible();
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2);
  await expect(page.locator('.chart-tooltip')).toBeVisible();
  await expect(page.locator('.chart-tooltip strong').first()).toHaveText(/\d/);

  // Every <style> of the page carries this page's nonce; no violation anywhere.
  const unsigned = await page.evaluate(() => {
    const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
    return Array.from(document.querySelectorAll('style')).filter((s) => !nonce || s.nonce !== nonce).length;
  });
  expect(unsigned).toBe(0);
  expect(violations).toEqual([]);
});
