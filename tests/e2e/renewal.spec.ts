/** Issue 30: a card cannot be sold already expired; a renewed student leaves "running low" everywhere. */
import { test, expect, type Page } from './fixtures';
import { login, openSelect, pickOption, resetBackend, sessionHeaders, rowAction } from './helpers';

async function api<T>(page: Page, path: string, init: { method?: string; data?: unknown } = {}): Promise<{ status: number; body: { code: number; data: T; msg?: string } }> {
  const res = await page.request.fetch(path, { method: init.method ?? 'GET', data: init.data, headers: { ...(await sessionHeaders(page)), 'accept-language': 'en-US' } });
  return { status: res.status(), body: await res.json() };
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

test('dealer cannot sell a card that would already be expired: the form and the server refuse it', async ({ page }) => {
  await login(page, 'dealer');
  const student = (await api<{ list: { id: number; name: string; mobile: string }[] }>(page, '/v2/student?pageSize=1&status=active')).body.data.list[0];
  const orders = async () => (await api<{ total: number }>(page, `/v2/card_order?studentId=${student.id}&pageSize=1`)).body.data.total;
  const before = await orders();
  await page.goto('/student/list?tab=class-card-op');
  await page.locator('#op-student').fill(student.mobile);
  await pickOption(page, student.name);
  await page.getByRole('button', { name: 'Sell a card' }).click();
  const sell = page.getByRole('dialog', { name: 'Sell a card' });
  // A start date chosen first, then a 90-day template: the card would end on 2025-04-01.
  const start = sell.getByLabel('Start date');
  await start.click();
  await start.fill('2025-01-01');
  await start.press('Enter');
  await expect(start).toHaveValue('2025-01-01');
  await openSelect(sell, 'Card template');
  await pickOption(page, '10 课时体验卡');
  await expect(sell.getByLabel('Amount paid (¥)')).toHaveValue('1280');
  await sell.getByRole('button', { name: 'OK' }).click();
  await expect(sell.getByText('With this start date the card would end on 2025-04-01, before today: choose a later start date.')).toBeVisible();
  await expect(sell).toBeVisible();
  // With the template chosen, the picker disables the start dates whose card would end before today.
  await start.click();
  await start.fill('2025-01-01');
  await expect(page.locator('.ant-picker-dropdown:visible td[title="2025-01-01"]')).toHaveClass(/ant-picker-cell-disabled/);
  await start.press('Escape');
  // The server refuses it too (400 naming the field), and no money was taken.
  const r = await api(page, '/v2/student_card/sell', { method: 'POST', data: { studentId: student.id, templateId: 1, amount: 1280, method: 'cash', sellerId: 1, startDate: '2025-01-01' } });
  expect(r.status).toBe(400);
  expect(r.body.msg).toBe('Start date: the card would end on 2025-04-01, before today; choose a later start date.');
  expect(await orders()).toBe(before);
});

test('dealer renews a running-low student: they leave the running-low filter, the dashboard and the reminder segment', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'dealer');
  const low = (await api<{ list: { id: number; name: string; mobile: string; activeHours: number }[] }>(page, '/v2/student?cardState=low&pageSize=200')).body.data.list;
  expect(low.length).toBeGreaterThan(1);
  const student = low[0];
  const segment = async () => (await api<{ total: number; list: { studentId: number }[] }>(page, '/v2/notice/receivers', { method: 'POST', data: { segment: 'low' } })).body.data;
  const segBefore = await segment();
  expect(segBefore.total).toBe(low.length);
  expect(segBefore.list.map((s) => s.studentId)).toContain(student.id);

  // The dashboard counts the same students.
  await page.goto('/dashboard');
  await expect(page.getByTestId('widget-renew')).toContainText(`${low.length} students with ≤ 3 hours`);

  // The student list, filtered to "Running low": the student is there; sell them a 48-hour card from the row.
  await page.goto('/student/list');
  await page.getByLabel('Search', { exact: true }).fill(student.mobile);
  await openSelect(page, 'Card state');
  await pickOption(page, 'Running low');
  await page.getByRole('button', { name: 'Query' }).click();
  const row = rows(page).filter({ hasText: student.name });
  await expect(row).toContainText('Running low');
  await (await rowAction(row, 'Sell a card')).click();
  const sell = page.getByRole('dialog', { name: 'Sell a card' });
  await openSelect(sell, 'Card template');
  await pickOption(page, '48 课时年卡');
  await expect(sell.getByLabel('Amount paid (¥)')).toHaveValue('5280');
  await sell.getByRole('button', { name: 'OK' }).click();
  await expect(sell).toHaveCount(0);
  // The receipt stays until it is closed, although the sale takes the row out of the filtered list.
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt')).toContainText(student.name);
  await expect(receipt.getByTestId('receipt')).toContainText('5,280');
  await receipt.getByRole('button', { name: 'Done' }).click();
  // Gone from the running-low filter; without the filter the row shows all the hours and "Has hours".
  await expect(rows(page).filter({ hasText: student.name })).toHaveCount(0);
  // Each click waits for its own list answer, so the reset's answer cannot land after the search's.
  const listAnswer = (match: (url: URL) => boolean) => page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/v2/student' && match(url);
  });
  await Promise.all([listAnswer((url) => !url.searchParams.get('cardState')), page.getByRole('button', { name: 'Reset' }).click()]);
  await page.getByLabel('Search', { exact: true }).fill(student.mobile);
  await Promise.all([listAnswer((url) => url.search.includes(student.mobile)), page.getByRole('button', { name: 'Query' }).click()]);
  const renewed = rows(page).filter({ hasText: student.name });
  await expect(renewed).toContainText('Has hours');
  await expect(renewed).toContainText((Math.round((student.activeHours + 54) * 10) / 10).toFixed(1));

  // The dashboard and the reminder segment follow.
  await page.goto('/dashboard');
  await expect(page.getByTestId('widget-renew')).toContainText(`${low.length - 1} students with ≤ 3 hours`);
  await page.goto('/service-message');
  await page.getByRole('button', { name: 'Send notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send notice' });
  await dialog.getByLabel('Cards running low').check();
  await dialog.getByRole('button', { name: 'Receivers and preview' }).click();
  const receivers = page.getByRole('dialog', { name: 'Receivers' });
  await expect(receivers.getByTestId('receiver-count')).toHaveText(`Receivers: ${low.length - 1}`);
  await expect(receivers.getByRole('list', { name: 'Receiver list' })).not.toContainText(student.name);
  const segAfter = await segment();
  expect(segAfter.list.map((s) => s.studentId)).not.toContain(student.id);
});
