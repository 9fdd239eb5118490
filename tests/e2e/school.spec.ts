import { test, expect, type Page } from './fixtures';
import { confirmIt, login, openSelect, pickOption, resetBackend, sessionHeaders, rowAction } from './helpers';

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

test('rooms and classes: seeded lists, field rules, capacity, deletes refused while in use', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'manager');
  await page.goto('/school/room');
  await expect(rows(page)).toHaveCount(8);
  // A room still used by open classes is not deleted.
  await (await rowAction(rows(page).filter({ hasText: 'Studio A 练功房' }), 'Delete')).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/Room Studio A 练功房 is used by \d+ open class/)).toBeVisible();
  // Add a room: capacity must be a whole number ≥ 1.
  await page.getByRole('button', { name: 'Add room' }).click();
  const add = page.getByRole('dialog', { name: 'Add room' });
  await openSelect(add, 'Campus');
  await pickOption(page, 'Riverside');
  await add.getByLabel('Room name').fill('Riverside 4 小剧场');
  await add.getByLabel('Capacity').fill('0');
  await add.getByRole('button', { name: 'OK' }).click();
  await expect(add.getByText('The capacity is a whole number of at least 1.')).toBeVisible();
  await add.getByLabel('Capacity').fill('2');
  await add.getByRole('button', { name: 'OK' }).click();
  await expect(add).toHaveCount(0);
  await expect(page.getByText('1-9 of 9 items')).toBeVisible();

  // A class in that room: dates in order, capacity within the room, then enrolment stops at capacity.
  await page.goto('/school/class');
  await expect(page.getByText('1-10 of 30 items')).toBeVisible();
  await page.getByRole('button', { name: 'Add class' }).click();
  const cls = page.getByRole('dialog', { name: 'Add class' });
  await cls.getByLabel('Class', { exact: true }).fill('爵士周三小班');
  await openSelect(cls, 'Course');
  await pickOption(page, '爵士');
  await openSelect(cls, 'Campus');
  await pickOption(page, 'Riverside');
  await openSelect(cls, 'Teacher');
  await pickOption(page, '王若汐');
  await openSelect(cls, 'Room');
  await pickOption(page, 'Riverside 4 小剧场');
  await cls.getByLabel('Capacity').fill('3');
  await cls.getByLabel('Start date').fill('2026-12-01');
  await cls.getByLabel('Start date').press('Enter');
  await cls.getByLabel('End date').fill('2026-11-01');
  await cls.getByLabel('End date').press('Enter');
  await cls.getByRole('button', { name: 'OK' }).click();
  await expect(cls.getByText('The end date must not be before the start date.')).toBeVisible();
  await cls.getByLabel('End date').fill('2027-06-30');
  await cls.getByLabel('End date').press('Enter');
  await cls.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Room Riverside 4 小剧场 holds only 2 students.')).toBeVisible();
  await cls.getByLabel('Capacity').fill('2');
  await cls.getByRole('button', { name: 'OK' }).click();
  await expect(cls).toHaveCount(0);

  await page.getByPlaceholder('Class, course or teacher').fill('爵士周三小班');
  await page.getByRole('button', { name: 'Query' }).click();
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByText('Students', { exact: true }).click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByRole('button', { name: 'Enrol in class' }).click();
  const enrol = page.getByRole('dialog', { name: 'Enrol students in 爵士周三小班' });
  const list = (await (await page.request.get('/v2/student?pageSize=3&campusId=2&sortField=name&sortOrder=ascend', { headers: await sessionHeaders(page) })).json()) as { data: { list: { name: string }[] } };
  for (const { name } of list.data.list) {
    await enrol.getByLabel('Students').fill(name);
    await page.locator('.ant-select-item-option:visible').filter({ hasText: name }).first().click();
  }
  await expect(enrol.locator('.ant-select-selection-item')).toHaveCount(3);
  await enrol.locator('.ant-modal-title').click(); // closes the multiple select's dropdown
  await enrol.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Class 爵士周三小班 has 2 free seats; 3 asked.')).toBeVisible();
  await enrol.locator('.ant-select-selection-item-remove').first().click();
  await enrol.getByRole('button', { name: 'OK' }).click();
  await expect(enrol).toHaveCount(0);
  await expect(drawer.locator('.ant-table-row')).toHaveCount(2);
  await page.locator('.ant-drawer-close').click();
  await expect(page.locator('.ant-drawer-content')).toHaveCount(0);
  await expect(rows(page).first()).toContainText('2/2');
  // A class with students is not deleted.
  await (await rowAction(rows(page).first(), 'Delete')).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Class 爵士周三小班 still has 2 students: remove them first.')).toBeVisible();
});

test('class cards: templates, RenewRemind and InvalidStudent; Welcome checklist', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'manager');
  await page.goto('/school/class-card');
  await expect(rows(page)).toHaveCount(8);
  await (await rowAction(rows(page).filter({ hasText: '10 课时体验卡' }), 'Delete')).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/Template 10 课时体验卡 has issued \d+ cards? and cannot be deleted/)).toBeVisible();

  // New template: hours with one decimal through the cleaner.
  await page.getByRole('button', { name: 'New card template' }).click();
  const tpl = page.getByRole('dialog', { name: 'New card template' });
  await tpl.getByLabel('Template name').fill('拉丁 12 课时卡');
  await tpl.getByLabel('Hours', { exact: true }).fill('12.25');
  await expect(tpl.getByLabel('Hours', { exact: true })).toHaveValue('12.2');
  await tpl.getByLabel('Price (¥)').fill('1,560.555');
  await expect(tpl.getByLabel('Price (¥)')).toHaveValue('1560.55');
  await tpl.getByLabel('Valid days').fill('120');
  await tpl.getByRole('button', { name: 'OK' }).click();
  await expect(tpl).toHaveCount(0);
  await expect(rows(page).filter({ hasText: '拉丁 12 课时卡' })).toContainText('¥1,560.55');

  // RenewRemind: send a reminder to the first card.
  await page.getByRole('button', { name: 'Renewal reminders' }).click();
  const remind = page.getByRole('dialog', { name: 'Renewal reminders' });
  await expect(remind.getByText(/Cards with 3 hours or fewer, or expiring within 30 days/)).toBeVisible();
  await remind.locator('.ant-table-row').first().getByText('Remind', { exact: true }).click();
  await expect(page.getByText('1 reminder sent.')).toBeVisible();
  await page.keyboard.press('Escape');

  // InvalidStudent: pick a student with a card, invalidate with a reason.
  await page.getByRole('button', { name: 'Invalidate a card' }).click();
  const inv = page.getByRole('dialog', { name: 'Invalidate a card' });
  await openSelect(inv, 'Student');
  await page.locator('.ant-select-item-option:visible').first().click();
  await openSelect(inv, 'Card');
  await page.locator('.ant-select-item-option:visible').filter({ hasText: 'Active' }).first().click();
  await inv.getByRole('button', { name: 'Next' }).click();
  const confirm = page.getByRole('dialog', { name: 'Invalidate', exact: true });
  await confirm.getByLabel('Reason').fill('Card issued in error');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await confirmIt(page);
  await expect(page.getByText(/^Done\. Balance/)).toBeVisible();

  await page.goto('/Welcome');
  await expect(page.getByText('6/6 done')).toBeVisible();
  await expect(page.getByTestId('check-students')).toContainText('Done');
});

test('access: sales cannot open school setup (403 page and 403 answers); staff list for the manager', async ({ page }) => {
  await login(page, 'sales');
  await page.goto('/school/staff');
  await expect(page.getByText('Sorry, you do not have access to this page.')).toBeVisible();
  const res = await page.request.post('/v2/company_dance_room', { data: { campusId: 1, name: 'x', capacity: 3 }, headers: await sessionHeaders(page) });
  expect(res.status()).toBe(403);
  await login(page, 'manager');
  await page.goto('/school/staff');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByText(/of 25 items/)).toBeVisible();
  await (await rowAction(rows(page).filter({ hasText: '王若汐' }), 'Delete')).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('This staff member has a login account and cannot be deleted; set the status to Left instead.')).toBeVisible();
});
