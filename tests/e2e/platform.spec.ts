/**
 * Platform administration (issue 14) as the demo admin and the demo service account: company lifecycle (disable,
 * recover, renew), Excel import all-or-nothing, package price, the audit log, and read-only service access.
 */
import { test, expect, type APIRequestContext, type Browser, type Page } from './fixtures';
import ExcelJS from 'exceljs';
import { login, open, openSelect, pickOption, resetBackend, PASSWORDS, rowAction } from './helpers';

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function apiLogin(request: APIRequestContext, username: string) {
  const res = await request.post('/v2/user/login/password', { data: { username, password: PASSWORDS[username] } });
  const body = (await res.json()) as { code: number; data?: { token: string; satoken: string }; msg?: string };
  return { status: res.status(), body, headers: (body.data ? { 'request-token': body.data.token, satoken: body.data.satoken } : {}) as Record<string, string> };
}

async function apiGet<T>(request: APIRequestContext, headers: Record<string, string>, path: string): Promise<T> {
  const res = await request.get(path, { headers });
  expect(res.ok(), path).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/** A fresh browser context (no shared storage) logging in through the form. */
async function otherUserLogin(browser: Browser, baseURL: string, username: string) {
  const ctx = await browser.newContext({ baseURL, locale: 'en-US', reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto('/user/login');
  await page.evaluate(() => window.localStorage.setItem('locale', 'en-US'));
  await page.reload();
  await page.getByLabel('Account or mobile', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORDS[username]);
  await page.getByRole('button', { name: 'Log in' }).click();
  return { ctx, page };
}

async function searchCompany(page: Page, keyword: string) {
  await page.getByPlaceholder('Company, owner or mobile').fill(keyword);
  await page.getByRole('button', { name: 'Query' }).click();
  await expect(rows(page)).toHaveCount(1);
  return rows(page).first();
}

async function companiesFile(data: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('companies');
  ws.addRow(['Company name 公司名称 *', 'Owner 负责人 *', 'Owner mobile 负责人手机号 *', 'Valid days 有效天数 *', 'Address 地址', 'Remark 备注']);
  for (const r of data) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

test('companies: disable refuses the owner at login, recover adds the days back, renew unlocks an expired company', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await login(page, 'admin');
  await open(page, '/company');
  await expect(rows(page).first()).toBeVisible();

  // Disable Sunrise Art: its owner is logged out and refused at login with the message.
  const owner = await apiLogin(page.request, 'sunrise');
  let row = await searchCompany(page, 'Sunrise Art');
  await (await rowAction(row, 'Disable')).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Company disabled; its users were logged out.')).toBeVisible();
  await expect(rows(page).first()).toContainText('Disabled');
  expect((await page.request.get('/v2/user/info', { headers: owner.headers })).status()).toBe(401);
  const sunrise = await otherUserLogin(browser, baseURL!, 'sunrise');
  await expect(sunrise.page.getByRole('alert')).toContainText('Your company Sunrise Art has been disabled by the platform. Please contact platform customer service.');

  // Recover it (disabled today: nothing to add), then a company disabled 10 days ago gets its 10 days back.
  row = rows(page).first();
  await (await rowAction(row, 'Recover')).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/Recovered: 0 days added back/)).toBeVisible();
  await sunrise.page.getByRole('button', { name: 'Log in' }).click();
  await expect(sunrise.page.locator('.ant-pro-layout')).toBeVisible();
  await sunrise.ctx.close();

  row = await searchCompany(page, 'Blue Whale');
  await expect(row).toContainText('Disabled');
  await expect(row.locator('td').nth(5)).toHaveText('10');
  await (await rowAction(row, 'Recover')).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/Recovered: 10 days added back/)).toBeVisible();
  await expect(rows(page).first().locator('td').nth(5)).toHaveText('20');
  await expect(rows(page).first()).toContainText('Expiring (30 days)');

  // Renew Maple Music (expired): the log keeps before and after; the maple account is unlocked at its next login.
  row = await searchCompany(page, 'Maple Music');
  await expect(row).toContainText('Expired');
  await (await rowAction(row, 'Renew')).click();
  const dialog = page.getByRole('dialog', { name: 'Renew Maple Music' });
  await dialog.getByLabel('Days to add').fill('90');
  await expect(dialog.getByText(/Valid until \d{4}-\d{2}-\d{2} → \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await dialog.getByLabel('Remark').fill('Paid by bank transfer');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/Renewed: valid until/)).toBeVisible();
  await expect(rows(page).first().locator('td').nth(5)).toHaveText('90');
  const admin = await apiLogin(page.request, 'admin');
  const log = await apiGet<{ list: { kind: string; days: number; before: string; after: string; remark?: string }[] }>(page.request, admin.headers, '/v2/company_kt/renew_log?companyId=4');
  expect(log.list[0]).toMatchObject({ kind: 'renew', days: 90, remark: 'Paid by bank transfer' });
  expect(log.list[0].after > log.list[0].before).toBe(true);
  const maple = await otherUserLogin(browser, baseURL!, 'maple');
  await expect(maple.page.locator('.ant-pro-layout')).toBeVisible();
  await expect(maple.page.getByRole('dialog', { name: 'Account expired' })).toHaveCount(0);
  await maple.page.goto('/student/list');
  await expect(maple.page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await maple.ctx.close();
});

test('Excel import: a file with a bad row is refused with the row error and creates nothing; the fixed file imports all', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'admin');
  await open(page, '/company');
  const admin = await apiLogin(page.request, 'admin');
  const count = async () => (await apiGet<{ total: number }>(page.request, admin.headers, '/v2/company_kt?pageSize=1')).total;
  const before = await count();

  await page.getByRole('button', { name: 'Import from Excel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import companies' });
  const bad = [
    ['Harbor Kids Chess 海港少儿象棋', '王一鸣', '13912340011', 365, '9 Harbor Road', ''],
    ['Pine Hill Guitar 松山吉他', '李思', '1391234', 90, '', ''],
  ];
  await dialog.locator('input[type=file]').setInputFiles({ name: 'companies.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await companiesFile(bad) });
  await expect(dialog.getByText('1 of 2 rows have errors: fix them in the file and choose it again. Nothing is imported.')).toBeVisible();
  await expect(dialog.locator('tr', { hasText: 'Pine Hill Guitar' })).toContainText('Mobile must be 11 digits starting with 1');
  await expect(dialog.locator('tr', { hasText: 'Harbor Kids Chess' })).toContainText('OK');
  await expect(dialog.getByRole('button', { name: 'Import 2 companies' })).toBeDisabled();
  // The server refuses the same rows too (all or nothing).
  const refused = await page.request.post('/v2/company/import_batch_excel', {
    headers: admin.headers,
    data: { rows: bad.map(([name, ownerName, ownerMobile, days]) => ({ name, ownerName, ownerMobile, days })) },
  });
  expect(refused.status()).toBe(400);
  expect(await count()).toBe(before);

  bad[1][2] = '13912340012';
  await dialog.locator('input[type=file]').setInputFiles({ name: 'companies-fixed.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await companiesFile(bad) });
  await expect(dialog.getByText('All 2 rows are valid.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 companies' }).click();
  await expect(page.getByText('2 companies imported.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The new owners with their one-time passwords, shown this once (issue 29).
  const owners = page.getByRole('dialog', { name: 'Owner sign-in' });
  await expect(owners.getByText('Shown only this once')).toBeVisible();
  await expect(owners.locator('tr', { hasText: '13912340011' }).getByTestId('one-time-password')).toHaveText(/^[A-Za-z2-9]{12}$/);
  await expect(owners.locator('tr', { hasText: '13912340012' }).getByTestId('one-time-password')).toHaveText(/^[A-Za-z2-9]{12}$/);
  await owners.getByRole('button', { name: 'I have copied it' }).click();
  await expect(owners).toHaveCount(0);
  expect(await count()).toBe(before + 2);
  const row = await searchCompany(page, 'Pine Hill Guitar');
  await expect(row).toContainText('13912340012');
  await expect(row.locator('td').nth(5)).toHaveText('90');
});

test('package price and the audit log: a dealer card sale found with its before/after values', async ({ page }) => {
  test.setTimeout(90_000);
  // The dealer sells a card (through the API, as the card screens do).
  const dealer = await apiLogin(page.request, 'dealer');
  const students = await apiGet<{ list: { id: number; name: string }[] }>(page.request, dealer.headers, '/v2/student?pageSize=1&status=active');
  const templates = await apiGet<{ value: number; template: { kind: string; price: number; hours: number } }[]>(page.request, dealer.headers, '/v2/card_template/options');
  const tpl = templates.find((x) => x.template.kind === 'count')!;
  const sellers = await apiGet<{ value: number }[]>(page.request, dealer.headers, '/v2/company_staff/options');
  const today = new Date().toISOString().slice(0, 10);
  const sale = await page.request.post('/v2/student_card/sell', {
    headers: dealer.headers,
    data: { studentId: students.list[0].id, templateId: tpl.value, amount: tpl.template.price, method: 'wechat', sellerId: sellers[0].value, startDate: today },
  });
  expect(sale.ok(), await sale.text()).toBeTruthy();

  await login(page, 'admin');
  await open(page, '/package');
  await (await rowAction(rows(page).filter({ hasText: 'Quarter' }), 'Edit')).click();
  const edit = page.getByRole('dialog', { name: 'Edit package' });
  await edit.getByLabel('Price').fill('1380');
  await edit.getByRole('button', { name: 'OK' }).click();
  await expect(edit).toHaveCount(0);
  await expect(rows(page).filter({ hasText: 'Quarter' })).toContainText('¥1,380.00');
  const admin = await apiLogin(page.request, 'admin');
  const pkgs = await apiGet<{ list: { name: string; price: number }[] }>(page.request, admin.headers, '/v2/package/list');
  expect(pkgs.list.find((p) => p.name === 'Quarter')!.price).toBe(1380);

  await open(page, '/operate');
  await openSelect(page, 'User');
  await pickOption(page, '周晓彤');
  // Issue 31: the row reads as a sentence (kind of action "Cards"), its changes labelled.
  await openSelect(page, 'Kind of action');
  await pickOption(page, 'Cards');
  await page.getByRole('button', { name: 'Query' }).click();
  const first = rows(page).first();
  await expect(first).toContainText(new RegExp(`Sold card KC\\d+ to ${students.list[0].name}, ¥`));
  await expect(first).toContainText('Starlight Dance');
  await expect(first).toContainText('Cards issued: ');
  await first.getByRole('button', { name: /expand/i }).click();
  const changes = page.getByRole('table', { name: 'Changes' }).first();
  const change = (label: string) => changes.locator('tr').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
  await expect(change('Cards issued').locator('td').nth(1)).toHaveText(/^\d+$/);
  await expect(change('Hours bought').locator('td').nth(2)).toHaveText(`${tpl.template.hours}.0`);
  await expect(change('Student').first().locator('td').nth(2)).toHaveText(students.list[0].name);
  // The package price change is in the log too, with before and after.
  const log = await apiGet<{ list: { path: string; changes: { field: string; before?: unknown; after?: unknown }[] }[] }>(page.request, admin.headers, '/v2/operate_log?resource=package');
  expect(log.list[0].changes).toContainEqual({ field: 'price', before: 1280, after: 1380 });
});

test('service account reads every platform screen and changes nothing (no buttons, server refuses)', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'service');
  await open(page, '/company');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add company' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import from Excel' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export Excel' })).toBeVisible();
  await expect(page.locator('.ant-table-tbody').getByText('Disable', { exact: true })).toHaveCount(0);
  await expect(page.locator('.ant-table-tbody').getByText('Renew', { exact: true })).toHaveCount(0);
  await rows(page).first().getByText('Renewal log', { exact: true }).click();
  await expect(page.getByRole('dialog', { name: /Renewal log of/ })).toBeVisible();
  await page.keyboard.press('Escape');

  for (const [path, heading] of [
    ['/Admin', 'Platform overview'],
    ['/admin-order', 'Orders of all companies'],
    ['/account/user', 'All accounts'],
    ['/operate', 'Audit log'],
    ['/cool', 'Platform settings'],
  ]) {
    await open(page, path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  }
  await open(page, '/package');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add package' })).toHaveCount(0);
  await expect(page.locator('.ant-table-tbody').getByText('Edit', { exact: true })).toHaveCount(0);
  await open(page, '/cool/system');
  await expect(page.getByLabel('Service phone')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

  const service = await apiLogin(page.request, 'service');
  for (const [method, path, data] of [
    ['post', '/v2/company_kt/disable', { id: 3 }],
    ['post', '/v2/company_kt/renew_valid_day', { id: 4, days: 30 }],
    ['put', '/v2/package', { id: 1, name: 'Quarter', days: 90, price: 1, campuses: 1, onSale: true }],
    ['put', '/v2/company_role/service', { name: 'x', phone: '1', wechat: 'y' }],
  ] as const) {
    const res = await page.request[method](path, { headers: service.headers, data });
    expect([path, res.status()]).toEqual([path, 403]);
  }
  const admin = await apiLogin(page.request, 'admin');
  const sunrise = await apiGet<{ list: { state: string }[] }>(page.request, admin.headers, '/v2/company_kt?keyword=Sunrise%20Art');
  expect(sunrise.list[0].state).toBe('expiring');

  // A company role gets the 403 page and a 403 from the server.
  const dealer = await apiLogin(page.request, 'dealer');
  expect((await page.request.get('/v2/company_kt', { headers: dealer.headers })).status()).toBe(403);
});
