/**
 * Issue 30 item 2, arrears (docs/rules.md#arrears), as the demo dealer: a lesson attended without a card becomes an arrears
 * item (arrears view of /student/list, dashboard figure, student drawer); the next card sold settles it as its first
 * consumption, shown on the receipt; another item is written off with a reason. Issue 31: a past lesson's roll call
 * shows the card its records took from, not today's card state.
 */
import { expect, test, type Page } from './fixtures';
import { axeViolations, login, open, openSelect, pickOption, resetBackend, rowAction, sessionHeaders } from './helpers';

async function api<T>(page: Page, path: string, init: { method?: string; data?: unknown } = {}): Promise<{ status: number; data: T }> {
  const res = await page.request.fetch(path, { method: init.method ?? 'GET', data: init.data, headers: { ...(await sessionHeaders(page)), 'accept-language': 'en-US' } });
  return { status: res.status(), data: ((await res.json()) as { data: T }).data };
}

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

interface Line { studentId: number; studentName: string; cardId?: number; cardNo?: string; saved: boolean; source: string; remainingHours?: number }
interface ArrearsRow { id: number; studentId: number; studentName: string; lessonId?: number; lessonDate: string; className: string; hours: number; value: number; status: string; settledCardNo?: string }

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

test('a lesson attended without a card becomes arrears, settled by the next card sold, another written off', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'dealer');
  const today = ymd(new Date());

  // Today's lesson with an enrolled student who holds no card at all.
  const lessons = await api<{ id: number; status: string; studentCount: number; hours: number; className: string }[]>(page, `/v2/lesson/range?startDate=${today}&endDate=${today}`);
  let found: { lesson: (typeof lessons.data)[number]; student: Line } | undefined;
  for (const lesson of lessons.data.filter((l) => l.status === 'scheduled' && l.studentCount > 0)) {
    const view = await api<{ students: Line[] }>(page, `/v2/lesson/${lesson.id}/roll_call`);
    for (const s of view.data.students.filter((x) => !x.cardId && !x.saved && x.source === 'enrolled')) {
      if ((await api<{ total: number }>(page, `/v2/student_card?studentId=${s.studentId}&pageSize=1`)).data.total === 0) found = { lesson, student: s };
      if (found) break;
    }
    if (found) break;
  }
  expect(found).toBeTruthy();
  const { lesson, student } = found!;
  const before = await api<{ open: number; value: number }>(page, '/v2/arrears/summary');

  // Roll call: the student present, no card.
  await open(page, `/schedule/class-record?lessonId=${lesson.id}`);
  const drawer = page.locator('.ant-drawer-content');
  const table = drawer.getByTestId('roll-call-table');
  await expect(table).toBeVisible();
  const row = table.locator('tr').filter({ hasText: student.studentName });
  await expect(row).toContainText('No usable card');
  await row.locator('label').filter({ hasText: 'Present' }).click();
  await expect(row).toContainText('No valid card');
  await drawer.getByRole('button', { name: 'Save roll call' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /OK|Confirm/ }).click();
  await expect(drawer.getByText(/deductions? failed and (was|were) recorded as arrears/)).toBeVisible();
  await expect(row).toContainText('Arrears: Open');
  await expect(row).not.toContainText('No usable card');
  const mine = (await api<{ list: ArrearsRow[] }>(page, `/v2/arrears?lessonId=${lesson.id}&studentId=${student.studentId}&status=open`)).data.list;
  expect(mine).toHaveLength(1);
  const item = mine[0];
  expect(item.hours).toBe(lesson.hours);
  expect(item.value).toBeGreaterThan(0);

  // The arrears view (its own view of /student/list), filtered by the student.
  await open(page, '/student/list?tab=arrears');
  await expect(page.getByRole('tab', { name: 'Arrears' })).toHaveAttribute('aria-selected', 'true');
  await page.getByPlaceholder('Student, class or card number').fill(student.studentName);
  await page.getByRole('button', { name: 'Query', exact: true }).click();
  const itemRow = page.locator('.ant-table-row').filter({ hasText: lesson.className }).filter({ hasText: today });
  await expect(itemRow).toBeVisible();
  await expect(itemRow).toContainText(student.studentName);
  await expect(itemRow).toContainText('Open');
  await expect(itemRow).toContainText(`¥${item.value.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  expect(await axeViolations(page, '.ant-pro-table')).toEqual([]);

  // The dashboard counts it and links to the view.
  await open(page, '/dashboard');
  const widget = page.getByTestId('widget-arrears');
  await expect(widget).toContainText('Open items');
  await expect(widget.locator('.ant-statistic').first()).toContainText((before.data.open + 1).toLocaleString('en-US'));
  await widget.getByTestId('arrears-count-link').click();
  await expect(page).toHaveURL(/\/student\/list\?tab=arrears&status=open/);
  await expect(page.getByRole('tab', { name: 'Arrears' })).toHaveAttribute('aria-selected', 'true');

  // The student's drawer shows the open arrears; sell a card there.
  const owed = (await api<{ list: ArrearsRow[]; total: number }>(page, `/v2/arrears?studentId=${student.studentId}&status=open&pageSize=100&sortField=lessonDate&sortOrder=ascend`)).data;
  await open(page, `/student/list?studentId=${student.studentId}`);
  const sd = page.locator('.ant-drawer-content');
  await sd.getByTestId('student-arrears-tab').click();
  await expect(sd.getByTestId('student-arrears-tab')).toHaveText(`Arrears (${owed.total})`);
  await expect(sd.getByTestId('student-arrears')).toContainText(new RegExp(`${owed.total} open items?`));
  await expect(sd.getByTestId('student-arrears').locator('tr').filter({ hasText: today })).toContainText(lesson.className);
  await sd.getByRole('button', { name: 'Sell a card' }).click();
  const sell = page.getByRole('dialog', { name: 'Sell a card' });
  await openSelect(sell, 'Card template');
  await pickOption(page, '96 课时尊享卡');
  await sell.getByRole('button', { name: 'OK' }).click();
  const receipt = page.getByTestId('receipt-arrears');
  await expect(receipt).toContainText('Arrears settled from this card');
  await expect(receipt.locator('li')).toHaveCount(owed.total);
  await expect(receipt.locator('li').filter({ hasText: today })).toContainText(lesson.className);
  const owedHours = Math.round(owed.list.reduce((s, a) => s + a.hours * 10, 0)) / 10;
  await expect(receipt).toContainText(`Settled ${owedHours.toFixed(1)} hours`);
  await expect(receipt).toContainText(`${(108 - owedHours).toFixed(1)} hours left on the card`);
  await page.getByRole('dialog', { name: 'Receipt' }).getByRole('button', { name: 'Done' }).click();
  await expect(sd.getByTestId('student-arrears-tab')).toHaveText('Arrears (0)');

  // The item is settled; the card's records start with the settlement consumption (after the purchase itself).
  const settled = (await api<{ list: ArrearsRow[] }>(page, `/v2/arrears?lessonId=${lesson.id}&studentId=${student.studentId}`)).data.list[0];
  expect(settled.status).toBe('settled');
  const card = (await api<{ list: { id: number; cardNo: string }[] }>(page, `/v2/student_card?studentId=${student.studentId}`)).data.list[0];
  expect(settled.settledCardNo).toBe(card.cardNo);
  const records = (await api<{ list: { type: string; lessonId?: number; hours: number; createdAt: string; id: number }[] }>(page, `/v2/hour_record?cardId=${card.id}&pageSize=200&sortField=createdAt&sortOrder=ascend`)).data.list.sort((a, b) => a.id - b.id);
  expect(records.map((r) => r.type)).toEqual(['add', 'give', ...owed.list.map(() => 'reduce')]);
  expect(records.some((r) => r.type === 'reduce' && r.lessonId === lesson.id && r.hours === -lesson.hours)).toBe(true);
  await page.keyboard.press('Escape');
  await open(page, `/student/list?tab=arrears&status=settled`);
  await page.getByPlaceholder('Student, class or card number').fill(card.cardNo);
  await page.getByRole('button', { name: 'Query', exact: true }).click();
  const settledRow = page.locator(`.ant-table-row[data-row-key="${item.id}"]`);
  await expect(settledRow).toContainText('Settled');
  await expect(settledRow).toContainText(`Card ${card.cardNo}, record #`);
  await expect(page.locator('.ant-table-row')).toHaveCount(Math.min(owed.total, 10));

  // Another open item written off, with a reason (required).
  await open(page, '/student/list?tab=arrears');
  const first = page.locator('.ant-table-row').first();
  await expect(first).toContainText('Open');
  const name = (await first.locator('td').nth(1).innerText()).trim();
  await (await rowAction(first, 'Write off')).click();
  const dialog = page.getByRole('dialog', { name: `Write off the arrears of ${name}` });
  await expect(dialog).toContainText('The write-off is kept in the audit log');
  await dialog.getByRole('button', { name: 'Write off' }).click();
  await expect(dialog.getByText('Enter the reason for the write-off.')).toBeVisible();
  await dialog.getByLabel('Reason for the write-off').fill('Family moved away; agreed with the parent');
  await dialog.getByRole('button', { name: 'Write off' }).click();
  await expect(page.getByText('Arrears written off')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const off = (await api<{ list: ArrearsRow[] & { writeOffReason?: string }[] }>(page, '/v2/arrears?status=writtenOff&pageSize=5')).data.list as (ArrearsRow & { writeOffReason?: string })[];
  expect(off.map((a) => a.writeOffReason)).toContain('Family moved away; agreed with the parent');
});

test('a past lesson shows the card its roll call took hours from, not today\'s card state', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'dealer');
  const end = new Date();
  end.setDate(end.getDate() - 1);
  const start = new Date();
  start.setDate(start.getDate() - 14);
  const lessons = await api<{ id: number; rollCall: string; studentCount: number }[]>(page, `/v2/lesson/range?startDate=${ymd(start)}&endDate=${ymd(end)}`);
  let found: { lessonId: number; line: Line } | undefined;
  for (const lesson of lessons.data.filter((l) => l.rollCall === 'done' && l.studentCount > 0).slice(0, 80)) {
    const view = await api<{ students: Line[] }>(page, `/v2/lesson/${lesson.id}/roll_call`);
    for (const line of view.data.students.filter((s) => s.saved && s.cardNo)) {
      const cards = await api<{ list: { status: string }[] }>(page, `/v2/student_card?studentId=${line.studentId}&pageSize=50`);
      if (!cards.data.list.some((c) => c.status === 'active')) found = { lessonId: lesson.id, line };
      if (found) break;
    }
    if (found) break;
  }
  expect(found, 'a past line charged to a card that is no longer usable').toBeTruthy();
  const { lessonId, line } = found!;
  await open(page, `/schedule/class-record?lessonId=${lessonId}`);
  const row = page.getByTestId('roll-call-table').locator('tr').filter({ hasText: line.studentName });
  await expect(row).toContainText(line.cardNo!);
  await expect(row).not.toContainText('No usable card');
  await expect(row).toContainText((line.remainingHours ?? 0).toFixed(1));
});
