/**
 * Analysis screens (docs/rules.md#analysis-metrics, docs/screens.md#analysis), one test per screen: the figures shown equal the analyze call, the chart
 * has its data table, and a figure opens its list, whose total (and sums) equal the figure.
 */
import { test, expect, type Page } from './fixtures';
import { login, resetBackend, sessionHeaders } from './helpers';

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const start = day(-29);
const end = day(0);
const RANGE = `startDate=${start}&endDate=${end}`;

async function get<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: await sessionHeaders(page) });
  expect(res.ok(), path).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

/** The pagination total of the (last) list on the page: "1-10 of N items". */
async function expectListTotal(page: Page, n: number) {
  await expect(page.locator('.ant-pagination-total-text').last()).toHaveText(new RegExp(`of ${n} items`));
}

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

test('core figures: KPIs with trends and their lists, the chart with its data table', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'dealer');
  const core = await get<{ kpis: { key: string; value: number; part?: number }[] }>(page, `/v2/company_kt/analyze_core?${RANGE}`);
  const kpi = (key: string) => core.kpis.find((k) => k.key === key)!;
  await page.goto(`/analyze/core?${RANGE}`);
  await expect(page.getByRole('heading', { name: 'Core figures' })).toBeVisible();
  const consumed = page.locator('[data-kpi="consumedHours"]');
  await expect(consumed).toContainText(kpi('consumedHours').value.toFixed(1));
  await expect(consumed).toContainText(/vs previous period|No figure in the previous period/);
  await expect(page.locator('[data-kpi="activeStudents"]')).toContainText(kpi('activeStudents').value.toLocaleString('en-US'));

  // The chart's text alternative: one row per day, reachable as a table.
  await page.getByRole('tab', { name: 'Data table' }).click();
  await expect(page.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row')).toHaveCount(30);

  // Consumed hours open the ledger filtered to the figure's records: same hours, same count as the server says.
  await consumed.getByRole('link', { name: 'View the records of Consumed hours' }).click();
  await expect(page).toHaveURL(/tab=class-card-record.*drill=consumed/);
  const banner = page.getByTestId('drill-banner');
  await expect(banner).toContainText('Opened from the analysis: consumed hours');
  await expect(banner).toContainText(`student-hours ${kpi('consumedHours').value.toFixed(1)}`);
  const records = await get<{ total: number }>(page, `/v2/hour_record?drill=consumed&from=${start}&to=${end}&page=1&pageSize=1`);
  await expectListTotal(page, records.total);

  // Active students open the student list: its total is the KPI.
  await page.goBack();
  await page.locator('[data-kpi="activeStudents"]').getByRole('link').click();
  await expect(page).toHaveURL(/tab=StudentList.*drill=active/);
  await expectListTotal(page, kpi('activeStudents').value);
  // "Show all records" drops the filter.
  await page.getByTestId('drill-banner').getByRole('link', { name: 'Show all records' }).click();
  await expect(page.getByTestId('drill-banner')).toHaveCount(0);
});

test('card analysis: usable cards and sales open their lists with equal totals', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'dealer');
  const card = await get<{ holding: { cards: number; remainingHours: number }; salesTotal: { orders: number } }>(page, `/v2/company_kt/analyze/card?${RANGE}&campusId=1`);
  await page.goto(`/analyze/card?${RANGE}&campusId=1`);
  await expect(page.getByRole('heading', { name: 'Card analysis' })).toBeVisible();
  await expect(page.getByText(`${card.holding.cards} · ${card.holding.remainingHours.toFixed(1)} h`)).toBeVisible();
  await page.getByRole('link', { name: 'View records: Usable cards' }).click();
  await expect(page).toHaveURL(/tab=class-card-list.*drill=holding.*campus=1/);
  await expect(page.getByTestId('drill-banner')).toContainText(`remaining hours ${card.holding.remainingHours.toFixed(1)}`);
  await expectListTotal(page, card.holding.cards);
  await page.goBack();
  await page.getByRole('link', { name: 'View records: Cards sold' }).click();
  await expect(page).toHaveURL(/tab=class-card-op.*drill=sales/);
  await expect(page.getByTestId('drill-total')).toHaveText(`${card.salesTotal.orders} records`);
  await expectListTotal(page, card.salesTotal.orders);
});

test('hours and attendance: a teacher row opens the hours consumed in their lessons', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'dealer');
  const rec = await get<{ rows: { id: number; name: string; consumedHours: number }[] }>(page, `/v2/company_kt/analyzes?${RANGE}&by=teacher`);
  const top = rec.rows[0];
  await page.goto(`/analyze/record?${RANGE}&by=teacher`);
  await expect(page.getByRole('heading', { name: 'Hours and attendance' })).toBeVisible();
  const breakdown = page.locator('.ant-card').filter({ hasText: 'Consumed hours by Teacher' });
  await breakdown.getByRole('tab', { name: 'Data table' }).click();
  await breakdown.getByRole('link', { name: `Consumed hours ${top.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`drill=consumed.*teacher=${top.id}`));
  await expect(page.getByTestId('drill-banner')).toContainText(`student-hours ${top.consumedHours.toFixed(1)}`);
});

test('staff performance: lessons taught open the lessons list with the same count', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'dealer');
  const staff = await get<{ rows: { staffId: number; name: string; lessons: number; hours: number }[] }>(page, `/v2/company_kt/analyze/contact_user?${RANGE}`);
  const teacher = staff.rows.find((r) => r.lessons > 0)!;
  await page.goto(`/analyze/staff?${RANGE}`);
  await expect(page.getByRole('heading', { name: 'Staff performance' })).toBeVisible();
  await page.getByRole('tab', { name: 'Data table' }).click();
  await page.getByRole('link', { name: `Lessons taught ${teacher.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/schedule/class-record\\?.*drill=taught.*teacher=${teacher.staffId}`));
  await expectListTotal(page, teacher.lessons);
  await expect(page.getByTestId('drill-banner')).toContainText(`lesson hours ${teacher.hours.toFixed(1)}`);
});

test('names: the renewal rate names its cohort and both its lists are it; lesson hours and student-hours are two words', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'dealer');
  const core = await get<{ kpis: { key: string; value: number; part?: number; whole?: number; cohort?: { startDate: string; endDate: string } }[] }>(page, `/v2/company_kt/analyze_core?${RANGE}`);
  const rate = core.kpis.find((k) => k.key === 'renewalRate')!;
  const from = rate.cohort!.startDate;
  const records = (n: number) => `${n} ${n === 1 ? 'record' : 'records'}`;
  await page.goto(`/analyze/core?${RANGE}`);
  const cohort = page.getByTestId('cohort-renewalRate');
  await expect(cohort).toContainText(`Students whose card ran out or expired ${from} – ${end}: ${rate.whole}`);
  await expect(cohort).toContainText(`of them, bought a further card ${start} – ${end}: ${rate.part}`);
  await expect(page.locator('[data-kpi="renewingStudents"]')).toContainText('Students buying a further card');
  // The cohort's list: its banner names it with its days, its total is the figure's whole.
  await cohort.getByRole('link', { name: /cohort: card ran out or expired/ }).click();
  await expect(page).toHaveURL(/tab=StudentList.*drill=renewDue/);
  const banner = page.getByTestId('drill-banner');
  await expect(banner).toContainText(`the renewal rate’s cohort: students whose card ran out or expired ${from} – ${end}`);
  await expect(banner.getByTestId('drill-total')).toHaveText(records(rate.whole!));
  // The renewed: of that cohort, those who bought a further card in the range.
  await page.goBack();
  await cohort.getByRole('link', { name: /renewed, of the cohort/ }).click();
  await expect(page).toHaveURL(/tab=StudentList.*drill=renewed/);
  await expect(banner).toContainText(`of the students whose card ran out or expired ${from} – ${end}, those who bought a further card ${start} – ${end}`);
  await expect(banner.getByTestId('drill-total')).toHaveText(records(rate.part!));

  // Lesson hours on /analyze/staff, student-hours on the salary screen, each saying what it counts.
  await page.goto(`/analyze/staff?${RANGE}`);
  await page.getByRole('tab', { name: 'Data table' }).click();
  const lessonHours = page.getByRole('columnheader', { name: /^Lesson hours/ });
  await expect(lessonHours).toBeVisible();
  await lessonHours.getByRole('img', { name: /once per lesson/ }).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'counted once per lesson whatever the number of students' })).toBeVisible();
  await page.goto('/finance/salary');
  // Student-hours is a secondary column of the salary list (issue 31): shown from the list's column setting.
  await page.locator('.ant-pro-table-list-toolbar-setting-item').getByRole('img', { name: 'setting' }).click();
  await page.locator('.ant-tree-treenode').filter({ hasText: /^Student-hours/ }).locator('.ant-tree-checkbox').click();
  await page.keyboard.press('Escape');
  const studentHours = page.getByRole('columnheader', { name: /^Student-hours/ });
  await expect(studentHours).toBeVisible();
  await studentHours.getByRole('img', { name: /two students/ }).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'two students in a one-hour lesson: 2.0' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Hours taught/ })).toHaveCount(0);
});

test('dashboard month KPIs: the figures of /analyze/core for this month, each opening its records', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'dealer');
  const month = `startDate=${end.slice(0, 8)}01&endDate=${end}`;
  const core = await get<{ kpis: { key: string; value: number }[] }>(page, `/v2/company_kt/analyze_core?${month}`);
  const kpi = (key: string) => core.kpis.find((k) => k.key === key)!;
  await page.goto('/dashboard');
  const widget = page.locator('.ant-card').filter({ hasText: 'Figures this month' });
  const consumed = widget.locator('[data-kpi="consumedHours"]');
  await expect(consumed).toContainText(kpi('consumedHours').value.toFixed(1));
  await expect(widget.locator('[data-kpi="newStudents"]')).toContainText(kpi('newStudents').value.toLocaleString('en-US'));
  // The same figure on /analyze/core for the same month.
  await widget.getByRole('link', { name: 'All core figures' }).click();
  await expect(page).toHaveURL(new RegExp(`/analyze/core\\?${month}`));
  await expect(page.locator('[data-kpi="consumedHours"]')).toContainText(kpi('consumedHours').value.toFixed(1));
  // The widget's figure opens its records: the banner's hours are the figure.
  await page.goBack();
  await consumed.getByRole('link').click();
  await expect(page).toHaveURL(/drill=consumed/);
  await expect(page.getByTestId('drill-banner')).toContainText(`student-hours ${kpi('consumedHours').value.toFixed(1)}`);
});
