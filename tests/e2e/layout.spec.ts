/**
 * Lists and charts keep what they show readable (issue 31), at 1280 and 1440 px, in both languages.
 * - Lists: the key columns' header cell and first-row cell lie wholly inside the table's visible scroll box, left of
 *   the pinned actions column (one compact column: the primary action and "More"); lead mobiles stay on one line.
 * - Charts: the SVG drawing's label boxes: the legend's never meet an axis label's, and every category has a visible
 *   label of its own (whole, or cut with an ellipsis).
 */
import { expect, test, type Locator, type Page } from './fixtures';
import en from '../../src/locales/en-US';
import zh from '../../src/locales/zh-CN';
import { apiCall, dismissReminder, login, resetBackend } from './helpers';

type Lang = 'en-US' | 'zh-CN';
const MESSAGES: Record<Lang, Record<string, string>> = { 'en-US': en, 'zh-CN': zh };
const WIDTHS = [1280, 1440] as const;

async function start(page: Page, lang: Lang, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await resetBackend(page);
  await login(page, 'dealer');
  await dismissReminder(page);
  if (lang === 'zh-CN') await page.evaluate(() => window.localStorage.setItem('locale', 'zh-CN'));
}

async function goto(page: Page, path: string) {
  await page.goto(path);
  await dismissReminder(page);
}

interface CellCheck {
  header: string;
  found: boolean;
  inside: boolean;
  detail: string;
}

/** The header and first-row cells of `headers` in the table inside `scope`, checked against its visible box. */
async function keyCells(scope: Locator, headers: string[]): Promise<CellCheck[]> {
  const table = scope.locator('.ant-table-wrapper').first();
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 15_000 });
  return table.evaluate((root, wanted) => {
    const box = (root.querySelector('.ant-table-content') ?? root.querySelector('.ant-table-body') ?? root.querySelector('.ant-table-container')) as HTMLElement;
    const view = box.getBoundingClientRect();
    const ths = Array.from(root.querySelectorAll<HTMLElement>('thead tr:last-child > th'));
    const pinned = ths.find((th) => th.classList.contains('ant-table-cell-fix-right'));
    const right = Math.min(view.right, pinned ? pinned.getBoundingClientRect().left : Infinity, window.innerWidth);
    const left = Math.max(view.left, 0);
    const row = root.querySelector('tbody tr.ant-table-row') as HTMLElement;
    const tds = Array.from(row.children) as HTMLElement[];
    const text = (e: Element) => (e.textContent ?? '').trim();
    return wanted.map((header) => {
      let i = ths.findIndex((th) => text(th) === header);
      if (i < 0) i = ths.findIndex((th) => text(th).startsWith(header));
      if (i < 0) return { header, found: false, inside: false, detail: ths.map(text).join(' | ') };
      const cells = [ths[i], tds[i]].map((e) => e.getBoundingClientRect());
      const inside = cells.every((r) => r.width > 0 && r.left >= left - 1 && r.right <= right + 1);
      return { header, found: true, inside, detail: `${cells.map((r) => `${Math.round(r.left)}–${Math.round(r.right)}`).join(', ')} in ${Math.round(left)}–${Math.round(right)}` };
    });
  }, headers);
}

async function expectInView(scope: Locator, headers: string[], label: string) {
  const checks = await keyCells(scope, headers);
  for (const c of checks) {
    expect(c.found, `${label}: column "${c.header}" (${c.detail})`).toBe(true);
    expect(c.inside, `${label}: column "${c.header}" fully in view (${c.detail})`).toBe(true);
  }
}

/** A student of the dealer's with at least two cards (their drawer's Cards tab). */
async function studentWithCards(page: Page): Promise<number> {
  const list = await apiCall<{ list: { id: number }[] }>(page, '/v2/student?page=1&pageSize=100');
  for (const s of list.body.data.list) {
    const d = await apiCall<{ cards: unknown[] }>(page, `/v2/student/${s.id}`);
    if (d.body.data.cards.length >= 2) return s.id;
  }
  throw new Error('no student with two cards');
}

for (const lang of ['en-US', 'zh-CN'] as const) {
  for (const width of WIDTHS) {
    test(`lists keep their key columns in view (${lang}, ${width} px)`, async ({ page }) => {
      test.setTimeout(180_000);
      const m = MESSAGES[lang];
      await start(page, lang, width);
      const main = page.locator('main');

      await goto(page, '/finance/salary');
      await expectInView(main, [m['sal.staff'], m['sal.bonus'], m['sal.penalties'], m['sal.total'], m['sal.status']], 'salary');
      // The actions: the primary one and "More", whose panel holds the rest and opens by keyboard.
      const firstRow = main.locator('tbody tr.ant-table-row').first();
      const more = firstRow.getByRole('button', { name: m['rowActions.moreLabel'] });
      await expect(more).toBeVisible();
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      const panel = page.locator('.row-actions-menu:visible');
      await expect(panel).toBeVisible();
      await expect(panel.locator(':focus')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await expect(more).toBeFocused();

      await goto(page, '/student/list');
      await expectInView(main, [m['student.name'], m['student.mobile'], m['student.cardState'], m['student.activeHours']], 'students');

      const id = await studentWithCards(page);
      await goto(page, `/student/list?studentId=${id}`);
      const drawer = page.locator('.ant-drawer-content');
      await drawer.getByRole('tab', { name: new RegExp(`^${m['student.cards']}`) }).click();
      await expectInView(drawer.locator('.ant-tabs-tabpane-active'), [m['card.cardNo'], m['card.remaining'], m['common.status'], m['card.expiryDate']], 'student drawer cards');

      await goto(page, '/bill');
      await expectInView(main, [m['fin.date'], m['fin.amount'], m['bill.source'], m['bill.status']], 'bill');

      // The audit log: its sentence and Changes columns (the IP is secondary, from the column setting).
      await goto(page, '/operate');
      await expectInView(main, [m['pfOperate.at'], m['pfOperate.action'], m['pfOperate.changes']], 'audit log');

      // Lead mobiles on one line.
      for (const path of ['/customer', '/lead']) {
        await goto(page, path);
        const lines = await main.locator('.ant-table-wrapper').first().evaluate((root, header) => {
          const ths = Array.from(root.querySelectorAll('thead tr:last-child > th'));
          const i = ths.findIndex((th) => (th.textContent ?? '').trim() === header);
          return Array.from(root.querySelectorAll('tbody tr.ant-table-row')).map((tr) => {
            const range = document.createRange();
            range.selectNodeContents(tr.children[i]);
            return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
          });
        }, m['cu.field.mobile']);
        expect(lines.length, path).toBeGreaterThan(0);
        expect(Math.max(...lines), `${path}: mobiles on one line`).toBe(1);
      }
    });
  }
}

interface ChartCheck {
  categories: string[];
  named: string[];
  missing: string[];
  overlaps: string[];
  legend: number;
}

/** Reads every drawn chart of the page: label boxes of its SVG against what it was asked to name. */
async function readCharts(page: Page): Promise<ChartCheck[]> {
  const charts = page.locator('.chart-canvas');
  await expect(charts.first()).toBeVisible({ timeout: 15_000 });
  await expect(charts.first().locator('svg text').first()).toBeAttached({ timeout: 15_000 });
  await page.waitForTimeout(300); // the ResizeObserver's second layout, if any
  return charts.evaluateAll((els) =>
    els
      .filter((el) => el.getClientRects().length > 0 && el.querySelector('svg'))
      .map((el) => {
        const categories = JSON.parse((el as HTMLElement).dataset.categories ?? '[]') as string[];
        const series = JSON.parse((el as HTMLElement).dataset.series ?? '[]') as string[];
        const frame = el.querySelector('svg')!.getBoundingClientRect();
        const texts = Array.from(el.querySelectorAll('svg text'))
          .map((t) => ({ text: (t.textContent ?? '').trim(), r: t.getBoundingClientRect() }))
          .filter((t) => t.text && t.r.width > 0 && t.r.left >= frame.left - 1 && t.r.right <= frame.right + 1 && t.r.top >= frame.top - 1 && t.r.bottom <= frame.bottom + 1);
        const legend = texts.filter((t) => series.includes(t.text));
        const labels = texts.filter((t) => !series.includes(t.text) && !/^\d+\/\d+$/.test(t.text));
        const meets = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        const overlaps: string[] = [];
        for (const l of legend) for (const a of labels) if (meets(l.r, a.r)) overlaps.push(`${l.text} × ${a.text}`);
        const cut = (s: string) => s.replace(/(\.\.\.|…)$/, '');
        const used = new Set<number>();
        const named: string[] = [];
        const missing: string[] = [];
        for (const c of categories) {
          const k = labels.findIndex((a, j) => !used.has(j) && (a.text === c || (a.text !== cut(a.text) && cut(a.text).length > 0 && c.startsWith(cut(a.text)))));
          if (k >= 0) {
            used.add(k);
            named.push(c);
          } else missing.push(c);
        }
        return { categories, named, missing, overlaps, legend: legend.length };
      }),
  );
}

function expectReadable(charts: ChartCheck[], label: string) {
  expect(charts.length, `${label}: charts drawn`).toBeGreaterThan(0);
  charts.forEach((c, i) => {
    expect(c.categories.length, `${label} #${i}: categories`).toBeGreaterThan(0);
    expect(c.legend, `${label} #${i}: legend shown`).toBeGreaterThan(0);
    expect(c.overlaps, `${label} #${i}: legend over axis labels`).toEqual([]);
    expect(c.missing, `${label} #${i}: categories without a visible label`).toEqual([]);
  });
}

for (const lang of ['en-US', 'zh-CN'] as const) {
  for (const width of WIDTHS) {
    test(`charts: legend clear of the axis labels, every category named (${lang}, ${width} px)`, async ({ page }) => {
      test.setTimeout(180_000);
      await start(page, lang, width);

      await goto(page, '/finance/revenue');
      expectReadable(await readCharts(page), 'revenue');

      // Every template of the dealer's usable cards is named (6 in the demo data), and every staff member charted.
      const card = page.waitForResponse((r) => /\/v2\/.*\/analyze\/card\b/.test(r.url()) && r.request().method() === 'GET');
      await goto(page, '/analyze/card');
      const byTemplate = ((await (await card).json()) as { data: { byTemplate: { templateName: string }[] } }).data.byTemplate;
      const cardCharts = await readCharts(page);
      expectReadable(cardCharts, 'card analysis');
      const tpl = cardCharts.find((c) => c.categories.length === byTemplate.length && c.categories.every((n, i) => n === byTemplate[i].templateName));
      expect(tpl, 'the template chart names every template').toBeTruthy();
      expect(tpl!.named).toHaveLength(byTemplate.length);
      expect(byTemplate.length).toBeGreaterThanOrEqual(6);

      const staff = page.waitForResponse((r) => /\/v2\/.*\/analyze\/contact_user\b/.test(r.url()) && r.request().method() === 'GET');
      await goto(page, '/analyze/staff');
      const staffRows = ((await (await staff).json()) as { data: { rows?: { consumedValue: number; salesAmount: number }[] } | { consumedValue: number; salesAmount: number }[] }).data;
      const rows = Array.isArray(staffRows) ? staffRows : staffRows.rows ?? [];
      const staffCharts = await readCharts(page);
      expectReadable(staffCharts, 'staff');
      expect(staffCharts[0].named).toHaveLength(Math.min(rows.filter((r) => r.consumedValue || r.salesAmount).length, 20));

      await goto(page, '/analyze/core');
      expectReadable(await readCharts(page), 'core figures');

      // The breakdown is drawn once its figures have come (before, it reads "no data in this range").
      const records = page.waitForResponse((r) => /\/v2\/.*\/analyzes\b/.test(r.url()) && r.request().method() === 'GET' && r.ok());
      await goto(page, '/analyze/record');
      await records;
      expectReadable(await readCharts(page), 'hours and attendance');
    });
  }
}
