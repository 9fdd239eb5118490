/** Month close in order and pay with care (issue 30): close September then October, reopen with a reason; batch pay confirms. */
import { test, expect, type Page } from './fixtures';
import { apiCall, login, resetBackend, rowAction } from './helpers';

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const monthsAgo = (n: number) => {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};
const formatMoney = (n: number) => `¥${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const api = apiCall;

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

async function closeShown(page: Page, month: string) {
  await page.goto(`/finance/accrual?month=${month}`);
  await expect(page.getByTestId('total-closing')).toBeVisible();
  const button = page.getByRole('button', { name: 'Close month' });
  await expect(button).toBeEnabled();
  await button.click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`${month} closed`)).toBeVisible();
  await expect(page.getByTestId('month-closed')).toBeVisible();
}

test('month close in order: the month before the current one closes after the one before it; the last one reopens with a reason', async ({ page }) => {
  test.setTimeout(120_000);
  const [sep, oct, aug] = [monthsAgo(2), monthsAgo(1), monthsAgo(3)];
  await login(page, 'dealer');
  // The seed has no closed month: the first close may be any month.
  expect((await api(page, '/v2/finance/month_close?page=1&pageSize=10')).body.data.total).toBe(0);
  await closeShown(page, sep);
  // A bill entry dated in the closed month is refused.
  const entry = await api(page, '/v2/bill', { method: 'POST', data: { date: `${sep}-20`, direction: 'expense', category: 'expense.rent', account: 'bank', campusId: 1, amount: 10, counterparty: 'Landlord' } });
  expect(entry.status).toBe(400);
  expect(entry.body.msg).toBe(`${sep} is closed: entries dated in it cannot be added, edited or voided.`);
  // The month before the first close cannot close any more: the button says which month is next.
  await page.goto(`/finance/accrual?month=${aug}`);
  await expect(page.getByTestId('total-closing')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close month' })).toBeDisabled();
  await page.getByRole('button', { name: 'Close month' }).locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(`Months close in order: the month after the last closed one (${oct}).`);
  await closeShown(page, oct);
  expect((await api(page, '/v2/finance/month_close?page=1&pageSize=10')).body.data.list.map((c: { month: string }) => c.month)).toEqual([oct, sep]);

  // Only the last closed month offers Reopen; a reason is required, and the month is open again.
  await page.goto(`/finance/accrual?month=${sep}`);
  await expect(page.getByTestId('month-closed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen month' })).toHaveCount(0);
  await page.goto(`/finance/accrual?month=${oct}`);
  await page.getByRole('button', { name: 'Reopen month' }).click();
  const dialog = page.getByRole('dialog', { name: `Reopen ${oct}` });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Rent entered twice');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`${oct} reopened`)).toBeVisible();
  await expect(page.getByTestId('month-closed')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Close month' })).toBeEnabled();
  expect((await api(page, '/v2/finance/month_close?page=1&pageSize=10')).body.data.list.map((c: { month: string }) => c.month)).toEqual([sep]);
  const log = (await api(page, '/v2/operate_log?page=1&pageSize=5')).body.data.list as { path: string; changes: { field: string; after?: unknown }[] }[];
  expect(log.find((l) => l.path === '/v2/finance/month_close/reopen')!.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'reason', after: 'Rent entered twice' })]));
});

test('batch pay confirms with the count and the total; the current month waits for its end', async ({ page }) => {
  test.setTimeout(120_000);
  const last = monthsAgo(1);
  await login(page, 'dealer');
  await page.goto('/finance/salary');
  await expect(rows(page).first()).toBeVisible();
  // This month's drafts: checking waits for the end of the month, with the reason.
  await rows(page).first().locator('input[type=checkbox]').check();
  await expect(page.getByRole('button', { name: 'Check selected' })).toBeDisabled();
  await (await rowAction(rows(page).first(), 'Check')).hover();
  await expect(page.getByRole('tooltip')).toContainText('can be checked and paid once the month has ended');

  // Last month: checked lines, paid together after a confirmation naming how many and how much.
  const picker = page.getByLabel('Month');
  await picker.click();
  await picker.fill(last);
  await picker.press('Enter');
  await expect(rows(page).first()).toContainText('Checked');
  const shown = (await api(page, `/v2/salary?month=${last}&page=1&pageSize=20`)).body.data.list as { id: number; total: number; status: string }[];
  expect(shown.every((l) => l.status === 'checked')).toBe(true);
  await page.locator('.ant-table-thead input[type=checkbox]').check();
  const total = shown.reduce((s, l) => s + Math.round(l.total * 100), 0) / 100;
  const slipsBefore = (await api(page, '/v2/pay_slip?page=1&pageSize=1')).body.data.total as number;
  await page.getByRole('button', { name: 'Pay selected' }).click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText(`Pay ${shown.length} salaries, ${formatMoney(total)} in all?`);
  // Nothing is paid before the confirmation.
  expect((await api(page, '/v2/pay_slip?page=1&pageSize=1')).body.data.total).toBe(slipsBefore);
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Paid: pay slips issued')).toBeVisible();
  expect((await api(page, '/v2/pay_slip?page=1&pageSize=1')).body.data.total).toBe(slipsBefore + shown.length);
  const after = (await api(page, `/v2/salary?month=${last}&page=1&pageSize=20`)).body.data.list as { id: number; status: string; slipId?: number; bonus: number }[];
  expect(after.every((l) => l.status === 'paid')).toBe(true);

  // A slip's bonus line carries its reason and opens to the line's records.
  const withBonus = after.find((l) => l.bonus > 0)!;
  const line = (await api(page, `/v2/salary/${withBonus.id}`)).body.data as { adjustments: { kind: string; reason: string }[]; hours: number };
  await page.goto(`/finance/pay-slip/detail?id=${withBonus.slipId}`);
  const slipTotal = Number((await page.getByTestId('slip-total').innerText()).replace(/[¥,]/g, ''));
  const lineAmounts = (await page.getByTestId('slip-line').allInnerTexts()).map((x) => Math.round(Number(x.replace(/[¥,]/g, '')) * 100));
  expect(lineAmounts.reduce((a, b) => a + b, 0) / 100).toBe(slipTotal);
  await expect(page.getByTestId('slip-detail-bonus')).toHaveText(line.adjustments.filter((a) => a.kind === 'bonus').map((a) => a.reason).join('; '));
  await expect(page.getByTestId('slip-detail-cardCommission')).toContainText('Sales ¥');
  // The elimination commission names what it pays for: student-hours (not the lesson hours of /analyze/staff).
  await expect(page.getByTestId('slip-detail-elimCommission')).toHaveText(`Student-hours ${line.hours.toFixed(1)}`);
  await page.getByRole('row', { name: /Card commission/ }).getByRole('link', { name: 'Records' }).click();
  await expect(page.getByRole('tab', { name: 'Course cards', selected: true })).toBeVisible();
});
