/** Campus management (docs/rules.md#permission-groups-and-data-scope, #campuses-and-online-sales, docs/screens.md#campus-management) as the demo dealer, with a second browser for the affected account. */
import { test, expect, type Browser, type Page, type TestInfo, serverUrl } from './fixtures';
import { login, resetBackend, rowAction, sessionHeaders } from './helpers';

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<{ status: number; data: T }> {
  const headers = { ...(await sessionHeaders(page)), 'accept-language': 'en-US' };
  const res = method === 'GET' ? await page.request.get(path, { headers }) : await page.request.post(path, { headers, data });
  return { status: res.status(), data: ((await res.json()) as { data: T }).data };
}

/** A second signed-in user in their own browser context (own local storage). */
async function otherUser(browser: Browser, info: TestInfo, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: serverUrl(info), locale: 'en-US', reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await login(page, username);
  return page;
}

const sider = (page: Page) => page.locator('.ant-pro-sider');
const totalOf = async (page: Page) => Number((await page.getByText(/of \d+ items/).first().innerText()).match(/of (\d+) items/)![1]);

async function editGroup(page: Page, name: string) {
  await page.goto('/campus/permissions');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit permission group' })).toBeVisible();
  await expect(page.getByLabel('Group name')).toHaveValue(name);
}

test('permission groups: the sales group loses the customer center (menu and 403), gets it back; data scope "own" shrinks the sales student list', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  await login(page, 'dealer');
  const sales = await otherUser(browser, info, 'sales');
  await expect(sider(sales).getByText('Customer center')).toBeVisible();
  expect((await api(sales, 'GET', '/v2/customer?page=1&pageSize=5')).status).toBe(200);

  await editGroup(page, 'Sales / 销售');
  const flag = page.getByRole('switch', { name: 'Customer center' });
  await expect(flag).toBeChecked();
  await flag.click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/campus\/permissions$/);

  await sales.reload();
  await expect(sales.locator('.ant-pro-layout')).toBeVisible();
  await expect(sider(sales).getByText('Student management')).toBeVisible();
  await expect(sider(sales).getByText('Customer center')).toHaveCount(0);
  expect((await api(sales, 'GET', '/v2/customer?page=1&pageSize=5')).status).toBe(403);

  await editGroup(page, 'Sales / 销售');
  await page.getByRole('switch', { name: 'Customer center' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/campus\/permissions$/);
  await sales.reload();
  await expect(sider(sales).getByText('Customer center')).toBeVisible();
  expect((await api(sales, 'GET', '/v2/customer?page=1&pageSize=5')).status).toBe(200);

  // Data scope: from the whole company to the sales person's own students.
  await sales.goto('/student/list');
  await expect(sales.getByText(/of \d+ items/).first()).toBeVisible();
  const before = await totalOf(sales);
  await editGroup(page, 'Sales / 销售');
  await page.getByText('Own records', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/campus\/permissions$/);
  await expect(page.getByRole('row', { name: /Sales \/ 销售/ })).toContainText('Own records');
  await sales.reload();
  await expect(sales.getByText(/of \d+ items/).first()).toBeVisible();
  const after = await totalOf(sales);
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThan(before);
  const listed = await api<{ total: number }>(sales, 'GET', '/v2/student?page=1&pageSize=10');
  expect(listed.data.total).toBe(after);

  // The owner's group keeps everything: its switches are locked.
  await editGroup(page, 'Store manager / 店长');
  await expect(page.getByText('The store owner is in this group')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Customer center' })).toBeDisabled();
  await sales.context().close();
});

test('campuses: add a campus and make it the main campus; staff per campus', async ({ page }) => {
  await login(page, 'dealer');
  await page.goto('/campus/list');
  await expect(page.getByRole('row', { name: /Downtown/ })).toContainText('Main campus');
  await page.getByRole('button', { name: 'Add campus' }).click();
  const add = page.getByRole('dialog', { name: 'Add campus' });
  await add.getByLabel('Campus name').fill('Lakeside 湖畔');
  await add.getByLabel('Address').fill('66 Hubin Road');
  await add.getByLabel('Phone').fill('021-62880003');
  await add.getByRole('button', { name: 'OK' }).click();
  await expect(add).toHaveCount(0);
  const row = page.getByRole('row', { name: /Lakeside 湖畔/ });
  await expect(row).toBeVisible();
  await (await rowAction(row, 'Make main Lakeside 湖畔')).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Lakeside 湖畔 is now the main campus.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Lakeside 湖畔/ })).toContainText('Main campus');
  await expect(page.getByRole('row', { name: /Downtown/ })).not.toContainText('Main campus');
  const campuses = await api<{ list: { name: string; isMain: boolean }[] }>(page, 'GET', '/v2/company_kt/campus?page=1&pageSize=10');
  expect(campuses.data.list.filter((c) => c.isMain).map((c) => c.name)).toEqual(['Lakeside 湖畔']);
  // The former main campus is a branch with days of its own, not the company's (issue 29).
  await expect(page.getByRole('row', { name: /Downtown/ })).toContainText('30 days left');
  // Back again: the new campus is the 30-day branch it was; making a campus main moved no days.
  await (await rowAction(page.getByRole('row', { name: /Downtown/ }), 'Make main Downtown')).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Downtown is now the main campus.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Lakeside 湖畔/ })).toContainText('30 days left');
  await expect(page.getByRole('row', { name: /Lakeside 湖畔/ })).not.toContainText('Main campus');
  // Staff of a campus come from the staff table.
  await (await rowAction(page.getByRole('row', { name: /Riverside/ }), 'Staff of Riverside')).click();
  await expect(page.getByRole('dialog', { name: 'Staff of Riverside' }).locator('.ant-table-row').first()).toBeVisible();
});

test('theme colour: a low-contrast colour is refused; a good one applies to the console and stays after reload', async ({ page }) => {
  await login(page, 'dealer');
  await page.goto('/campus/theme-color');
  // Typed once the page has loaded and the field holds the saved colour (a CI run once missed the refusal; not reproduced here).
  await expect(page.getByText(/Current colour/)).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  const input = page.getByLabel('Colour (#RRGGBB)');
  await expect(input).not.toHaveValue('');
  await input.fill('#FFD700');
  await expect(page.getByText(/below the 4\.5:1 of WCAG AA/)).toBeVisible();
  await page.getByRole('button', { name: 'Apply to the console' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /White text on #FFD700 has a contrast of/ })).toBeVisible();
  await input.fill('#1D4ED8');
  await expect(page.getByText(/passes WCAG AA/)).toBeVisible();
  await page.getByRole('button', { name: 'Apply to the console' }).click();
  await expect(page.getByText('Theme colour applied')).toBeVisible();
  const primary = page.getByRole('button', { name: 'Apply to the console' });
  await expect(primary).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Apply to the console' })).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  await page.goto('/campus/list');
  await expect(page.getByRole('button', { name: 'Add campus' })).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  const info = await api<{ company: { themeColor?: string } }>(page, 'GET', '/v2/user/info');
  expect(info.data.company.themeColor).toBe('#1D4ED8');
});

test('accounts: disabling a staff account ends its open session at once', async ({ page, browser }, info) => {
  await login(page, 'dealer');
  const teacher = await otherUser(browser, info, 'teacher');
  await page.goto('/account/staff');
  await page.getByLabel('Search', { exact: true }).fill('王若汐');
  await page.keyboard.press('Enter');
  const row = page.getByRole('row', { name: /王若汐/ }).filter({ hasText: 'teacher' });
  await expect(row).toContainText('Active');
  await (await rowAction(row, 'Disable 王若汐')).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Account disabled; its sessions have ended.')).toBeVisible();
  await expect(page.getByRole('row', { name: /王若汐/ }).filter({ hasText: 'teacher' })).toContainText('Disabled');
  expect((await api(teacher, 'GET', '/v2/user/info')).status).toBe(401);
  await teacher.reload();
  await expect(teacher).toHaveURL(/\/user\/login/);
  await teacher.context().close();
});

test('online sale: a parent buys a card on the public page; the card, its add record and the online order show up', async ({ page, browser }, info) => {
  test.setTimeout(90_000);
  await login(page, 'dealer');
  const pages = await api<{ campusId: number; code: string; templateIds: number[] }[]>(page, 'GET', '/v2/campus_web');
  const downtown = pages.data.find((p) => p.campusId === 1)!;
  // The public page, outside the login, in a fresh browser.
  const context = await browser.newContext({ baseURL: serverUrl(info), locale: 'en-US', reducedMotion: 'reduce' });
  const parent = await context.newPage();
  await parent.goto(`/w/${downtown.code}`);
  await parent.evaluate(() => window.localStorage.setItem('locale', 'en-US'));
  await parent.reload();
  await expect(parent.getByRole('heading', { name: /Starlight Dance · Downtown/ })).toBeVisible();
  const buy = parent.getByRole('button', { name: /^Buy / }).first();
  const cardName = ((await buy.getAttribute('aria-label')) ?? '').replace(/^Buy /, '');
  await buy.click();
  const dialog = parent.getByRole('dialog', { name: `Buy ${cardName}` });
  await dialog.getByLabel('Student name').fill('林小溪');
  await dialog.getByLabel('Parent name').fill('林妈妈');
  await dialog.getByLabel('Mobile').fill('13966667777');
  await dialog.getByRole('button', { name: /Place order/ }).click();
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(dialog.getByText('Paid. Thank you!')).toBeVisible();
  const cardNo = ((await dialog.getByText(/The class card \S+ is ready/).innerText()).match(/card (\S+) is ready/) ?? [])[1];
  expect(cardNo).toBeTruthy();
  await context.close();

  // The school sees the online order, the card and its add record.
  await page.goto('/campus/online-order');
  const row = page.getByRole('row', { name: /林小溪/ });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText(cardNo);
  const cards = await api<{ list: { id: number; cardNo: string; studentName: string; templateName: string }[] }>(page, 'GET', `/v2/student_card?keyword=${encodeURIComponent(cardNo)}`);
  const card = cards.data.list.find((c) => c.cardNo === cardNo)!;
  expect(card.studentName).toBe('林小溪');
  expect(card.templateName).toBe(cardName);
  const records = await api<{ list: { type: string; cardNo: string }[] }>(page, 'GET', `/v2/hour_record?keyword=${encodeURIComponent(cardNo)}&pageSize=50`);
  expect(records.data.list.filter((r) => r.cardNo === cardNo).map((r) => r.type)).toContain('add');
});

test('public page: a second sign-up of a mobile says so; past the address’s limit the page says why (issue 29)', async ({ page, browser }, info) => {
  test.setTimeout(90_000);
  await login(page, 'dealer');
  const pages = await api<{ campusId: number; code: string }[]>(page, 'GET', '/v2/campus_web');
  const downtown = pages.data.find((p) => p.campusId === 1)!;
  expect(downtown.code).toMatch(/^[a-z2-9]{16}$/);
  const context = await browser.newContext({ baseURL: serverUrl(info), locale: 'en-US', reducedMotion: 'reduce' });
  const parent = await context.newPage();
  await parent.goto(`/w/${downtown.code}`);
  await parent.evaluate(() => window.localStorage.setItem('locale', 'en-US'));
  const signUp = async (name: string, mobile: string) => {
    await parent.reload();
    await parent.getByLabel('Your name').fill(name);
    await parent.getByLabel('Mobile').fill(mobile);
    await parent.getByRole('button', { name: 'Sign up' }).click();
  };
  await signUp('宋妈妈', '13977770001');
  await expect(parent.getByText('Thank you! The school will call you soon.')).toBeVisible();
  await signUp('宋爸爸', '13977770001');
  await expect(parent.getByText('This mobile has already signed up on this page: the school will call you soon.')).toBeVisible();
  // Eight more from this address (the server counts the connection's address), then the eleventh is refused.
  for (let i = 2; i < 10; i += 1) {
    const res = await parent.request.post(`/v2/public/web/${downtown.code}/signup`, { data: { parentName: '家长', mobile: `1397777000${i}` } });
    expect(res.status()).toBe(200);
  }
  await signUp('宋妈妈', '13977770099');
  await expect(parent.getByText('Too many sign-ups or orders from your network: try again in 60 minutes.')).toBeVisible();
  await context.close();
  // The school has one row for the repeated mobile, under the newest name.
  const rows = await api<{ list: { name: string; mobile: string }[] }>(page, 'GET', '/v2/wdc_customer?keyword=1397777&pageSize=50');
  expect(rows.data.list.filter((r) => r.mobile === '13977770001').map((r) => r.name)).toEqual(['宋爸爸']);
  expect(rows.data.list.some((r) => r.mobile === '13977770099')).toBe(false);
  // The old kind of code (campus id and a multiple of 7,919) opens nothing.
  expect((await page.request.get(`/v2/public/web/c1${(7919).toString(36)}`)).status()).toBe(404);
});

test('contracts: print a card’s contract from the card drawer', async ({ page }) => {
  await login(page, 'dealer');
  const cards = await api<{ list: { studentId: number; cardNo: string }[] }>(page, 'GET', '/v2/student_card?page=1&pageSize=1&status=active');
  const { studentId, cardNo } = cards.data.list[0];
  await page.goto(`/student/list?studentId=${studentId}`);
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('tab', { name: /Cards/ }).click();
  // The contract is among the card's actions behind "More" (issue 31).
  await drawer.locator('.ant-table-row').filter({ hasText: cardNo }).getByRole('button', { name: 'More actions' }).click();
  const link = page.locator('.row-actions-menu:visible').getByLabel(`Contract of card ${cardNo}`);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await link.click();
  const dialog = page.getByRole('dialog', { name: `Contract of card ${cardNo}` });
  await expect(dialog).toContainText('Training services agreement');
  await expect(dialog).toContainText(cardNo);
  await expect(dialog).toContainText('Starlight Dance');
  await dialog.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
});
