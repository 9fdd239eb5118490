/**
 * The precompiled first-screen styles (config/styles/first-screens.css, src/utils/styleCache.ts, issue 10): with the
 * default theme and motion on (a user's browser; the other browser tests use reduced motion, another theme token, so
 * they exercise the run-time styles), the login page, the dashboard and the student list build (almost) no antd style
 * at run time, and what they show is styled all the same. Fails when the file no longer fits the app's components
 * (then run `npm run styles`).
 */
import { expect, test, type Page } from './fixtures';
import { expectNoCspViolation, PASSWORDS, watchCsp } from './helpers';

/** antd styles built at run time (cssinjs marks each <style> with its hash). */
const runtimeStyles = (page: Page) => page.evaluate(() => [...document.querySelectorAll('style[data-css-hash]')].map((s) => s.getAttribute('data-css-hash') ?? ''));

test('first screens use the precompiled styles', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US', reducedMotion: 'no-preference', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await watchCsp(page);
  await page.goto('/user/login');
  await expect(page.locator('link[rel="stylesheet"][href*="first-screens."]')).toHaveCount(1);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  expect(await runtimeStyles(page)).toEqual([]);
  // Styled by the file: the primary button has the brand fill, the inputs their border.
  const login = page.getByRole('button', { name: 'Log in' });
  expect(await login.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');

  await page.getByLabel('Account or mobile', { exact: true }).fill('dealer');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORDS.dealer);
  await login.click();
  await expect(page.locator('.ant-pro-sider .ant-menu-item').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const afterDashboard = await runtimeStyles(page);

  await page.goto('/student/list');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const list = await runtimeStyles(page);
  // A widget that shows only on some days may add a style or two; the screens' own components are in the file.
  expect(afterDashboard.length, afterDashboard.join(' ')).toBeLessThanOrEqual(3);
  expect(list, list.join(' ')).toEqual([]);
  const row = page.locator('.ant-table-row').first();
  expect(await row.locator('td').first().evaluate((el) => getComputedStyle(el).paddingLeft)).not.toBe('0px');
  expectNoCspViolation(page);
  await context.close();
});
