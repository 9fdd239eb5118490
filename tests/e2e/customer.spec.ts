/** Customer center (issue 5): add with fast-check, follow up, convert to a student, claim to the limit, distribute, public form. */
import { test, expect, type Page } from './fixtures';
import { dismissReminder, login, open, resetBackend, rowAction } from './helpers';

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

/** The seed's known lead (mock/domains/customerSeed.ts KNOWN_LEAD). */
const KNOWN = { mobile: '13912340001', name: '张雨桐', owner: '陈嘉怡' };

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

async function search(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  await page.getByRole('button', { name: /Query|查 询/ }).click();
}

test('sales: fast-check stops a known mobile, then add, follow up, book a trial, convert and find the student', async ({ page }) => {
  await login(page, 'sales');
  await dismissReminder(page);
  await open(page, '/customer');
  await page.getByRole('button', { name: 'Add customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add customer' });
  await dialog.getByLabel('Mobile', { exact: true }).fill(KNOWN.mobile);
  await expect(dialog.getByTestId('fast-check-result')).toContainText(`${KNOWN.mobile} is already the lead ${KNOWN.name}.`);
  await expect(dialog.getByTestId('fast-check-result')).toContainText(`Owned by ${KNOWN.owner}.`);
  await dialog.getByLabel('Name', { exact: true }).fill('林可馨');
  await chooseOption(page, 'Campus', 'Riverside');
  await dialog.getByRole('button', { name: /(OK|确 定)$/ }).click();
  await expect(page.getByText('This mobile is already a lead; it was not added again.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('林可馨');

  // A new number: the check says it is free, and the lead is added and owned by the sales account.
  await dialog.getByLabel('Mobile', { exact: true }).fill('13766668888');
  await expect(dialog.getByText('13766668888 is not a lead yet: it can be added.')).toBeVisible();
  await dialog.getByRole('button', { name: /(OK|确 定)$/ }).click();
  await expect(page.getByText('Lead 林可馨 added.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(page, 'Name, mobile, parent or course', '13766668888');
  const row = page.locator('.ant-table-row', { hasText: '林可馨' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('New');
  await expect(row).toContainText('李浩然');

  // Follow up: the status moves to following and the timeline shows the entry.
  await (await rowAction(row, 'Follow up')).click();
  const fu = page.getByRole('dialog', { name: 'Follow up 林可馨' });
  await fu.getByLabel('What was said', { exact: true }).fill('家长想周末带孩子来试听芭蕾');
  await fu.getByRole('button', { name: /(OK|确 定)$/ }).click();
  await expect(page.getByText('Follow-up saved.')).toBeVisible();
  await expect(row).toContainText('Following');
  await row.getByText('林可馨', { exact: true }).click();
  await expect(page.getByTestId('follow-up-timeline')).toContainText('家长想周末带孩子来试听芭蕾');
  await page.keyboard.press('Escape');

  // Free trial (schedule screens): book the lead into an upcoming lesson; the lead becomes "trial booked".
  await open(page, '/schedule/free/add');
  await page.getByLabel('Lead', { exact: true }).click();
  await page.getByLabel('Lead', { exact: true }).fill('13766668888');
  await page.locator('.ant-select-dropdown:visible').getByText('林可馨 13766668888').click();
  await page.getByLabel('Lesson', { exact: true }).click();
  await page.locator('.ant-select-item-option:not(.ant-select-item-option-disabled)', { hasText: /places? free/ }).first().click();
  await page.getByRole('button', { name: 'Book the trial' }).click();
  await expect(page.getByText('Trial booked; the lead is now "trial booked".')).toBeVisible();
  await open(page, '/customer');
  await search(page, 'Name, mobile, parent or course', '13766668888');
  await expect(row).toContainText('Trial booked');

  // Convert: the student is created in the same step.
  await (await rowAction(row, 'Convert')).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByText('1 lead converted to a student.')).toBeVisible();
  await expect(row).toContainText('Converted');

  await open(page, '/student/list');
  await search(page, 'Name, mobile or parent', '13766668888');
  await expect(page.locator('.ant-table-row', { hasText: '林可馨' })).toHaveCount(1);
});

test('sales: claims from the pool up to the limit; the 11th is refused', async ({ page }) => {
  await login(page, 'sales');
  await dismissReminder(page);
  await open(page, '/lead');
  await expect(page.getByTestId('lead-quota')).toContainText('You own 190 of at most 200 active leads.');
  // Select the 10 rows of the first page (status "new" keeps them all active) and claim them.
  await page.getByRole('checkbox', { name: /select all/i }).first().check().catch(async () => {
    await page.locator('.ant-table-thead .ant-checkbox-input').first().check();
  });
  await page.getByRole('button', { name: 'Claim 10' }).click();
  await expect(page.getByText('Claimed 10. You now own 200 of at most 200 active leads.')).toBeVisible();
  await expect(page.getByTestId('lead-quota')).toContainText('You own 200 of at most 200 active leads.');

  await page.locator('.ant-table-row').first().getByText('Claim', { exact: true }).click();
  await expect(page.getByText('You already own 200 active leads; the limit is 200 per person, so at most 0 more can be taken.')).toBeVisible();
  await expect(page.getByTestId('lead-quota')).toContainText('You own 200 of');
});

test('manager: distributes a batch of pool leads to an owner', async ({ page }) => {
  await login(page, 'manager');
  await dismissReminder(page);
  await open(page, '/customer?ownerId=pool&status=new');
  const total = page.locator('.ant-pagination-total-text');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const rows = page.locator('.ant-table-row');
  const names = [];
  for (let i = 0; i < 3; i += 1) {
    await rows.nth(i).locator('.ant-checkbox-input').check();
    names.push((await rows.nth(i).locator('td').nth(1).innerText()).trim());
  }
  const before = await page.locator('.ant-table-row').count();
  expect(before).toBeGreaterThan(3);
  await page.getByRole('button', { name: 'Distribute selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Distribute 3 leads' });
  await chooseOption(page, 'New owner', '周晓彤');
  await dialog.getByRole('button', { name: /(OK|确 定)$/ }).click();
  await expect(page.getByText('3 leads distributed.')).toBeVisible();
  // They left the pool: the filtered list no longer shows them; with the owner filter they are there.
  for (const n of names) await expect(page.locator('.ant-table-row', { hasText: n })).toHaveCount(0);
  await open(page, `/customer?ownerId=2&keyword=${encodeURIComponent(names[0])}`);
  await expect(page.locator('.ant-table-row', { hasText: names[0] }).first()).toContainText('周晓彤');
  void total;
});

test('public form: a submission becomes a pool lead with source "form"; statistics match the list', async ({ page }) => {
  await page.goto('/f/sd-summer');
  await page.evaluate(() => window.localStorage.setItem('locale', 'en-US'));
  await page.reload();
  await expect(page.getByRole('heading', { name: '暑期舞蹈体验课报名' })).toBeVisible();
  await page.getByLabel('孩子姓名').fill('周梓萱');
  await page.getByLabel('家长手机号').fill('1368888');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Enter an 11-digit mobile number starting with 1.')).toBeVisible();
  await page.getByLabel('家长手机号').fill('13688889999');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you!')).toBeVisible();

  await login(page, 'manager');
  await dismissReminder(page);
  await open(page, '/lead');
  await search(page, 'Name, mobile, parent or course', '13688889999');
  const row = page.locator('.ant-table-row', { hasText: '周梓萱' });
  await expect(row).toContainText('Collection form');
  await expect(row).toContainText('Never assigned');

  // /customer/data: the "new" count over the last 30 days equals the list it opens.
  await open(page, '/customer/data');
  const link = page.getByTestId('funnel-new');
  const n = Number(await link.innerText());
  expect(n).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/customer\?status=new&startDate=/);
  await expect(page.locator('.ant-pagination-total-text, .ant-pro-table-list-toolbar')).toBeTruthy();
  await expect(page.getByText(new RegExp(`of ${n} items|共 ${n} 条|${n} in total`)).first()).toBeVisible();
});
