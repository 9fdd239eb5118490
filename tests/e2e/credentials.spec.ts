/**
 * Issue 29, credentials (docs/rules.md#people-and-credentials): a company created by the platform gets an owner with a random one-time
 * password, shown once to the platform admin; the owner signs in with it and must choose their own password before
 * anything else (a dialog that cannot be closed, the server refusing company calls meanwhile), then reaches the console.
 */
import { expect, test, type Page } from './fixtures';
import { axeViolations, expectNoCspViolation, login, open, openUserMenu, resetBackend, sessionHeaders, watchCsp } from './helpers';

test('a new owner signs in with the one-time password shown once, must choose their own, then reaches the console', async ({ page }) => {
  test.setTimeout(120_000);
  await resetBackend(page);
  await login(page, 'admin');
  await open(page, '/company');

  // The platform admin creates the company: the owner's one-time password is shown once, with a copy button.
  await page.getByRole('button', { name: 'Add company' }).click();
  const form = page.getByRole('dialog', { name: 'Add company' });
  await form.getByLabel('Company name', { exact: true }).fill('Oak Drama Studio');
  await form.getByLabel('Owner', { exact: true }).fill('林可');
  await form.getByLabel('Owner mobile', { exact: true }).fill('13912340001');
  await form.getByRole('button', { name: 'OK' }).click();
  const shown = page.getByRole('dialog', { name: 'Owner sign-in' });
  await expect(shown.getByText('It will not be shown again')).toBeVisible();
  const cell = shown.locator('tr', { hasText: '13912340001' });
  await expect(cell).toContainText('Oak Drama Studio');
  const password = (await cell.getByTestId('one-time-password').innerText()).trim();
  expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
  await expect(cell.getByRole('button', { name: 'Copy' })).toBeVisible();
  expect(await axeViolations(page, '.ant-modal-wrap:has(.ant-table)')).toEqual([]);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toHaveCount(0);
  // Not in the list, nor anywhere the page can read again.
  await expect(page.locator('body')).not.toContainText(password);

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/user\/login/);

  // The owner signs in with it: only the password dialog, which cannot be closed.
  await watchCsp(page);
  await page.getByLabel('Account or mobile', { exact: true }).fill('13912340001');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const choose = page.getByRole('dialog', { name: 'Choose your own password' });
  await expect(choose).toBeVisible();
  await expect(page.locator('.ant-pro-layout')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(choose).toBeVisible();
  await expect(choose.getByRole('button', { name: 'Close' })).toHaveCount(0);
  expect(await axeViolations(page, '.ant-modal-wrap')).toEqual([]);
  // The server refuses company calls meanwhile.
  const headers = await sessionHeaders(page);
  const refused = await page.request.get('/v2/student', { headers });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).msg).toBe('Your password was set by someone else: choose your own password before doing anything else.');

  // The same password again is refused in the dialog; two different ones too.
  await choose.getByLabel('New password', { exact: true }).fill(password);
  await choose.getByLabel('Confirm new password', { exact: true }).fill(password);
  await choose.getByRole('button', { name: 'Save and continue' }).click();
  await expect(choose.getByText('Choose a password other than the one you were given.')).toBeVisible();
  await choose.getByLabel('New password', { exact: true }).fill('oak-drama-2026');
  await choose.getByLabel('Confirm new password', { exact: true }).fill('oak-drama-2027');
  await choose.getByRole('button', { name: 'Save and continue' }).click();
  await expect(choose.getByText('The two passwords differ.')).toBeVisible();
  await choose.getByLabel('Confirm new password', { exact: true }).fill('oak-drama-2026');
  await choose.getByRole('button', { name: 'Save and continue' }).click();

  // The console, with the company's name; the server agrees.
  await expect(page.locator('.ant-pro-layout')).toBeVisible();
  await expect(choose).toHaveCount(0);
  await expect(page.getByText('Oak Drama Studio').first()).toBeVisible();
  const info = await (await page.request.get('/v2/user/info', { headers })).json();
  expect(info.data.mustChangePassword).toBeUndefined();
  expect((await page.request.get('/v2/student', { headers })).status()).toBe(200);
  // The one-time password no longer signs in; the chosen one does.
  expect((await page.request.post('/v2/user/login/password', { data: { username: '13912340001', password } })).status()).toBe(400);
  expect((await page.request.post('/v2/user/login/password', { data: { username: '13912340001', password: 'oak-drama-2026' } })).status()).toBe(200);
  expectNoCspViolation(page);
});
