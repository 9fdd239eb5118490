import { test, expect, type Page } from './fixtures';
import { confirmIt, login, openSelect, pickOption, resetBackend, sessionHeaders } from './helpers';

/** A call to the mock backend with the browser's session (for server-state checks). */
async function api<T>(page: Page, path: string, init: { method?: string; data?: unknown } = {}): Promise<{ status: number; body: { code: number; data: T; msg?: string } }> {
  const res = await page.request.fetch(path, { method: init.method ?? 'GET', data: init.data, headers: { ...(await sessionHeaders(page)), 'accept-language': 'en-US' } });
  return { status: res.status(), body: await res.json() };
}

interface CardRow {
  id: number;
  cardNo: string;
  remainingHours: number;
  status: string;
}
interface RecordRow {
  type: string;
  hours: number;
  balanceAfter: number;
}

/** Opens an antd select by its label (the search input of a plain select is not clickable itself). */
async function runOp(page: Page, button: string, fill: Record<string, string>, opts: { confirm?: boolean; sign?: boolean } = {}) {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: button });
  await expect(dialog).toBeVisible();
  if (opts.sign) await dialog.getByTestId('sign-toggle').click();
  for (const [label, value] of Object.entries(fill)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'OK' }).click();
  if (opts.confirm) {
    await confirmIt(page);
  }
  await expect(dialog).toHaveCount(0);
}

const balance = (page: Page) => page.getByTestId('card-balance');

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

test('manager sells a card, runs every ledger operation, reviews returns both ways and invalidates', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'manager');
  const students = await api<{ list: { id: number; name: string; mobile: string }[] }>(page, '/v2/student?pageSize=20&status=active');
  // A student who owes no lessons: a sale settles open arrears first (docs/rules.md#arrears, tests/e2e/arrears.spec.ts).
  let student = students.body.data.list[0];
  for (const st of students.body.data.list) {
    if ((await api<{ total: number }>(page, `/v2/arrears?studentId=${st.id}&status=open&pageSize=1`)).body.data.total === 0) {
      student = st;
      break;
    }
  }
  await page.goto('/student/list?tab=class-card-op');
  await expect(page.getByRole('tab', { name: 'Card operations' })).toHaveAttribute('aria-selected', 'true');

  // Find the student, sell a 24 + 2 hours card.
  await page.locator('#op-student').fill(student.mobile);
  await pickOption(page, student.name);
  await page.getByRole('button', { name: 'Sell a card' }).click();
  const sell = page.getByRole('dialog', { name: 'Sell a card' });
  await openSelect(sell, 'Card template');
  await pickOption(page, '24 课时标准卡');
  await expect(sell.getByLabel('Amount paid (¥)')).toHaveValue('2880');
  await expect(sell.getByTestId('sell-preview')).toContainText('unit price ¥110.77');
  await expect(sell.getByTitle('陈嘉怡')).toBeVisible(); // the seller defaults to the signed-in staff member
  await sell.getByRole('button', { name: 'OK' }).click();
  await expect(sell).toHaveCount(0);
  // The printable receipt of the sale (issue 9).
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText(student.name);
  await expect(receipt).toContainText('24 课时标准卡');
  await expect(receipt).toContainText('2,880');
  await expect(page.getByRole('dialog', { name: 'Receipt' }).getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Receipt' }).getByRole('button', { name: 'Done' }).click();
  await expect(receipt).toHaveCount(0);
  await expect(balance(page)).toHaveText('26.0');
  const cardNo = (await page.getByTestId('card-summary').locator('td').first().textContent())!.trim();

  // Gift, custom consumption (reason required, confirmed), and the balance follows.
  await runOp(page, 'Gift hours', { Hours: '2' });
  await expect(balance(page)).toHaveText('28.0');
  await page.getByRole('button', { name: 'Custom consumption' }).click();
  const consume = page.getByRole('dialog', { name: 'Custom consumption' });
  await consume.getByLabel('Hours', { exact: true }).fill('1.55');
  await expect(consume.getByLabel('Hours', { exact: true })).toHaveValue('1.5');
  await expect(consume.getByTestId('balance-preview')).toContainText('28.0 → 26.5');
  await consume.getByRole('button', { name: 'OK' }).click();
  await expect(consume.getByText('Please give a reason.')).toBeVisible();
  await consume.getByLabel('Reason').fill('Stage rehearsal');
  await consume.getByRole('button', { name: 'OK' }).click();
  await confirmIt(page);
  await expect(consume).toHaveCount(0);
  await expect(balance(page)).toHaveText('26.5');

  // The form refuses more than the card holds before anything is sent (issue 30), keeping the input.
  await page.getByRole('button', { name: 'Return hours' }).click();
  const ret = page.getByRole('dialog', { name: 'Return hours' });
  await ret.getByLabel('Hours to return').fill('99');
  await ret.getByRole('button', { name: 'OK' }).click();
  await expect(ret.getByText('A return cannot ask for more than the card holds (26.5 hours).')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toHaveCount(0);
  await expect(ret.getByLabel('Hours to return')).toHaveValue('99');
  await expect(ret.getByTestId('refund-preview')).toHaveCount(0);
  // The server refuses it too.
  const cardId = (await api<{ list: CardRow[] }>(page, `/v2/student_card?studentId=${student.id}&pageSize=50`)).body.data.list.find((c) => c.remainingHours === 26.5)!.id;
  const over = await api(page, '/v2/student_card/return', { method: 'POST', data: { cardId, hours: 99 } });
  expect(over.status).toBe(400);
  expect(over.body.msg).toBe('Not enough hours on the card: 26.5 left, 99 needed.');
  await ret.getByLabel('Hours to return').fill('4');
  await ret.getByRole('button', { name: 'OK' }).click();
  await confirmIt(page);
  await expect(ret).toHaveCount(0);
  await expect(balance(page)).toHaveText('22.5');

  // Review: reject gives the hours back.
  const pending = page.getByTestId('pending-returns');
  await pending.getByRole('row').filter({ hasText: cardNo }).getByRole('button', { name: 'Reject' }).click();
  await confirmIt(page);
  await expect(page.getByText('Return rejected. Balance 26.5 hours.')).toBeVisible();
  await expect(balance(page)).toHaveText('26.5');

  // A second return, approved: the hours stay off, the refund is their value at the card's unit price. The form
  // shows that refund before confirming, and it is the one approved.
  await page.getByRole('button', { name: 'Return hours', exact: true }).first().click();
  const ret2 = page.getByRole('dialog', { name: 'Return hours' });
  await ret2.getByLabel('Hours to return').fill('6.5');
  await expect(ret2.getByTestId('refund-preview')).toHaveText('Returning 6.5 hours refunds ¥668.57 once approved.');
  await ret2.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog', { name: 'Please confirm' }).last()).toContainText('Refund ¥668.57 after approval.');
  await confirmIt(page);
  await expect(ret2).toHaveCount(0);
  await expect(balance(page)).toHaveText('20.0');
  await pending.getByRole('row').filter({ hasText: cardNo }).getByRole('button', { name: 'Approve' }).click();
  await confirmIt(page);
  // Refund in cents from the card's value pool: the 2 gift hours lowered the unit price to 2880 ÷ 28 (docs/rules.md#revenue-and-month-close).
  await expect(page.getByText('Return approved. Refund ¥668.57.')).toBeVisible();
  await expect(balance(page)).toHaveText('20.0');

  // Correction of −2 (confirmed, reason required), renewal top-up.
  await runOp(page, 'Correct hours', { 'Correction (+ give back / − take)': '2', Reason: 'Missed roll call' }, { confirm: true, sign: true });
  await expect(balance(page)).toHaveText('18.0');
  await page.getByRole('button', { name: 'Renew', exact: true }).click();
  const renew = page.getByRole('dialog', { name: 'Renew' });
  await renew.getByLabel('Hours', { exact: true }).fill('10');
  await renew.getByLabel('Amount paid (¥)').fill('1200');
  await openSelect(renew, 'Seller');
  await pickOption(page, '李浩然');
  await renew.getByRole('button', { name: 'OK' }).click();
  await expect(renew).toHaveCount(0);
  await expect(balance(page)).toHaveText('28.0');

  // Invalidate: confirmed, the card is invalid and no longer operable.
  await page.getByRole('button', { name: 'Invalidate', exact: true }).click();
  const inv = page.getByRole('dialog', { name: 'Invalidate' });
  await expect(inv.getByTestId('balance-preview')).toContainText('28.0 remaining hours will be forfeited');
  await inv.getByLabel('Reason').fill('Contract ended');
  await inv.getByRole('button', { name: 'OK' }).click();
  await confirmIt(page);
  await expect(inv).toHaveCount(0);
  await expect(page.getByTestId('card-summary').getByText('Invalid', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gift hours' })).toHaveCount(0);

  // Balance, status and ledger agree on the server.
  const cards = await api<{ list: CardRow[] }>(page, `/v2/student_card?keyword=${cardNo}`);
  const card = cards.body.data.list[0];
  expect(card).toMatchObject({ status: 'invalid', remainingHours: 28 });
  const records = await api<{ list: RecordRow[] }>(page, `/v2/hour_record?cardId=${card.id}&pageSize=50&sortField=createdAt&sortOrder=ascend`);
  const types = records.body.data.list.map((r) => r.type);
  expect(types.sort()).toEqual(['add', 'add', 'back', 'back_reject', 'diy', 'give', 'give', 'proof'].sort());
  expect(Math.round(records.body.data.list.reduce((s, r) => s + r.hours, 0) * 10) / 10).toBe(28);

  // The ledger tab shows them.
  await page.getByRole('tab', { name: 'Hour records' }).click();
  await expect(page).toHaveURL(/tab=class-card-record/);
  await page.getByPlaceholder('Student, card no., reason or operator').fill(cardNo);
  await page.getByRole('button', { name: 'Query' }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(8);
  await expect(page.getByText('Return rejected').first()).toBeVisible();
});

test('teacher sees only own classes\' students, cannot sell or review, and the server refuses (403)', async ({ page }) => {
  await login(page, 'teacher');
  await expect(page.getByTestId('widget-renew')).toContainText(/\d+ students with ≤ 3 hours/);
  await page.goto('/student/list');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add student' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Class cards' }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sell a card' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Gift hours' })).toHaveCount(0);
  const all = await api<{ total: number }>(page, '/v2/student?pageSize=1');
  expect(all.body.data.total).toBeLessThan(150);
  const sell = await api(page, '/v2/student_card/sell', { method: 'POST', data: { studentId: 1, templateId: 1, amount: 1, method: 'cash', sellerId: 1, startDate: '2026-01-01' } });
  expect(sell.status).toBe(403);
  const review = await api(page, '/v2/student_card/review', { method: 'POST', data: { recordId: 1, approve: true } });
  expect(review.status).toBe(403);
});

test('student list: filters on the server, detail drawer with cards and ledger', async ({ page }) => {
  await login(page, 'manager');
  await page.goto('/student/list');
  await openSelect(page, 'Card state');
  await pickOption(page, 'No card');
  await page.getByRole('button', { name: 'Query' }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('No card');
  await page.getByRole('button', { name: 'Reset' }).click();
  await openSelect(page, 'Card state');
  await pickOption(page, 'Has hours');
  await page.getByRole('button', { name: 'Query' }).click();
  const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(first).toContainText('Has hours');
  await first.getByText('View', { exact: true }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByText(/^Student: /)).toBeVisible();
  await drawer.getByRole('tab', { name: /Cards/ }).click();
  await expect(drawer.getByText('Active').first()).toBeVisible();
  await drawer.getByRole('tab', { name: 'Hour ledger' }).click();
  const ledger = drawer.locator('.ant-tabs-tabpane-active .ant-table-row');
  await expect(ledger.first()).toBeVisible();
  await expect(ledger.first().locator('.ant-tag')).toHaveText(/Hours (added|consumed|gifted|corrected)|Leave|Absent|Custom|Return|Consumption failed/);
});
