/**
 * Issue 31, "Content": the parent's dashboard (each child's hours left as the student list has them, next lessons,
 * homework due, unread notices), the default contract in both languages (campus address, amount in words), posters
 * (the company's and the partner's logos, no word split, no download before a student is chosen), and two layout
 * bugs (the Send notice counter over the variable hint; "Record submission" clipped in the homework drawer).
 */
import { expect, test, type Browser, type Page, type TestInfo, serverUrl } from './fixtures';
import { axeViolations, login, open, pickOption, resetBackend, rowAction, sessionHeaders } from './helpers';
import { amountInWordsEn, amountInWordsZh } from '../../src/domain/amountWords';
import { formatAmount } from '../../src/utils/format';

async function api<T>(page: Page, path: string, init: { method?: string; data?: unknown } = {}): Promise<{ status: number; data: T }> {
  const res = await page.request.fetch(path, { method: init.method ?? 'GET', data: init.data, headers: { ...(await sessionHeaders(page)), 'accept-language': 'en-US' } });
  return { status: res.status(), data: ((await res.json()) as { data: T }).data };
}

/** A second person in their own browser (own local storage). */
async function otherBrowser(browser: Browser, info: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: serverUrl(info), locale: 'en-US', reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

async function useChinese(page: Page) {
  await page.evaluate(() => window.localStorage.setItem('locale', 'zh-CN'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
}

/** The text and images a poster canvas drew (PosterStudio's `data-drawn`). */
interface Drawn {
  texts: { id: string; text: string; lines: string[]; truncated: boolean }[];
  images: string[];
}
async function drawn(page: Page): Promise<Drawn> {
  const raw = await page.getByTestId('poster-canvas').getAttribute('data-drawn');
  return JSON.parse(raw ?? '{"texts":[],"images":[]}') as Drawn;
}

/** A 1×1 PNG (a logo). */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

for (const [lang, width] of [['en-US', 1280], ['zh-CN', 1440]] as const) {
  test(`the parent's dashboard: each child's hours left as the student list has them, lessons, homework, notices (${lang}, ${width} px)`, async ({ page, browser }, info) => {
    await page.setViewportSize({ width, height: 900 });
    await login(page, 'customer');
    if (lang === 'zh-CN') await useChinese(page);
    await open(page, '/dashboard');
    const cards = page.locator('[data-testid^="parent-child-"]');
    await expect(cards.first()).toBeVisible();
    // Not the school's subscription days.
    await expect(page.getByText(lang === 'zh-CN' ? '系统剩余天数' : 'Subscription days left')).toHaveCount(0);
    const ids = await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-testid')!.replace('parent-child-', ''))));
    expect(ids.length).toBeGreaterThan(1);

    // The student list's figure of each child, as the school's dealer reads it.
    const dealer = await otherBrowser(browser, info);
    await login(dealer, 'dealer');
    for (const id of ids) {
      const student = (await api<{ student: { name: string } }>(dealer, `/v2/student/${id}`)).data.student;
      const list = await api<{ list: { id: number; activeHours: number }[] }>(dealer, `/v2/student?keyword=${encodeURIComponent(student.name)}&pageSize=50`);
      const row = list.data.list.find((s) => s.id === id)!;
      const card = page.getByTestId(`parent-child-${id}`);
      await expect(card.getByRole('heading', { name: student.name, level: 4 })).toBeVisible();
      await expect(card.getByTestId('parent-hours-left')).toHaveText(row.activeHours.toFixed(1));
    }
    await dealer.context().close();

    // Next lessons (date, time, class, room, teacher) and the link to the inbox with the unread count.
    const first = cards.first();
    const lesson = first.getByTestId('parent-next-lessons').locator('.ant-list-item').first();
    await expect(lesson).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}–\d{2}:\d{2}/);
    const unread = page.getByTestId('parent-unread').getByRole('link').filter({ hasText: lang === 'zh-CN' ? /未读通知/ : /unread notice/ });
    await expect(unread.first()).toBeVisible();
    await unread.first().click();
    await expect(page).toHaveURL(/\/notice$/);
    await page.goBack();
    await expect(cards.first()).toBeVisible();
    expect(await axeViolations(page, '.ant-pro-layout main', { labelMismatch: true })).toEqual([]);
  });
}

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`the default contract prints the campus's name and address and the amount in words (${lang})`, async ({ page }) => {
    await login(page, 'dealer');
    const cards = await api<{ list: { id: number; studentId: number; cardNo: string; paidAmount: number }[] }>(page, '/v2/student_card?page=1&pageSize=20&status=active');
    const card = cards.data.list.find((c) => c.paidAmount > 0)!;
    const student = (await api<{ student: { campusId: number } }>(page, `/v2/student/${card.studentId}`)).data.student;
    const campuses = await api<{ list: { id: number; name: string; address: string }[] } | { id: number; name: string; address: string }[]>(page, '/v2/company_kt/campus?page=1&pageSize=50');
    const campus = (Array.isArray(campuses.data) ? campuses.data : campuses.data.list).find((c) => c.id === student.campusId)!;
    if (lang === 'zh-CN') await useChinese(page);
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.goto(`/student/list?studentId=${card.studentId}`);
    const drawer = page.locator('.ant-drawer-content');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('tab', { name: lang === 'zh-CN' ? /课时卡/ : /Cards/ }).click();
    await (await rowAction(drawer.locator('.ant-table-row').filter({ hasText: card.cardNo }), lang === 'zh-CN' ? '合同' : 'Contract')).click();
    const dialog = page.getByRole('dialog', { name: lang === 'zh-CN' ? `课卡 ${card.cardNo} 的合同` : `Contract of card ${card.cardNo}` });
    await expect(dialog).toContainText(lang === 'zh-CN' ? '培训服务协议' : 'Training services agreement');
    await expect(dialog).toContainText(campus.name);
    await expect(dialog).toContainText(campus.address);
    const amount = formatAmount(card.paidAmount);
    if (lang === 'zh-CN') {
      await expect(dialog).toContainText(`人民币 ${amount} 元（大写：${amountInWordsZh(card.paidAmount)}）`);
      await expect(dialog).toContainText('退费金额 = 剩余课时 × 课时单价');
    } else {
      await expect(dialog).toContainText(`${amount} yuan (in words: ${amountInWordsEn(card.paidAmount)})`);
      await expect(dialog).toContainText('refunds the remaining hours × the unit price');
    }
  });
}

test('the clock-in poster cannot be downloaded while it reads "Choose a student"', async ({ page }) => {
  await login(page, 'dealer');
  await open(page, '/poster/clock-in');
  const download = page.getByRole('button', { name: 'Download PNG' });
  await expect(download).toBeDisabled();
  await expect(page.getByText('Choose a student before downloading.')).toBeVisible();
  // Without a company logo, the company's name (never the app's logo), drawn once the poster's information has come
  // (the poster is drawn before, without it).
  await expect.poll(async () => (await drawn(page)).texts.find((x) => x.id === 'companyName')?.lines.join(' ')).toBe('Starlight Dance');
  const before = await drawn(page);
  expect(before.images).not.toContain('companyLogo');

  const students = await api<{ value: number; label: string }[]>(page, '/v2/student/options');
  await page.locator('#poster-student').click();
  await pickOption(page, students.data[0].label);
  await expect(download).toBeEnabled();
  await expect(page.getByText('Choose a student before downloading.')).toHaveCount(0);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^clock-in-.+\.png$/);
  expect(await axeViolations(page, '.ant-pro-layout main', { labelMismatch: true })).toEqual([]);
});

test('the co-branded poster shows the company and partner logos and never splits a word of a long partner name', async ({ page }) => {
  await login(page, 'dealer');
  // As long as a merchant's name may be (50 characters).
  const name = 'Greenfield International Bilingual Academy';
  const created = await api<{ id: number }>(page, '/v2/market_merchant', { method: 'POST', data: { name, category: 'Education', contact: 'Ms. Green', mobile: '13912340000', status: 'active' } });
  expect(created.status).toBe(200);
  await open(page, '/poster/co_branded_poster');
  await page.locator('.ant-select').filter({ has: page.locator('#poster-merchant') }).click();
  await pickOption(page, name);
  const wholeWords = async () => {
    const d = await drawn(page);
    const partner = d.texts.filter((x) => x.id === 'partnerName' || x.id === 'partnerWith');
    return partner.map((x) => ({ id: x.id, ok: !x.truncated && x.lines.join(' ') === x.text.replace(/\s+/g, ' ').trim(), lines: x.lines }));
  };
  // No logo yet: the partner's name in text, on whole words only.
  await expect.poll(async () => (await wholeWords()).length).toBe(2);
  for (const x of await wholeWords()) expect(x.ok, `${x.id}: ${JSON.stringify(x.lines)}`).toBe(true);
  expect((await wholeWords()).find((x) => x.id === 'partnerName')!.lines.length).toBeGreaterThan(1);

  // The company's logo and the partner's logo (uploaded on the merchant's form).
  expect((await api(page, '/v2/company_kt/logo', { method: 'PUT', data: { logo: PNG } })).status).toBe(200);
  await page.goto('/market_merchant');
  const row = page.locator('.ant-table-row').filter({ hasText: name });
  await (await rowAction(row, 'Edit')).click();
  const form = page.getByRole('dialog', { name: 'Edit merchant' });
  await form.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG.split(',')[1], 'base64') });
  await expect(form.getByRole('img', { name: 'Logo' })).toBeVisible();
  await form.getByRole('button', { name: 'OK' }).click();
  await expect(form).toHaveCount(0);

  await open(page, '/poster/co_branded_poster');
  await page.locator('.ant-select').filter({ has: page.locator('#poster-merchant') }).click();
  await pickOption(page, name);
  await expect.poll(async () => (await drawn(page)).images.sort()).toEqual(['companyLogo', 'partnerLogo']);
  for (const x of await wholeWords()) expect(x.ok, `${x.id}: ${JSON.stringify(x.lines)}`).toBe(true);
  expect(await axeViolations(page, '.ant-pro-layout main', { labelMismatch: true })).toEqual([]);
});

/** True when an ancestor that clips its content (overflow other than visible) cuts the element's box. */
async function isClipped(page: Page, selector: string, text: string): Promise<boolean[]> {
  return page.evaluate(
    ([sel, txt]) =>
      Array.from(document.querySelectorAll<HTMLElement>(sel))
        .filter((e) => e.textContent?.trim() === txt && e.getClientRects().length > 0)
        .map((el) => {
          const r = el.getBoundingClientRect();
          if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline') return true;
          for (let p = el.parentElement; p; p = p.parentElement) {
            const s = getComputedStyle(p);
            if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
            const b = p.getBoundingClientRect();
            if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1) return true;
          }
          return false;
        }),
    [selector, text] as const,
  );
}

for (const width of [1280, 1440]) {
  test(`Send notice: the counter and the variable hint do not overlap; "Record submission" is not clipped (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await login(page, 'dealer');
    await open(page, '/service-message');
    await page.getByRole('button', { name: 'Send notice' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Send notice' });
    await dialog.getByLabel('Text').fill('Dear parent, {studentName} has class tomorrow at {lessonTime}.');
    const count = await dialog.locator('.ant-input-data-count').boundingBox();
    const hint = await dialog.getByTestId('notice-variables-hint').boundingBox();
    expect(count && hint).toBeTruthy();
    const overlap = !(count!.x + count!.width <= hint!.x || hint!.x + hint!.width <= count!.x || count!.y + count!.height <= hint!.y || hint!.y + hint!.height <= count!.y);
    expect(overlap, `counter ${JSON.stringify(count)} hint ${JSON.stringify(hint)}`).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await open(page, '/home-work/work');
    await page.locator('.ant-table-row').first().getByText('View', { exact: true }).click();
    const drawer = page.locator('.ant-drawer-content');
    await expect(drawer.getByText('Record submission').first()).toBeVisible();
    const clipped = await isClipped(page, '.ant-drawer-content a', 'Record submission');
    expect(clipped.length).toBeGreaterThan(0);
    expect(clipped.every((c) => !c)).toBe(true);
  });
}
