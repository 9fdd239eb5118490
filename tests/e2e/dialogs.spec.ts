/**
 * Issue 31, item 6 (dialogs): the expired owner reads the owner's expiry message (docs/rules.md#subscription-and-expiry) on /renew; a prompt the user did not ask
 * for (a new bulletin's toast) never covers a modal (it waits for the subscription reminder to close); a disabled
 * staff member is told so and whom to contact, at login and at the next call of an open session; closing a filled
 * form asks first (Escape on a filled "Sell a card").
 */
import { test, expect, type APIRequestContext, type Page } from './fixtures';
import { axeViolations, login, PASSWORDS, pickOption, resetBackend, sessionHeaders } from './helpers';

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

/** A session of a demo account outside the browser (for the other person's writes), as request headers. */
async function apiSession(request: APIRequestContext, username: string): Promise<Record<string, string>> {
  const res = await request.post('/v2/user/login/password', { data: { username, password: PASSWORDS[username] } });
  const data = ((await res.json()) as { data: { token: string; satoken: string } }).data;
  return { 'request-token': data.token, satoken: data.satoken, 'accept-language': 'en-US' };
}

async function disableTeacher(request: APIRequestContext) {
  const dealer = await apiSession(request, 'dealer');
  const staff = (await (await request.get('/v2/account/staff?keyword=%E7%8E%8B%E8%8B%A5%E6%B1%90&pageSize=50', { headers: dealer })).json()) as {
    data: { list: { name: string; role: string; roleId?: number }[] };
  };
  const teacher = staff.data.list.find((s) => s.name === '王若汐' && s.role === 'teacher' && s.roleId)!;
  const res = await request.post('/v2/account/disable', { headers: dealer, data: { roleId: teacher.roleId } });
  expect(res.status()).toBe(200);
}

const DISABLED = 'Your account at Starlight Dance has been disabled. To have it enabled again, contact 周晓彤 (13800000002) or the Downtown campus (021-62880001).';

test('the expired owner reads docs/api.md#error-catalogue’s owner message on /renew, in both languages', async ({ page }) => {
  await login(page, 'maple');
  await expect(page).toHaveURL(/\/renew$/);
  const note = page.getByTestId('renew-expired');
  await expect(note).toContainText('Account expired');
  await expect(note).toContainText('The system account has expired. Choose a package to renew and contact official customer service.');
  await expect(note).toContainText('400-820-0088');
  await expect(page.getByTestId('package-1').getByRole('button', { name: 'Order this package' })).toBeEnabled();
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => window.localStorage.setItem('locale', 'zh-CN'));
  await page.reload();
  await expect(page.getByTestId('renew-expired')).toContainText('系统账号已到期，请选择套餐续费并联系官方客服。');
  expect(await axeViolations(page)).toEqual([]);
});

test('a new bulletin waits while the subscription reminder shows at login, and appears after it closes', async ({ page }) => {
  const admin = await apiSession(page.request, 'admin');
  const today = new Date().toISOString().slice(0, 10);
  const published = await page.request.post('/v2/system_bulletin', {
    headers: admin,
    data: { title: 'Maintenance tonight', body: 'The console will be down from 23:00 to 23:30.', startDate: today, endDate: today, pinned: false },
  });
  expect(published.status()).toBe(200);
  const unread = page.waitForResponse((r) => r.url().includes('/v2/system_bulletin/unread'));
  await login(page, 'sunrise');
  const reminder = page.getByRole('dialog', { name: 'Subscription reminder' });
  await expect(reminder).toBeVisible();
  await unread;
  await page.waitForTimeout(800);
  const banner = page.getByTestId('bulletin-banner');
  await expect(banner).toHaveCount(0);
  // The reminder's buttons are not covered by anything.
  const ignore = reminder.getByRole('button', { name: 'Ignore reminder' });
  const box = (await ignore.boundingBox())!;
  const topmost = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? '', [box.x + box.width / 2, box.y + box.height / 2]);
  expect(topmost).toBe('Ignore reminder');
  await ignore.click();
  await expect(reminder).toBeHidden();
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Bulletin: Maintenance tonight');
});

test('a disabled staff member is told so and whom to contact, at login', async ({ page }) => {
  await disableTeacher(page.request);
  await page.goto('/user/login');
  await page.evaluate(() => window.localStorage.setItem('locale', 'en-US'));
  await page.getByLabel('Account or mobile', { exact: true }).fill('teacher');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORDS.teacher);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(DISABLED);
  await expect(page.getByText('This account has no active company.')).toHaveCount(0);
});

test('a staff member disabled during their session is told so at their next call, not "Login has expired"', async ({ page }) => {
  await login(page, 'teacher');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard's own calls finish first: one of them meeting the 401 would take the page to the login before the
  // navigation below (and the navigation would then leave it), which is what a slow machine did.
  await page.waitForLoadState('networkidle');
  await disableTeacher(page.request);
  expect((await page.request.get('/v2/user/info', { headers: await sessionHeaders(page) })).status()).toBe(401);
  // A client-side navigation to a screen that loads its list: that call meets the 401.
  const firstCall = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/v2/'));
  await page.evaluate(() => {
    window.history.pushState({}, '', '/student/list');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  expect((await firstCall).status()).toBe(401);
  await expect(page).toHaveURL(/\/user\/login/);
  await expect(page.getByRole('alert')).toHaveText(DISABLED);
  await expect(page.getByText('Login has expired, please log in again')).toHaveCount(0);
});

test('Escape on a filled "Sell a card" asks first; Keep editing keeps the input, Discard closes it', async ({ page }) => {
  await login(page, 'dealer');
  const res = await page.request.get('/v2/student?pageSize=1&status=active', { headers: await sessionHeaders(page) });
  const student = ((await res.json()) as { data: { list: { name: string; mobile: string }[] } }).data.list[0];
  await page.goto('/student/list?tab=class-card-op');
  await page.locator('#op-student').fill(student.mobile);
  await pickOption(page, student.name);
  await page.getByRole('button', { name: 'Sell a card' }).click();
  const sell = page.getByRole('dialog', { name: 'Sell a card' });
  const amount = sell.getByLabel('Amount paid (¥)');
  await amount.fill('2880');
  await amount.press('Escape');
  const question = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('What you typed in this form will be lost.');
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(sell).toBeVisible();
  await expect(amount).toHaveValue('2880');
  // The close X asks too; Discard closes, and the form opens empty again.
  await sell.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(sell).toBeHidden();
  await page.getByRole('button', { name: 'Sell a card' }).click();
  await expect(page.getByRole('dialog', { name: 'Sell a card' }).getByLabel('Amount paid (¥)')).toHaveValue('');
  // An untouched form closes at once.
  await page.getByRole('dialog', { name: 'Sell a card' }).getByLabel('Amount paid (¥)').press('Escape');
  await expect(page.getByRole('dialog', { name: 'Sell a card' })).toBeHidden();
  await expect(question).toHaveCount(0);
});
