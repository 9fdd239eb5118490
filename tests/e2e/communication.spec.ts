/**
 * Notices, inboxes, notification rules and bulletins (issue 13): a notice from a template to the students running
 * low (count = the dashboard's), read by the demo parent; a rule switched off stops its messages; a bulletin shows
 * once on the dashboard.
 */
import { test, expect, type Page } from './fixtures';
import { login, openSelect, pickOption, resetBackend } from './helpers';

async function api<T>(page: Page, path: string, init: { method?: string; data?: unknown } = {}): Promise<{ status: number; data: T; msg?: string }> {
  const [token, satoken] = await page.evaluate(() => [window.localStorage.getItem('token'), window.localStorage.getItem('satoken')]);
  const res = await page.request.fetch(path, { method: init.method ?? 'GET', data: init.data, headers: { 'request-token': token ?? '', satoken: satoken ?? '', 'accept-language': 'en-US' } });
  const body = (await res.json()) as { data: T; msg?: string };
  return { status: res.status(), data: body.data, msg: body.msg };
}

async function switchUser(page: Page, username: string, redirect?: string) {
  await page.evaluate(() => {
    window.localStorage.removeItem('token');
    window.localStorage.removeItem('satoken');
  });
  await login(page, username, { redirect });
}

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

test('dealer sends a template notice to the students running low; the parent reads it; the read count rises', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page, 'dealer');
  await page.goto('/dashboard');
  const widget = page.getByTestId('widget-renew');
  await expect(widget).toContainText(/\d+ students with ≤ 3 hours/);
  const lowCount = Number((await widget.innerText()).match(/(\d+) students with ≤ 3 hours/)![1]);
  expect(lowCount).toBeGreaterThan(0);

  await page.goto('/service-message');
  await page.getByRole('button', { name: 'Send notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send notice' });
  await openSelect(dialog, 'Template');
  await pickOption(page, '课时不足提醒');
  await expect(dialog.getByLabel('Text')).toHaveValue(/\{remainingHours\}/);
  await dialog.getByLabel('Title').fill('续费提醒');
  await dialog.getByLabel('Cards running low').check();
  await dialog.getByRole('button', { name: 'Receivers and preview' }).click();
  const receivers = page.getByRole('dialog', { name: 'Receivers' });
  await expect(receivers.getByTestId('receiver-count')).toHaveText(`Receivers: ${lowCount}`);
  await expect(receivers.getByText(/剩余课时为 \d/)).toBeVisible();
  await receivers.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Notice sent')).toBeVisible();
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '续费提醒' });
  await expect(row).toContainText(`0 / ${lowCount}`);
  const notices = await api<{ list: { id: number; receiverCount: number; readCount: number }[] }>(page, '/v2/notice?keyword=续费提醒');
  expect(notices.data.list[0]).toMatchObject({ receiverCount: lowCount, readCount: 0 });

  // The demo parent reads it in /notice (the bell shows the unread count).
  await switchUser(page, 'customer');
  await page.goto('/notice');
  const bell = page.getByTestId('notice-bell');
  await expect(bell).toHaveAttribute('aria-label', /Unread messages: [1-9]/);
  const items = page.locator('[data-testid^="inbox-item-"]').filter({ hasText: '续费提醒' });
  await expect(items.first()).toBeVisible();
  await items.first().click();
  await expect(page.getByText(/家长您好/).first()).toBeVisible();

  await switchUser(page, 'dealer');
  await page.goto('/service-message');
  await page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '续费提醒' }).getByText('View').click();
  const content = page.getByRole('dialog', { name: '续费提醒' });
  await expect(content.getByTestId('notice-sent')).toHaveText(String(lowCount));
  await expect(content.getByTestId('notice-read')).toHaveText('1');
  await expect(content.getByTestId('notice-unread')).toHaveText(String(lowCount - 1));
  await content.getByRole('tab', { name: 'Read (1)' }).click();
  await expect(content.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row')).toHaveCount(1);
});

test('a rule switched off in /notify stops its event producing messages', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'dealer');
  const pending = await api<{ list: { id: number }[] }>(page, '/v2/leave?status=pending&pageSize=5');
  expect(pending.data.list.length).toBeGreaterThan(1);
  await page.goto('/notify');
  const smsParent = page.getByRole('switch', { name: 'Leave reviewed: SMS to Parent' });
  await expect(smsParent).not.toBeChecked();
  await smsParent.click();
  await expect(smsParent).toBeChecked();
  // A reviewed leave now logs an SMS to the parent.
  expect((await api(page, '/v2/leave/approve', { method: 'POST', data: { id: pending.data.list[0].id } })).status).toBe(200);
  await page.reload();
  const outbox = page.locator('.ant-pro-table').last().locator('.ant-table-tbody tr.ant-table-row');
  await expect(outbox.filter({ hasText: 'Leave reviewed' })).toHaveCount(1);
  // Switched off: the next review logs nothing.
  await page.getByRole('switch', { name: 'Leave reviewed: SMS to Parent' }).click();
  await expect(page.getByRole('switch', { name: 'Leave reviewed: SMS to Parent' })).not.toBeChecked();
  expect((await api(page, '/v2/leave/approve', { method: 'POST', data: { id: pending.data.list[1].id } })).status).toBe(200);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Leave reviewed: SMS to Parent' })).not.toBeChecked();
  await expect(outbox.filter({ hasText: 'Leave reviewed' })).toHaveCount(1);
  const log = await api<{ total: number }>(page, '/v2/notify/outbox?event=leaveReviewed');
  expect(log.data.total).toBe(1);
  // The teacher may read the rules but not change them (server-enforced).
  await switchUser(page, 'teacher');
  expect((await api(page, '/v2/notify/rules', { method: 'PUT', data: { event: 'leaveReviewed', channel: 'sms', receiver: 'parent', on: true } })).status).toBe(403);
});

test('admin publishes a bulletin that the dealer sees once on the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'admin');
  await page.goto('/system_bulletin');
  await page.getByRole('button', { name: 'Publish bulletin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish bulletin' });
  await dialog.getByLabel('Title').fill('春节放假安排 <script>');
  await dialog.getByLabel('Body').fill('2 月 9 日至 2 月 17 日平台客服暂停。\n祝大家新春快乐！');
  const today = new Date();
  const d = (x: Date) => `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
  const start = dialog.locator('.ant-picker-range input').nth(0);
  await start.click();
  await start.fill(d(today));
  await start.press('Enter');
  const end = dialog.locator('.ant-picker-range input').nth(1);
  await end.fill(d(new Date(today.getTime() + 30 * 86400000)));
  await end.press('Enter');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.ant-table-tbody').getByText('春节放假安排 <script>')).toBeVisible();

  await switchUser(page, 'dealer', '/dashboard');
  await expect(page.getByText('Bulletin: 春节放假安排 <script>')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.locator('.ant-table, .ant-card').first()).toBeVisible();
  await expect(page.getByText('Bulletin: 春节放假安排 <script>')).toHaveCount(0);
  // A dealer cannot publish (server-enforced).
  expect((await api(page, '/v2/system_bulletin', { method: 'POST', data: { title: 'x', body: 'y', startDate: d(today), endDate: d(today), pinned: false } })).status).toBe(403);
});

function pngSize(buf: Buffer) {
  expect(buf.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

test('each poster kind is drawn and downloads as a non-blank PNG at 2× density; feedback takes images only', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page, 'dealer');
  const students = await api<{ value: number; label: string }[]>(page, '/v2/student/options');
  for (const path of ['/poster/clock-in', '/poster/co_branded_poster', '/poster/festival']) {
    await page.goto(path);
    const canvas = page.getByTestId('poster-canvas');
    await expect(canvas).toBeVisible();
    if (path === '/poster/clock-in') {
      await page.getByLabel('Choose a student').first().click();
      await pickOption(page, students.data[0].label);
    }
    if (path === '/poster/festival') {
      await expect(page.getByLabel('Festival or solar term')).toBeVisible();
    }
    // The canvas holds a drawn poster: many distinct colours, not a blank or flat fill.
    await expect
      .poll(async () =>
        canvas.evaluate((c: HTMLCanvasElement) => {
          const ctx = c.getContext('2d')!;
          const data = ctx.getImageData(0, 0, c.width, c.height).data;
          const colours = new Set<number>();
          for (let i = 0; i < data.length; i += 4 * 97) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
          return colours.size;
        }),
      )
      .toBeGreaterThan(50);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    const file = await download.path();
    const buf = (await import('node:fs')).readFileSync(file!);
    expect(pngSize(buf)).toEqual({ width: 750, height: 1334 });
    expect(buf.length).toBeGreaterThan(20_000);
  }

  // Feedback: a non-image is refused with a clear message; text is sent.
  await page.goto('/user/feedback/opinion-fill');
  await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'Only PNG, JPEG, GIF or WebP images can be uploaded.' })).toBeVisible();
  await page.getByLabel('Your feedback').fill('海报下载很好用，希望增加更多模板。');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Thank you: your feedback was sent.')).toBeVisible();
  const mine = await api<{ list: { text: string }[] }>(page, '/v2/feedback/mine');
  expect(mine.data.list[0].text).toBe('海报下载很好用，希望增加更多模板。');
});
