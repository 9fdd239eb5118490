/**
 * Issue 29, people and memberships (docs/rules.md#people-and-credentials): a company that adds a login for a mobile which already has an
 * account sends an invitation instead of attaching that person; the person sees it at their next login, accepts, and
 * the store switch offers the new store.
 */
import { expect, test, type Browser, type Page, type TestInfo, serverUrl } from './fixtures';
import { axeViolations, login, openUserMenu, resetBackend, sessionHeaders } from './helpers';

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<{ status: number; data: T }> {
  const headers = { ...(await sessionHeaders(page)), 'accept-language': 'en-US' };
  const res = method === 'GET' ? await page.request.get(path, { headers }) : await page.request.post(path, { headers, data });
  return { status: res.status(), data: ((await res.json()) as { data: T }).data };
}

/** A second person in their own browser (own local storage). */
async function otherBrowser(browser: Browser, info: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: serverUrl(info), locale: 'en-US', reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

test('the dealer adds a login for an existing account: an invitation is sent; the person accepts it at login and switches to the new store', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  await resetBackend(page);
  await login(page, 'dealer');

  // A teacher of Starlight without a login yet.
  const staff = await api<{ list: { staffId: number; name: string; role: string }[] }>(page, 'GET', '/v2/account/staff?page=1&pageSize=50&hasAccount=no&role=teacher');
  const st = staff.data.list[0];
  await page.goto('/account/staff');
  await page.getByLabel('Search', { exact: true }).fill(st.name);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(st.name) });
  await row.getByLabel(`Create login ${st.name}`).click();
  const form = page.getByRole('dialog', { name: `Create a login for ${st.name}` });
  // The Sunrise owner's mobile: that account exists, so it is invited, and the password typed is not used.
  await form.getByLabel('Mobile', { exact: true }).fill('13800000009');
  await form.getByLabel('Password', { exact: true }).fill('typed123');
  await form.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/^Invitation sent: 13800000009 already has an account/)).toBeVisible();
  await expect(row).toContainText('Invitation sent');
  await expect(row.getByLabel(`Cancel the invitation of ${st.name}`)).toBeVisible();
  // No membership yet: the owner of Sunrise has one store only, and their password is unchanged.
  const pending = await api<{ list: { mobile: string; status: string; inviterName: string }[] }>(page, 'GET', '/v2/invitation?page=1&pageSize=10&kind=staff');
  expect(pending.data.list).toEqual([expect.objectContaining({ mobile: '13800000009', status: 'pending', inviterName: '周晓彤' })]);

  // The Invitations drawer lists it.
  await page.getByRole('button', { name: 'Invitations' }).click();
  const drawer = page.locator('.ant-drawer-content').filter({ hasText: 'Invitations sent' });
  await expect(drawer.getByRole('row', { name: /13800000009/ })).toContainText('Waiting for an answer');

  // The Sunrise owner signs in (their own password): the invitation dialog lists Starlight Dance as Teacher.
  const person = await otherBrowser(browser, info);
  const asked = person.waitForResponse((r) => r.url().includes('/v2/invitation/mine'));
  await login(person, 'sunrise');
  const dialog = person.getByRole('dialog', { name: 'Invitations waiting for you' });
  // One dialog at a time (issue 31): the subscription reminder (Sunrise has 12 days left) comes first, and the
  // invitations wait until it is closed instead of opening over it.
  const reminder = person.getByRole('dialog', { name: 'Subscription reminder' });
  await expect(reminder).toBeVisible();
  await asked;
  await person.waitForTimeout(500);
  await expect(dialog).toHaveCount(0);
  await reminder.getByRole('button', { name: 'Ignore reminder' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId(/^invitation-/)).toHaveCount(1);
  await expect(dialog).toContainText('Starlight Dance');
  await expect(dialog).toContainText('As Teacher');
  await expect(dialog).toContainText('Invited by 周晓彤');
  expect(await axeViolations(person, '.ant-modal-wrap:has([data-testid^="invitation-"])', { labelMismatch: true })).toEqual([]);
  const before = await api<{ companyName: string }[]>(person, 'GET', '/v2/company_role/select');
  expect(before.data.map((s) => s.companyName)).toEqual(['Sunrise Art']);

  await dialog.getByRole('button', { name: 'Accept the invitation of Starlight Dance' }).click();
  await expect(dialog.getByText('Joined')).toBeVisible();
  await expect(person.getByText('You joined Starlight Dance. Switch to it from the store menu.')).toBeVisible();
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(reminder).toHaveCount(0);

  // The store switch offers the new store; switching opens Starlight Dance as a teacher.
  await openUserMenu(person);
  await person.getByRole('menuitem', { name: 'Starlight Dance (Teacher)' }).click();
  await expect(person).toHaveURL(/\/dashboard/);
  await expect.poll(async () => (await api<{ role: string; company: { name: string } }>(person, 'GET', '/v2/user/info')).data).toMatchObject({ role: 'teacher', company: { name: 'Starlight Dance' } });

  // The dealer's list shows the login, and the invitation as accepted.
  await page.reload();
  await page.getByLabel('Search', { exact: true }).fill(st.name);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(st.name) })).toContainText('Active');
  await expect(page.getByRole('row', { name: new RegExp(st.name) })).toContainText('sunrise');
  await person.context().close();
});
