import { test, expect } from '@playwright/test';
import { login, resetBackend } from './helpers';

test.beforeEach(async ({ page }) => {
  await resetBackend(page);
});

test('dealer logs in and sees the workbench with its menu', async ({ page }) => {
  await login(page, 'dealer');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Hello, 周晓彤')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Workbench/ })).toBeVisible();
});
