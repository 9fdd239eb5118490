/** Homework and scores as the demo teacher (issue 13): assign, record, check with stars, reject, delete refused; exam scores and statistics. */
import { test, expect, type Page } from './fixtures';
import { login, openSelect, pickOption, resetBackend, rowAction } from './helpers';

async function api<T>(page: Page, path: string, init: { method?: string; data?: unknown } = {}): Promise<{ status: number; data: T; msg?: string }> {
  const [token, satoken] = await page.evaluate(() => [window.localStorage.getItem('token'), window.localStorage.getItem('satoken')]);
  const res = await page.request.fetch(path, { method: init.method ?? 'GET', data: init.data, headers: { 'request-token': token ?? '', satoken: satoken ?? '', 'accept-language': 'en-US' } });
  const body = (await res.json()) as { data: T; msg?: string };
  return { status: res.status(), data: body.data, msg: body.msg };
}

function ymd(d: Date) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

test('teacher assigns homework to an own class, checks one submission with stars, rejects another; delete is refused', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'teacher');
  const classes = await api<{ value: number; label: string }[]>(page, '/v2/company_class/options');
  const own = classes.data[0];
  const className = own.label.split(' · ')[0];
  await page.goto('/home-work/work');
  await page.getByRole('button', { name: 'Assign homework' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign homework' });
  await openSelect(dialog, 'Class');
  await pickOption(page, className);
  await dialog.getByLabel('Title').fill('<b>周末压腿打卡</b>');
  await dialog.getByLabel('Content').fill('每天压腿 15 分钟，\n录 1 分钟视频。');
  const due = ymd(new Date(Date.now() + 7 * 86400000));
  await dialog.getByLabel('Due date').fill(due);
  await dialog.getByLabel('Due date').press('Enter');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  // The title is shown as text, never as HTML.
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '<b>周末压腿打卡</b>' });
  await expect(row).toBeVisible();
  const list = await api<{ list: { id: number; classId: number; counts: { total: number } }[] }>(page, '/v2/homework?keyword=周末压腿打卡');
  const hw = list.data.list[0];
  expect(hw.classId).toBe(own.value);

  await (await rowAction(row, 'View')).click();
  const drawer = page.locator('.ant-drawer-content');
  const subRows = drawer.locator('.ant-table-tbody tr.ant-table-row');
  await expect(subRows).toHaveCount(hw.counts.total);
  const first = subRows.nth(0);
  const second = subRows.nth(1);
  const firstName = (await first.locator('td').first().innerText()).trim();
  const secondName = (await second.locator('td').first().innerText()).trim();
  for (const [r, text] of [[first, '已完成，视频已上传。'], [second, '只练了一天。']] as const) {
    await r.getByText('Record submission').click();
    const m = page.getByRole('dialog', { name: /Record the submission/ });
    await m.getByLabel('Submission').fill(text);
    await m.getByRole('button', { name: 'OK' }).click();
    await expect(m).toHaveCount(0);
  }
  await expect(first.getByText('Submitted')).toBeVisible();
  // Check the first with 4 stars and a comment.
  await (await rowAction(first, 'Check')).click();
  const check = page.getByRole('dialog', { name: `Check the homework of ${firstName}` });
  await check.getByRole('button', { name: 'OK' }).click();
  await expect(check.getByText('Please give 1 to 5 stars.')).toBeVisible();
  await check.locator('.ant-rate-star').nth(3).click();
  await check.getByLabel('Comment').fill('动作标准，继续保持');
  await check.getByRole('button', { name: 'OK' }).click();
  await expect(check).toHaveCount(0);
  await expect(first.getByText('4 / 5 stars · 动作标准，继续保持')).toBeVisible();
  // Reject the second with a reason.
  await (await rowAction(second, 'Reject')).click();
  const reject = page.getByRole('dialog', { name: `Reject the homework of ${secondName}` });
  await reject.getByLabel('Reason').fill('视频太短，请重新录制');
  await reject.getByRole('button', { name: 'OK' }).click();
  await expect(reject).toHaveCount(0);
  await expect(second.getByText('Rejected: 视频太短，请重新录制')).toBeVisible();
  const subs = await api<{ list: { studentName: string; status: string; stars?: number; rejectReason?: string }[] }>(page, `/v2/homework/${hw.id}/submissions`);
  expect(subs.data.list.find((s) => s.studentName === firstName)).toMatchObject({ status: 'checked', stars: 4 });
  expect(subs.data.list.find((s) => s.studentName === secondName)).toMatchObject({ status: 'rejected', rejectReason: '视频太短，请重新录制' });
  await page.keyboard.press('Escape');

  // With a checked submission, the homework cannot be deleted.
  await (await rowAction(row, 'Delete')).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('This homework has 1 checked submission and cannot be deleted.')).toBeVisible();
  expect((await api(page, `/v2/homework?keyword=周末压腿打卡`)).data).toMatchObject({ total: 1 });
  // Another teacher's class is out of reach (server-enforced).
  const other = await api(page, '/v2/homework', { method: 'POST', data: { classId: 99999, title: 'x', content: 'y', dueDate: due } });
  expect(other.status).toBe(404);
});

test('teacher records an exam and sees the statistics (absent excluded)', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'teacher');
  const classes = await api<{ value: number; label: string }[]>(page, '/v2/company_class/options');
  const className = classes.data[0].label.split(' · ')[0];
  await page.goto('/home-work/score');
  await page.getByRole('button', { name: 'Add exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add exam' });
  await openSelect(dialog, 'Class');
  await pickOption(page, className);
  await dialog.getByLabel('Exam').fill('期末汇报考核');
  await dialog.getByLabel('Date').fill(ymd(new Date()));
  await dialog.getByLabel('Date').press('Enter');
  await dialog.getByLabel('Subject').fill('基本功');
  await dialog.getByLabel('Full mark').fill('100');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '期末汇报考核' });
  await (await rowAction(row, 'Scores')).click();
  const drawer = page.locator('.ant-drawer-content');
  const sheetRows = drawer.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.locator('input') });
  await expect(sheetRows.first()).toBeVisible();
  const inputs = drawer.getByLabel(/^Score of .* in 基本功$/);
  await inputs.nth(0).fill('90');
  await inputs.nth(1).fill('101');
  await sheetRows.nth(2).getByRole('checkbox').check();
  await drawer.getByRole('button', { name: 'Save scores' }).click();
  await expect(page.getByText(/the score cannot exceed the full mark 100/)).toBeVisible();
  await inputs.nth(1).fill('50');
  await drawer.getByRole('button', { name: 'Save scores' }).click();
  const stats = drawer.getByTestId('score-stats').locator('.ant-table-tbody tr.ant-table-row').first();
  // present 2, absent 1, average 70, highest 90, lowest 50, pass rate 50 %
  await expect(stats).toContainText('基本功');
  await expect(stats.locator('td').nth(2)).toHaveText('2');
  await expect(stats.locator('td').nth(3)).toHaveText('1');
  await expect(stats.locator('td').nth(4)).toHaveText('70');
  await expect(stats.locator('td').nth(5)).toHaveText('90');
  await expect(stats.locator('td').nth(6)).toHaveText('50');
  await expect(stats.locator('td').nth(7)).toHaveText('50 % (≥ 60)');
  const exams = await api<{ list: { id: number }[] }>(page, '/v2/exam?keyword=期末汇报考核');
  const sheet = await api<{ stats: { average: number; absent: number }[] }>(page, `/v2/exam/${exams.data.list[0].id}/sheet`);
  expect(sheet.data.stats[0]).toMatchObject({ average: 70, absent: 1 });
});
