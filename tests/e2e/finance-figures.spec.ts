/**
 * Issue 30 item 1 (one definition per figure) and issue 31 item 4 (finance screens open on the current period and
 * have a month or range picker): the month's recognised revenue is the same number on /finance/revenue,
 * /finance/accrual, /analyze/core (1st to today) and the dashboard, each screen names its period, and a period card's
 * drill-down has no day after today.
 */
import { test, expect, type Page } from './fixtures';
import { apiCall, axeViolations, login, resetBackend } from './helpers';

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

test('the month’s recognised revenue is one number on revenue, accrual, core analysis and the dashboard; no period-card day after today', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'dealer');
  const today = localDay();
  const month = today.slice(0, 7);
  const monthName = new Date().toLocaleString('en-US', { month: 'long' });

  // The revenue screen opens on the month under way, up to today, and says so.
  await page.goto('/finance/revenue');
  await expect(page.getByTestId('revenue-period-label')).toContainText(`Figures for ${monthName}`);
  await expect(page.getByTestId('revenue-period-label')).toContainText(new Date().getDate() === new Date(new Date().getFullYear(), new Date().getMonth() + 1, 0).getDate() ? `${monthName}` : `${monthName} to date (1–${new Date().getDate()} `);
  const headline = page.getByTestId('period-recognisedLessons');
  await expect(headline).toHaveText(/¥[\d,]+\.\d\d/);
  const recognised = await headline.innerText();
  expect(Number(recognised.replace(/[¥,]/g, ''))).toBeGreaterThan(0);
  await expect(page.getByTestId(`fig-${month}-recognisedLessons`)).toHaveText(recognised);
  expect(await axeViolations(page, '.ant-pro-page-container, main')).toEqual([]);

  // Its records: a period card's days are dated up to today, never after.
  await headline.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('records-sum')).toContainText(recognised.replace('¥', ''));
  await dialog.getByRole('columnheader', { name: 'Date' }).click(); // ascending
  await dialog.getByRole('columnheader', { name: 'Date' }).click(); // descending: the latest first
  const firstDate = (await dialog.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').first().innerText()).slice(0, 10);
  expect(firstDate <= today).toBe(true);
  const periodRows = (await apiCall(page, `/v2/finance/revenue/records?month=${month}&figure=recognisedLessons&source=periodCard&page=1&pageSize=200`)).body.data.list as { date: string }[];
  expect(periodRows.length).toBeGreaterThan(0);
  for (const r of periodRows) expect(r.date.slice(0, 10) <= today, r.date).toBe(true);
  await page.keyboard.press('Escape');

  // The accrual opens on the same period and shows the same recognised revenue (corrections inside it).
  await page.goto('/finance/accrual');
  await expect(page.getByTestId('accrual-period-label')).toContainText(monthName);
  await expect(page.getByTestId('total-recognised')).toHaveText(recognised);

  // Core analysis for the 1st to today, and the dashboard (the month to date, named in its title).
  await page.goto(`/analyze/core?startDate=${month}-01&endDate=${today}`);
  await expect(page.locator('[data-kpi="recognised"] .ant-statistic-content-value')).toHaveText(recognised);
  await page.goto('/dashboard');
  const widget = page.locator('[data-kpi="recognised"] [data-value] a').first();
  await expect(widget).toContainText(recognised);
  await expect(page.getByTestId('month-kpis-title')).toContainText(`Figures this month · ${monthName}`);
});

test('finance screens pick a month or a range, kept in the URL; the accrual closes a past month', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'dealer');
  await page.goto('/finance/revenue');
  await expect(page.getByTestId('revenue-period-label')).toBeVisible();
  await page.locator('label.ant-radio-button-wrapper', { hasText: 'Date range' }).click();
  await expect(page).toHaveURL(/startDate=\d{4}-\d{2}-01&endDate=\d{4}-\d{2}-\d{2}/);
  const url = new URL(page.url());
  const rev = (await apiCall(page, `/v2/finance/revenue?startDate=${url.searchParams.get('startDate')}&endDate=${url.searchParams.get('endDate')}`)).body.data.period;
  await page.reload();
  await expect(page.getByTestId('period-recognisedLessons')).toHaveText(`¥${rev.recognised.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);

  // Last month on the accrual: a whole month that is over closes.
  const d = new Date();
  const last = `${d.getMonth() === 0 ? d.getFullYear() - 1 : d.getFullYear()}-${pad(d.getMonth() === 0 ? 12 : d.getMonth())}`;
  await page.goto(`/finance/accrual?month=${last}`);
  await expect(page.getByTestId('total-closing')).toBeVisible();
  await page.getByRole('button', { name: 'Close month' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('month-closed')).toBeVisible();
  // A range cannot be closed.
  await page.goto(`/finance/accrual?startDate=${last}-05&endDate=${localDay()}`);
  await expect(page.getByTestId('accrual-period-label')).toContainText(' – ');
  await expect(page.getByRole('button', { name: 'Close month' })).toBeDisabled();
});
