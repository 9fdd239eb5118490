/**
 * Issue 31 (3, 5): the header search finds staff and documents by number and opens each record, by keyboard; the
 * audit log reads as sentences in the reader's language, with readable changes, for a sale and a notify-rule change.
 */
import { expect, test, type Page, serverUrl } from './fixtures';
import { apiCall, dismissReminder, login, open, openSelect, pickOption, resetBackend } from './helpers';

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

const hit = (page: Page, testId: string) => page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) [data-testid="${testId}"]`);
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/** Ctrl+K, type, wait for the hit, arrows until it is the active option, Enter. */
async function jump(page: Page, text: string, testId: string) {
  await page.keyboard.press('Control+k');
  const box = page.getByTestId('jump-search');
  await expect(box).toBeFocused();
  await box.fill(text);
  await expect(hit(page, testId)).toBeVisible();
  const active = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active');
  for (let i = 0; i < 12 && !(await active.locator(`[data-testid="${testId}"]`).count()); i += 1) await page.keyboard.press('ArrowDown');
  await expect(active.locator(`[data-testid="${testId}"]`)).toHaveCount(1);
  await page.keyboard.press('Enter');
}

test('header search: finds a staff member, a card number and an order number by keyboard and opens each record; Escape closes', async ({ page }) => {
  await login(page, 'dealer');
  await dismissReminder(page);
  const staff = (await apiCall<{ list: { id: number; name: string }[] }>(page, '/v2/company_staff?page=1&pageSize=20')).body.data.list[3];
  const card = (await apiCall<{ list: { id: number; cardNo: string; studentName: string }[] }>(page, '/v2/student_card?page=1&pageSize=5')).body.data.list[0];
  const order = (await apiCall<{ list: { id: number; orderNo: string; createdAt: string }[] }>(page, '/v2/card_order?page=1&pageSize=5')).body.data.list[0];

  await open(page, '/school/room');
  // Escape closes the list.
  await page.keyboard.press('Control+k');
  await page.getByTestId('jump-search').fill(staff.name);
  await expect(hit(page, `jump-staff-${staff.id}`)).toBeVisible();
  await expect(hit(page, `jump-staff-${staff.id}`)).toContainText('Staff');
  await page.keyboard.press('Escape');
  await expect(hit(page, `jump-staff-${staff.id}`)).toHaveCount(0);

  // Each hit says what it is.
  await page.keyboard.press('Control+k');
  await page.getByTestId('jump-search').fill(card.cardNo);
  await expect(hit(page, `jump-card-${card.id}`)).toContainText('Card');
  await page.keyboard.press('Escape');

  // A staff member: their row on the staff list.
  await jump(page, staff.name, `jump-staff-${staff.id}`);
  await expect(page).toHaveURL(/\/school\/staff\?keyword=/);
  await expect(rows(page).filter({ hasText: staff.name }).first()).toBeVisible();

  // A card number: the card's records.
  await jump(page, card.cardNo, `jump-card-${card.id}`);
  await expect(page).toHaveURL(new RegExp(`/student/list\\?tab=class-card-record&keyword=${card.cardNo}`));
  await expect(rows(page).first()).toContainText(card.cardNo);
  expect(await rows(page).filter({ hasNotText: card.cardNo }).count()).toBe(0);

  // An order number (the receipt's number): the order, and its bill entry.
  await jump(page, order.orderNo, `jump-order-${order.id}`);
  await expect(page).toHaveURL(new RegExp(`tab=class-card-op&order=${order.orderNo}`));
  await expect(page.getByTestId('order-filter')).toHaveText(order.orderNo);
  await expect(page.locator('.ant-table-tbody').filter({ hasText: order.orderNo }).last()).toBeVisible();
  await jump(page, order.orderNo, `jump-bill-o-${order.id}`);
  await expect(page).toHaveURL(new RegExp(`/bill\\?keyword=${order.orderNo}&month=${order.createdAt.slice(0, 7)}`));
  await expect(rows(page).filter({ hasText: order.orderNo })).toHaveCount(1);
});

test('a teacher finds no card or order by number (nothing their role cannot open)', async ({ page }) => {
  await login(page, 'dealer');
  const card = (await apiCall<{ list: { cardNo: string }[] }>(page, '/v2/student_card?page=1&pageSize=5')).body.data.list[0];
  await login(page, 'teacher');
  await dismissReminder(page);
  await page.keyboard.press('Control+k');
  await page.getByTestId('jump-search').fill(card.cardNo);
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toContainText('Nothing found');
});

test('audit log: a sale and a notify-rule change read as sentences with their changes, in English and Chinese', async ({ page }) => {
  await login(page, 'dealer');
  await dismissReminder(page);
  const student = (await apiCall<{ list: { id: number; name: string }[] }>(page, '/v2/student?page=1&pageSize=5&status=active')).body.data.list[0];
  const templates = (await apiCall<{ value: number; template: { kind: string; price: number } }[]>(page, '/v2/card_template/options')).body.data;
  const tpl = templates.find((x) => x.template.kind === 'count')!;
  const sellers = (await apiCall<{ value: number }[]>(page, '/v2/company_staff/options')).body.data;
  const today = new Date().toISOString().slice(0, 10);
  const sale = await apiCall<{ card: { cardNo: string } }>(page, '/v2/student_card/sell', { method: 'POST', data: { studentId: student.id, templateId: tpl.value, amount: 2880, method: 'wechat', sellerId: sellers[0].value, startDate: today } });
  expect(sale.status, sale.body.msg).toBe(200);
  const cardNo = sale.body.data.card.cardNo;
  const rule = await apiCall(page, '/v2/notify/rules', { method: 'PUT', data: { event: 'hoursLow', channel: 'sms', receiver: 'parent', on: false } });
  expect(rule.status, rule.body.msg).toBe(200);

  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/operate');
  const sentences = page.getByTestId('audit-sentence');
  await expect(sentences.first()).toHaveText('Turned off the “Hours running low” notification (SMS, to Parent)');
  await expect(sentences.nth(1)).toHaveText(`Sold card ${cardNo} to ${student.name}, ¥2,880.00`);
  await expect(rows(page).first()).toContainText('On: Yes → No');
  // The changes are in view at 1280 px (not cut by the table's width).
  const changesCell = rows(page).first().locator('td').last();
  const box = (await changesCell.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  await expect(page.getByText('/v2/')).toHaveCount(0);

  // Filters: kind of action and record.
  await openSelect(page, 'Kind of action');
  await pickOption(page, 'Cards');
  await page.getByLabel('Record', { exact: true }).fill(cardNo);
  await page.getByRole('button', { name: 'Query' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(sentences.first()).toHaveText(`Sold card ${cardNo} to ${student.name}, ¥2,880.00`);
  await rows(page).first().getByRole('button', { name: /expand/i }).click();
  const changes = page.getByRole('table', { name: 'Changes' }).first();
  await expect(changes.locator('tr').filter({ hasText: 'Card number' })).toContainText(cardNo);
  await expect(changes.locator('tr').filter({ hasText: 'Amount paid' })).toContainText('¥2,880.00');

  // In Chinese.
  await page.getByRole('button', { name: /Language|语言/ }).hover();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  // The switch loads the Chinese messages first, then keeps the choice: reload only once it is kept.
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.goto('/operate');
  await expect(sentences.first()).toHaveText(/^关闭“.+”通知（短信，发给家长）$/);
  await expect(sentences.nth(1)).toHaveText(`向 ${student.name} 售出课卡 ${cardNo}，¥2,880.00`);
  await expect(rows(page).first()).toContainText('开启: 是 → 否');
});

test('money looks the same on the public page as in the console: ¥1,280.00, never ¥1280.00', async ({ page, browser }, info) => {
  await login(page, 'dealer');
  const pages = (await apiCall<{ campusId: number; code: string }[]>(page, '/v2/campus_web')).body.data;
  const code = pages.find((p) => p.campusId === 1)!.code;
  const context = await browser.newContext({ baseURL: serverUrl(info), locale: 'en-US', reducedMotion: 'reduce' });
  const parent = await context.newPage();
  await parent.goto(`/w/${code}`);
  await parent.evaluate(() => window.localStorage.setItem('locale', 'en-US'));
  await parent.reload();
  const prices = parent.locator('.ant-list-item strong');
  await expect(prices.first()).toBeVisible();
  const texts = await prices.allInnerTexts();
  expect(texts.some((x) => /^¥\d{1,3}(,\d{3})+\.\d{2}$/.test(x))).toBe(true);
  expect(texts.filter((x) => !/^¥\d{1,3}(,\d{3})*\.\d{2}$/.test(x))).toEqual([]);
  await parent.setViewportSize({ width: 1280, height: 800 });
  await parent.getByRole('button', { name: /^Buy / }).first().click();
  await expect(parent.getByRole('button', { name: /^Place order \(¥\d{1,3}(,\d{3})*\.\d{2}\)$/ })).toBeVisible();
  await context.close();
});
