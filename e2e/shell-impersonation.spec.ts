import { expect, test } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';

test('impersonating shows the banner and the marker; cancelling refreshes and reloads', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: '/404' });
  const started = await api(page, 'POST', '/users/4/impersonate');
  expect(started.status(), await started.text()).toBe(200);
  await page.goto('/management/devices');
  await expect(
    page.getByRole('status').filter({ hasText: 'You are impersonating enduser@example.com.' }),
  ).toBeVisible();
  const account = page.getByRole('button', { name: 'Account menu' });
  await expect(account).toContainText('Impersonating');
  await account.click();
  await expect(page.getByRole('link', { name: 'Logout & cancel impersonation' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account settings' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const refresh = page.waitForRequest((r) => r.url().endsWith('/api/account/token/refresh'));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Cancel impersonation' }).click();
  await refresh;
  await reloaded;
  await expect(account).toContainText('super@example.com');
  await expect(page.getByText(/You are impersonating/)).toHaveCount(0);
});

test('a user who granted impersonation access can revoke it from the account menu', async ({ page }) => {
  await login(page, fixtureAccounts.endUser, { path: '/management/devices' });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: /^Impersonation/ }).click();
  await expect(page.getByText('Impersonation until')).toBeVisible();
  await page.getByRole('button', { name: 'Revoke access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke impersonation access?' });
  await expect(dialog).toBeVisible();
  const revoked = page.waitForResponse((r) => r.url().endsWith('/api/user/revoke-impersonation-access'));
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Revoke access' }).click();
  expect((await revoked).status()).toBe(200);
  await reloaded;
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('button', { name: /^Impersonation/ })).toHaveCount(0);
});
