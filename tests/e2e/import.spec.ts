/**
 * Excel import (issue 9): the template, a file with one bad row (shown with its error, nothing created), a refusal by
 * the server (all or none), then the fixed file: every row created, opening balances in the student's ledger.
 * The files are written here with exceljs and chosen through the modal's file input.
 */
import { expect, test, type Page } from './fixtures';
import { Workbook } from 'exceljs';
import { dismissReminder, login, open, resetBackend, sessionHeaders } from './helpers';

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: await sessionHeaders(page) });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

async function writeXlsx(path: string, header: string[], rows: (string | number)[][]) {
  const wb = new Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(header);
  rows.forEach((r) => ws.addRow(r));
  await wb.xlsx.writeFile(path);
}

test('students: template, one bad row refused (nothing created), server refusal, then all created with opening balances in the ledger', async ({ page }, info) => {
  await login(page, 'dealer');
  await dismissReminder(page);
  await open(page, '/student/list?tab=StudentList&keyword=Importa');
  await expect(page.locator('.ant-table-placeholder')).toBeVisible();

  await page.getByTestId('import-button').click();
  const dialog = page.getByRole('dialog', { name: 'Import students from Excel' });
  await expect(dialog).toBeVisible();

  // The template: headers in the user's language (required ones starred), an example row, drop-down lists.
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('import-template').click()]);
  const tpl = new Workbook();
  await tpl.xlsx.readFile((await download.path())!);
  const sheet = tpl.worksheets[0];
  expect((sheet.getRow(1).values as string[]).slice(1, 5)).toEqual(['Name *', 'Mobile *', 'Gender *', 'Campus *']);
  expect(sheet.getCell('A2').value).toBe('王小雨');
  expect(sheet.getCell('D3').dataValidation?.type).toBe('list');

  const ctx = await getJson<{ campuses: { id: number; name: string }[]; classes: { name: string; campusId: number; free: number }[]; templates: { name: string; kind: string }[] }>(page, '/v2/student/import/context');
  const campus = ctx.campuses[0].name;
  const cls = ctx.classes.find((c) => c.campusId === ctx.campuses[0].id && c.free >= 1)!.name;
  const count = ctx.templates.find((tp) => tp.kind === 'count')!.name;
  const period = ctx.templates.find((tp) => tp.kind === 'period')!.name;
  const header = ['Name *', 'Mobile *', 'Gender *', 'Campus *', 'Parent', 'Birthday', 'Classes', 'Remark', 'Card template', 'Opening hours', 'Card start date', 'Card expiry date'];
  const rows: (string | number)[][] = [
    ['Importa Lin', '13966660001', 'Female', campus, 'Mr Lin', '2016-03-02', cls, '', count, 10, '', ''],
    ['Importa Zhou', '1396666', 'Male', campus, '', '', '', '', '', '', '', ''],
    ['Importa Wu', 13966660003, 'Female', campus, '', '', '', '', period, '', '', ''],
  ];
  const bad = info.outputPath('students-bad.xlsx');
  await writeXlsx(bad, header, rows);
  await dialog.locator('input[type=file]').setInputFiles(bad);

  // Every row is shown with its errors; nothing can be imported yet, and nothing was created.
  await expect(dialog.getByTestId('import-summary')).toContainText('1 row has errors (of 3)');
  const row3 = dialog.locator('.ant-table-row').filter({ hasText: 'Importa Zhou' });
  await expect(row3).toContainText('Mobile must be an 11-digit mobile number starting with 1.');
  await expect(dialog.locator('.ant-table-row').filter({ hasText: 'Importa Lin' })).toContainText('OK');
  await expect(dialog.getByTestId('import-send')).toBeDisabled();
  const none = await getJson<{ total: number }>(page, '/v2/student?keyword=Importa&page=1&pageSize=10');
  expect(none.total).toBe(0);

  // The fixed file passes the preview; someone adds one of its students meanwhile: the server refuses the whole file.
  rows[1][1] = '13966660002';
  const fixed = info.outputPath('students-fixed.xlsx');
  await writeXlsx(fixed, header, rows);
  await dialog.locator('input[type=file]').setInputFiles(fixed);
  await expect(dialog.getByTestId('import-summary')).toContainText('3 rows checked: ready to import.');
  const add = await page.request.post('/v2/student', {
    headers: await sessionHeaders(page),
    data: { campusId: ctx.campuses[0].id, name: 'Importa Wu', mobile: '13966660003', gender: 'female' },
  });
  expect(add.ok()).toBeTruthy();
  await dialog.getByTestId('import-send').click();
  await expect(dialog.getByTestId('import-problem')).toContainText('Nothing was imported: Row 4: Student Importa Wu with this mobile already exists.');
  expect((await getJson<{ total: number }>(page, '/v2/student?keyword=Importa&page=1&pageSize=10')).total).toBe(1);

  // Without that row: all created, the list reloads, the balances are in the ledger.
  await page.request.delete(`/v2/student/${((await add.json()) as { data: { id: number } }).data.id}`, { headers: await sessionHeaders(page) });
  await dialog.locator('input[type=file]').setInputFiles(fixed);
  await expect(dialog.getByTestId('import-summary')).toContainText('3 rows checked: ready to import.');
  await dialog.getByTestId('import-send').click();
  await expect(dialog.getByText('3 students imported, 2 cards with an opening balance.')).toBeVisible();
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('.ant-table-row').filter({ hasText: 'Importa' })).toHaveCount(3);
  const students = await getJson<{ total: number; list: { id: number; name: string; activeHours: number; classNames: string[] }[] }>(page, '/v2/student?keyword=Importa&page=1&pageSize=10');
  expect(students.total).toBe(3);
  const lin = students.list.find((s) => s.name === 'Importa Lin')!;
  expect(lin.activeHours).toBe(10);
  expect(lin.classNames).toEqual([cls]);

  await page.locator('.ant-table-row').filter({ hasText: 'Importa Lin' }).getByText('View', { exact: true }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByText('Student: Importa Lin')).toBeVisible();
  await drawer.getByRole('tab', { name: 'Hour ledger' }).click();
  const ledger = drawer.getByTestId('student-ledger').locator('.ant-table-row');
  await expect(ledger).toHaveCount(1);
  await expect(ledger.first()).toContainText('Opening balance');
  const detail = await getJson<{ records: { type: string; hours: number; balanceAfter: number; amount: number; reason: string }[]; cards: { paidAmount: number; remainingHours: number }[] }>(page, `/v2/student/${lin.id}`);
  expect(detail.records.map((r) => [r.type, r.hours, r.balanceAfter, r.amount, r.reason])).toEqual([['add', 10, 10, 0, 'Opening balance']]);
  expect(detail.cards.map((c) => [c.paidAmount, c.remainingHours])).toEqual([[0, 10]]);
});

test('leads: a duplicate mobile is shown before anything is sent, the fixed file creates every lead for the importing sales person', async ({ page }, info) => {
  await login(page, 'sales');
  await dismissReminder(page);
  await open(page, '/customer?keyword=Importb');
  await page.getByTestId('import-button').click();
  const dialog = page.getByRole('dialog', { name: 'Import leads from Excel' });
  const ctx = await getJson<{ campuses: { name: string }[]; self: { id: number } }>(page, '/v2/customer/import/context');
  const existing = await getJson<{ list: { name: string; mobile: string }[] }>(page, '/v2/customer?page=1&pageSize=1');
  const header = ['Name *', 'Mobile *', 'Campus *', 'Source *', 'Intention', 'Gender', 'Age', 'Parent', 'Course of interest', 'Next follow-up', 'Owner', 'Remark'];
  const rows: (string | number)[][] = [
    ['Importb One', '13766660001', ctx.campuses[0].name, 'Referral', 'A · very likely', 'Female', 6, '', 'Ballet', '', '', ''],
    ['Importb Two', existing.list[0].mobile, ctx.campuses[0].name, 'Event', '', '', '', '', '', '', '', ''],
  ];
  const file = info.outputPath('leads.xlsx');
  await writeXlsx(file, header, rows);
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByTestId('import-summary')).toContainText('1 row has errors (of 2)');
  await expect(dialog.locator('.ant-table-row').filter({ hasText: 'Importb Two' })).toContainText(`The mobile already belongs to lead ${existing.list[0].name}`);
  await expect(dialog.getByTestId('import-send')).toBeDisabled();

  rows[1][1] = '13766660002';
  await writeXlsx(file, header, rows);
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByTestId('import-summary')).toContainText('2 rows checked: ready to import.');
  await dialog.getByTestId('import-send').click();
  await expect(dialog.getByText('2 leads imported.')).toBeVisible();
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('.ant-table-row').filter({ hasText: 'Importb' })).toHaveCount(2);
  const leads = await getJson<{ list: { name: string; ownerId: number; intention: string; source: string; age?: number }[] }>(page, '/v2/customer?keyword=Importb&page=1&pageSize=10');
  expect(leads.list.map((l) => [l.name, l.ownerId, l.intention, l.source]).sort()).toEqual([
    ['Importb One', ctx.self.id, 'A', 'referral'],
    ['Importb Two', ctx.self.id, 'C', 'event'],
  ]);
});
