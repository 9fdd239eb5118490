/** The console shell (issue 2): login, menus per account, store switch, logout, expiry, 401, 404/403, size. */
import zlib from 'node:zlib';
import { test, expect, type Page } from './fixtures';
import { dismissReminder, login, openUserMenu, PASSWORDS, resetBackend, sessionHeaders } from './helpers';

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

const menuItem = (page: Page, name: string) => page.locator('.ant-pro-sider-menu, .ant-layout-sider').getByText(name, { exact: true });

/** Opens every group of the side menu (only the current page's group is open at first), so that absence means absent. */
async function openAllMenuGroups(page: Page) {
  const closed = page.locator('.ant-pro-sider .ant-menu-submenu-inline:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  await expect(page.locator('.ant-pro-sider .ant-menu').first()).toBeVisible();
  // One round trip for all groups (a click each through Playwright makes this eleven-account test slow).
  await expect(async () => {
    await closed.evaluateAll((titles) => titles.forEach((t) => (t as HTMLElement).click()));
    await expect(closed).toHaveCount(0, { timeout: 1000 });
  }).toPass();
}

test('every demo account logs in and sees the menu of its role', async ({ page }) => {
  const expectations: Record<string, { see: string[]; notSee: string[]; company: string }> = {
    admin: { see: ['Workbench'], notSee: ['Renew', 'Subscription orders'], company: 'Campus Console Platform' },
    dealer: { see: ['Workbench', 'Subscription orders', 'Renew'], notSee: [], company: 'Starlight Dance' },
    manager: { see: ['Workbench', 'Subscription orders', 'Renew'], notSee: [], company: 'Starlight Dance' },
    teacher: { see: ['Workbench'], notSee: ['Renew'], company: 'Starlight Dance' },
    sales: { see: ['Workbench'], notSee: ['Renew'], company: 'Starlight Dance' },
    service: { see: ['Workbench'], notSee: ['Renew'], company: 'Campus Console Platform' },
    operation: { see: ['Workbench'], notSee: ['Renew'], company: 'Campus Console Platform' },
    customer: { see: ['Workbench'], notSee: ['Renew', 'Subscription orders'], company: 'Starlight Dance' },
    sunrise: { see: ['Workbench', 'Renew'], notSee: [], company: 'Sunrise Art' },
    maple: { see: ['Renew', 'Subscription orders'], notSee: [], company: 'Maple Music' },
    mapleteacher: { see: [], notSee: ['Renew'], company: 'Maple Music' },
  };
  for (const [account, exp] of Object.entries(expectations)) {
    await page.context().clearCookies();
    await page.goto('/user/login');
    await page.evaluate(() => window.localStorage.clear());
    await login(page, account);
    // The expired company's owner lands on /renew (issue 9); everyone else on the dashboard.
    await expect(page).toHaveURL(account === 'maple' ? /\/renew$/ : /\/dashboard$/);
    await openAllMenuGroups(page);
    for (const name of exp.see) await expect(menuItem(page, name), `${account} sees ${name}`).toBeVisible();
    for (const name of exp.notSee) await expect(menuItem(page, name), `${account} does not see ${name}`).toHaveCount(0);
    if (account === 'maple') {
      await expect(page.getByRole('dialog', { name: 'Account expired' })).toHaveCount(0);
    } else if (account === 'mapleteacher') {
      await expect(page.getByRole('dialog', { name: 'Account expired' })).toBeVisible();
    } else {
      await dismissReminder(page);
      await expect(page.getByText(exp.company, { exact: true }).first()).toBeVisible();
    }
    expect(Object.keys(PASSWORDS)).toContain(account);
  }
});

test('the watermark shows the user name and the footer the year', async ({ page }) => {
  await login(page, 'manager');
  await expect(page.locator('footer')).toContainText(String(new Date().getFullYear()));
  // antd's Watermark paints the user name into a background image over the content.
  const wm = page.getByTestId('watermark');
  await expect(wm).toBeVisible();
  await expect
    .poll(() => wm.evaluate((el) => Array.from(el.parentElement?.querySelectorAll('div') ?? []).some((d) => /url\("?data:image/.test(d.style.backgroundImage))))
    .toBe(true);
});

test('store switch: dealer moves to Sunrise Art as teacher, info and menu reload, lands on /dashboard', async ({ page }) => {
  await login(page, 'dealer');
  await page.goto('/campus/order');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sunrise Art (Teacher)' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('dialog', { name: 'Subscription reminder' })).toBeVisible();
  await expect(page.getByText('System validity remaining 12 days. You may renew now.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Sunrise Art', { exact: true }).first()).toBeVisible();
  await openAllMenuGroups(page);
  await expect(menuItem(page, 'Renew')).toHaveCount(0);
});

test('log out goes to login with the current path, and logging in returns there', async ({ page }) => {
  await login(page, 'dealer');
  await page.goto('/campus/order?status=paid');
  await expect(page.getByText('Subscription orders').first()).toBeVisible();
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fcampus%2Forder%3Fstatus%3Dpaid$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await page.getByLabel('Account or mobile', { exact: true }).fill('dealer');
  await page.getByLabel('Password', { exact: true }).fill('dealer123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/campus\/order\?status=paid$/);
});

test('an off-site redirect after login is ignored', async ({ page }) => {
  await login(page, 'manager', { redirect: '//evil.example.com/steal' });
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});

test('without a session every page goes to login with the path as redirect', async ({ page }) => {
  await page.goto('/campus/order');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fcampus%2Forder$/);
});

test('expired company, owner: blocked everywhere but /campus/order and /renew; renewing unlocks it', async ({ page }) => {
  await login(page, 'maple');
  // The owner lands on /renew (no 403 behind the dialog); any other page shows the lock dialog.
  await expect(page).toHaveURL(/\/renew$/);
  await expect(page.getByRole('dialog', { name: 'Account expired' })).toHaveCount(0);
  await page.goto('/dashboard');
  const dialog = page.getByRole('dialog', { name: 'Account expired' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The system account has expired. Choose a package to renew');
  await expect(dialog).toContainText('400-820-0088');
  await expect(page.locator('[aria-disabled="true"]').filter({ hasText: 'Workbench' }).last()).toBeVisible();
  await dialog.getByRole('button', { name: 'Go renew' }).click();
  await expect(page).toHaveURL(/\/renew$/);
  await expect(page.getByRole('dialog', { name: 'Account expired' })).toHaveCount(0);
  await page.goto('/campus/order');
  await expect(page.getByRole('dialog', { name: 'Account expired' })).toHaveCount(0);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.goto('/renew');
  await page.getByTestId('package-1').getByRole('button', { name: 'Order this package' }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText(/Paid\. The subscription now runs until/)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText('Subscription days left')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Account expired' })).toHaveCount(0);
  await expect(page.locator('.ant-statistic').filter({ hasText: 'Subscription days left' })).toContainText('90');
  await expect(page.getByRole('dialog', { name: 'Subscription reminder' })).toHaveCount(0);
});

test('expired company, staff: told to contact the store manager, can log out', async ({ page }) => {
  await login(page, 'mapleteacher');
  const dialog = page.getByRole('dialog', { name: 'Account expired' });
  await expect(dialog).toContainText('The account has expired. Contact the store manager to renew, then log in again.');
  await expect(dialog.getByRole('button', { name: 'Go renew' })).toHaveCount(0);
  await page.goto('/renew');
  await expect(page.getByText('Sorry, you do not have access to this page.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Account expired' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Account expired' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/user\/login/);
});

test('the renewal reminder shows once per role and company', async ({ page }) => {
  await login(page, 'sunrise');
  await expect(page.getByRole('dialog', { name: 'Subscription reminder' })).toBeVisible();
  await page.getByRole('button', { name: 'Ignore reminder' }).click();
  expect(await page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('expire_tip_')))).toEqual(['expire_tip_110_3']);
  await page.reload();
  await expect(page.locator('.ant-pro-layout')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog', { name: 'Subscription reminder' })).toHaveCount(0);
});

test('a 401 in the middle of a session shows the message once and goes to login', async ({ page }) => {
  // The dashboard's own calls first: the header bell asks for its count, and the layout for the user's pending
  // invitations, when the browser is first idle (src/utils/idle.ts); after the logout below either would be the call
  // that meets the 401, on /dashboard.
  const bell = page.waitForResponse((res) => res.url().includes('/v2/inbox/summary'));
  const invitations = page.waitForResponse((res) => res.url().includes('/v2/invitation/mine'));
  await login(page, 'dealer');
  await Promise.all([bell, invitations]);
  await page.request.get('/v2/user/login/logout', { headers: await sessionHeaders(page) });
  // Any call now answers 401: open a list screen in the app (client-side navigation, the session state is kept).
  await page.evaluate(() => window.history.pushState({}, '', '/campus/order'));
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
  await expect(page.getByText('Login has expired, please log in again')).toHaveCount(1);
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fcampus%2Forder$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('unknown paths show 404 and routes without access show 403', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/no/such/page');
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  await page.goto('/renew');
  await expect(page.getByText('Sorry, you do not have access to this page.')).toBeVisible();
});

test('routes by convention: / opens the dashboard, /404 is the 404 page in the layout, paths match in any case', async ({ page }) => {
  await login(page, 'manager');
  await dismissReminder(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Workbench', level: 2 })).toBeVisible();
  await page.goto('/404');
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found', level: 2 })).toBeVisible();
  await expect(page.getByTestId('watermark')).toBeVisible();
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { name: 'Getting started', level: 2 })).toBeVisible();
});

test('language switch to Chinese and back', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByRole('button', { name: 'Language' }).hover();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByRole('button', { name: '登 录' }).or(page.getByRole('button', { name: '登录' }))).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: '账号密码登录' })).toBeVisible();
  await page.getByLabel('账号或手机号', { exact: true }).fill('dealer');
  await page.getByLabel('密码', { exact: true }).fill('wrong');
  await page.locator('form#password-login button[type=submit]').click();
  await expect(page.getByRole('alert')).toContainText('账号或密码错误。');
});

test('the login page downloads no layout, table or chart code and stays within 400 KB of gzip JS', async ({ page }) => {
  const bodies: Buffer[] = [];
  page.on('response', async (res) => {
    if (res.url().endsWith('.js')) bodies.push(await res.body());
  });
  await page.goto('/user/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const all = Buffer.concat(bodies).toString('utf8');
  for (const marker of ['ProLayout', 'pro-layout', 'pro-table', '@antv/g2']) expect(all, marker).not.toContain(marker);
  const gzip = bodies.reduce((n, b) => n + zlib.gzipSync(b).length, 0);
  expect(gzip / 1024).toBeLessThan(400);
});
