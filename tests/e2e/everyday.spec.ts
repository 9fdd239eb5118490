/**
 * Everyday use (issue 9): forms that open clean, pinned actions, links that keep their filters, Excel export of all
 * pages, jump search, the expired owner's landing page.
 */
import { expect, test, type Page } from './fixtures';
import { Workbook } from 'exceljs';
import { dismissReminder, login, open, resetBackend, sessionHeaders } from './helpers';

const totalOf = async (page: Page) => Number((await page.locator('.ant-pagination-total-text').first().innerText()).match(/of (\d+) items/)![1]);

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

test('students: add twice opens empty, actions pinned at 1280 px, export has every row of the filtered list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'manager');
  await dismissReminder(page);
  await open(page, '/student/list?tab=StudentList');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();

  // Add twice: the second form is empty (typed then cancelled).
  await page.getByRole('button', { name: 'Add student' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add student' });
  await dialog.getByLabel('Student name').fill('First Child');
  await dialog.getByLabel('Remark').fill('Allergic to peanuts');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // A filled form asks before throwing the input away (issue 31).
  await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Add student' }).click();
  dialog = page.getByRole('dialog', { name: 'Add student' });
  await expect(dialog.getByLabel('Student name')).toHaveValue('');
  await expect(dialog.getByLabel('Remark')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The Actions column is pinned right and on screen at 1280 px.
  const actions = page.locator('.ant-table-thead th').filter({ hasText: 'Actions' }).first();
  await expect(actions).toHaveClass(/ant-table-cell-fix-right/);
  const box = (await actions.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  expect(box.x).toBeGreaterThan(0);

  // Export: every row of the list (all pages), as the list counts them.
  const total = await totalOf(page);
  expect(total).toBeGreaterThan(10);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').first().click()]);
  const wb = new Workbook();
  await wb.xlsx.readFile((await download.path())!);
  const ws = wb.worksheets[0];
  expect(ws.actualRowCount - 1).toBe(total);
  expect(String(ws.getRow(1).getCell(1).value)).toBeTruthy();
});

/** Every row of a list call (pages of 200), with the browser's session: the server's figures. */
async function listAll<T>(page: Page, path: string): Promise<T[]> {
  const headers = await sessionHeaders(page);
  const rows: T[] = [];
  for (let p = 1; ; p += 1) {
    const res = await page.request.get(`${path}?page=${p}&pageSize=200`, { headers });
    const { data } = (await res.json()) as { data: { list: T[]; total: number } };
    rows.push(...data.list);
    if (rows.length >= data.total || !data.list.length) return rows;
  }
}

/** The export of the open tab, read with exceljs: the cells of the column titled `title`, below the header. */
async function exportedColumn(page: Page, ...titles: string[]) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').first().click()]);
  const wb = new Workbook();
  await wb.xlsx.readFile((await download.path())!);
  const ws = wb.worksheets[0];
  const header = ws.getRow(1).values as unknown[];
  return titles.map((title) => {
    const at = header.indexOf(title);
    expect(at, title).toBeGreaterThan(0);
    return Array.from({ length: ws.actualRowCount - 1 }, (_, i) => ws.getRow(i + 2).getCell(at));
  });
}

const tenths = (n: number) => Math.round(n * 10);
const cents = (n: number) => Math.round(n * 100);

test('exports sum: the student and card exports hold hours and money as numbers that add up to the lists', async ({ page }) => {
  await login(page, 'dealer');
  await dismissReminder(page);

  // Students: "Hours left" is a number with one decimal; the column sums to the list's hours.
  await open(page, '/student/list?tab=StudentList');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const students = await listAll<{ activeHours: number }>(page, '/v2/student');
  const [hours, joined] = await exportedColumn(page, 'Hours left', 'Joined');
  expect(hours).toHaveLength(students.length);
  expect(hours.every((c) => typeof c.value === 'number' && c.numFmt === '0.0')).toBe(true);
  const hoursSum = hours.reduce((s, c) => s + tenths(c.value as number), 0);
  expect(hoursSum).toBeGreaterThan(0);
  expect(hoursSum).toBe(students.reduce((s, r) => s + tenths(r.activeHours), 0));
  expect(joined.every((c) => c.value instanceof Date && c.numFmt === 'yyyy-mm-dd hh:mm')).toBe(true);

  // Cards: "Paid" is money with the currency in its format, "Hours left" hours (period cards empty); both add up.
  await open(page, '/student/list?tab=class-card-list');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const cards = await listAll<{ kind: string; remainingHours: number; paidAmount: number }>(page, '/v2/student_card');
  const [paid, left, expiry, cardNo] = await exportedColumn(page, 'Paid', 'Hours left', 'Expires', 'Card no.');
  expect(paid).toHaveLength(cards.length);
  expect(paid.every((c) => typeof c.value === 'number' && c.numFmt === '"¥"#,##0.00')).toBe(true);
  const paidSum = paid.reduce((s, c) => s + cents(c.value as number), 0);
  expect(paidSum).toBeGreaterThan(0);
  expect(paidSum).toBe(cards.reduce((s, r) => s + cents(r.paidAmount), 0));
  expect(paid.every((c) => cents(c.value as number) / 100 === c.value)).toBe(true);
  const countCards = cards.filter((c) => c.kind === 'count');
  expect(left.filter((c) => typeof c.value === 'number')).toHaveLength(countCards.length);
  expect(left.reduce((s, c) => s + (typeof c.value === 'number' ? tenths(c.value) : 0), 0)).toBe(countCards.reduce((s, r) => s + tenths(r.remainingHours), 0));
  expect(expiry.every((c) => c.value instanceof Date && c.numFmt === 'yyyy-mm-dd')).toBe(true);
  expect(cardNo.every((c) => typeof c.value === 'string')).toBe(true);
});

test('dashboard: pending leave opens the leave list filtered to pending with the same count', async ({ page }) => {
  await login(page, 'manager');
  await dismissReminder(page);
  const link = page.getByTestId('pending-leave-link');
  await expect(link.locator('.ant-statistic-content-value')).toBeVisible();
  const count = Number((await link.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/tab=leave&status=pending/);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect.poll(() => totalOf(page)).toBe(count);
  await expect(page.locator('.ant-table-row').filter({ hasNotText: 'Pending' })).toHaveCount(0);
});

test('actions stay pinned and on screen at 1280 and 1440 px on a representative set of lists', async ({ page }) => {
  await login(page, 'dealer');
  await dismissReminder(page);
  // Students, classes, lead pool, staff, a finance list, campus lists (a ListTable default and plain ProTables).
  for (const path of ['/student/list?tab=StudentList', '/school/class', '/lead', '/school/staff', '/finance/salary', '/campus/permissions', '/pact']) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, path);
    const actions = page.locator('.ant-table-thead th').filter({ hasText: /^Actions$/ }).first();
    await expect(actions, path).toBeVisible();
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(actions, `${path} at ${width}`).toHaveClass(/ant-table-cell-fix-right/);
      await expect
        .poll(async () => {
          const box = (await actions.boundingBox())!;
          return box.x > 0 && box.x + box.width <= width;
        }, { message: `${path} at ${width}` })
        .toBe(true);
    }
  }
});

test('dashboard: the renewal figure and the roll-call counter open their lists filtered the same way, with the same counts', async ({ page }) => {
  await login(page, 'manager');
  await dismissReminder(page);
  const link = page.getByTestId('renew-low-link');
  await expect(link).toBeVisible();
  const count = Number((await link.innerText()).match(/^(\d+)/)![1]);
  expect(count).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/tab=class-card-list&renew=low/);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect.poll(() => totalOf(page)).toBe(count);
  // The filter is visible in the search form (and can be cleared there).
  await expect(page.locator('.ant-pro-query-filter').getByText('Few hours')).toBeVisible();

  // The schedule counter: lessons waiting for roll call open the lesson list filtered the same way.
  await open(page, '/dashboard');
  const waiting = page.getByRole('link').filter({ hasText: 'Lessons waiting for roll call' });
  await expect(waiting.locator('.ant-statistic-content-value')).toBeVisible();
  const lessons = Number((await waiting.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));
  expect(lessons).toBeGreaterThan(0);
  await waiting.click();
  await expect(page).toHaveURL(/\/schedule\/class-record\?rollCall=waiting/);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect.poll(() => totalOf(page)).toBe(lessons);
  await expect(page.locator('.ant-table-row').filter({ hasNotText: 'Waiting for roll call' })).toHaveCount(0);
});

test('lead statistics: a funnel count opens the lead list with the same status, dates and count', async ({ page }) => {
  await login(page, 'dealer');
  await dismissReminder(page);
  await open(page, '/customer/data');
  const figure = page.getByTestId('funnel-following');
  await expect(figure).toBeVisible();
  const count = Number(await figure.innerText());
  expect(count).toBeGreaterThan(0);
  await figure.click();
  await expect(page).toHaveURL(/\/customer\?status=following&startDate=\d{4}-\d{2}-\d{2}&endDate=\d{4}-\d{2}-\d{2}/);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect.poll(() => totalOf(page)).toBe(count);
  await expect(page.locator('.ant-table-row').filter({ hasNotText: 'Following' })).toHaveCount(0);
});

test('switching the language keeps what was typed (no reload); the week picker names the week in both languages', async ({ page }) => {
  await login(page, 'manager');
  await dismissReminder(page);
  await open(page, '/student/list?tab=StudentList');
  const keyword = page.locator('.ant-pro-query-filter input#keyword');
  await keyword.fill('typed before the switch');
  await page.evaluate(() => ((window as unknown as { beforeSwitch: boolean }).beforeSwitch = true));
  await page.getByRole('button', { name: /Language/ }).hover();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('.ant-pro-query-filter').getByRole('button', { name: /查\s*询/ })).toBeVisible();
  await expect(keyword).toHaveValue('typed before the switch');
  expect(await page.evaluate(() => (window as unknown as { beforeSwitch?: boolean }).beforeSwitch)).toBe(true);

  // The timetable's week: ISO week of today with its Monday–Sunday, in Chinese then English.
  const now = new Date();
  const day = (now.getDay() + 6) % 7; // Monday = 0
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - day);
  const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
  const thursday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 3);
  const week = Math.floor((Date.UTC(thursday.getFullYear(), thursday.getMonth(), thursday.getDate()) - Date.UTC(thursday.getFullYear(), 0, 1)) / 86400000 / 7) + 1;
  const md = (d: Date) => `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  await page.evaluate(() => window.history.pushState({}, '', '/schedule-table'));
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
  const picker = page.getByLabel(/^(Pick a week|选择周)$/);
  await expect(picker).toHaveValue(`${thursday.getFullYear()}年第${week}周（${md(monday)} – ${md(sunday)}）`);
  await page.getByRole('button', { name: /语言/ }).hover();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(picker).toHaveValue(`${thursday.getFullYear()} · Week ${week} (${md(monday)} – ${md(sunday)})`);
  expect(await page.evaluate(() => (window as unknown as { beforeSwitch?: boolean }).beforeSwitch)).toBe(true);
});

test('jump search finds a student by name and opens the record; Ctrl+K focuses it', async ({ page }) => {
  await login(page, 'manager');
  await dismissReminder(page);
  await open(page, '/school/room');
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('jump-search')).toBeFocused();
  // A student of the list: search by the first row's name.
  await open(page, '/student/list?tab=StudentList');
  const first = page.locator('.ant-table-row').first();
  await expect(first).toBeVisible();
  const name = (await first.locator('td').nth(0).innerText()).trim().split('\n')[0];
  await page.getByTestId('jump-search').fill(name);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [data-testid^="jump-student-"]').first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/student\/list\?keyword=\d+&studentId=\d+/);
  await expect(page.getByRole('dialog').getByText(name).first()).toBeVisible();
});

test('the expired owner lands on /renew', async ({ page }) => {
  await login(page, 'maple');
  await expect(page).toHaveURL(/\/renew$/);
  await expect(page.getByRole('dialog', { name: 'Account expired' })).toHaveCount(0);
});

test('one highlighted menu entry: its own on /customer/formal and /customer/data, the list on /schedule/free/add, none on /user/setting; each with its title (page and browser tab)', async ({ page }) => {
  await login(page, 'dealer');
  await dismissReminder(page);
  const cases: [string, string[], string][] = [
    ['/customer/formal', ['Converted customers'], 'Converted customers'],
    ['/customer/data', ['Lead statistics'], 'Lead statistics'],
    ['/schedule/free/add', ['Free trials'], 'Book a free trial'],
    ['/user/setting', [], 'Personal settings'],
  ];
  for (const [path, selected, title] of cases) {
    await open(page, path);
    await expect(page.getByRole('heading', { name: title, exact: true }).first(), path).toBeVisible();
    await expect(page, path).toHaveTitle(`${title} - Campus Console`);
    await expect.poll(() => page.locator('.ant-pro-sider .ant-menu-item-selected').allInnerTexts(), { message: path }).toEqual(selected);
  }
});
