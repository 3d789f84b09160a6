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

test('on a narrow screen the impersonating header fits: search as an icon, cancel button, ringed avatar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, fixtureAccounts.super, { path: '/404' });
  const started = await api(page, 'POST', '/users/4/impersonate');
  expect(started.status(), await started.text()).toBe(200);
  await page.goto('/management/devices');
  const header = page.getByRole('banner');
  for (const name of ['Menu', 'Search', 'Cancel impersonation', 'Notifications', 'Account menu']) {
    await expect(header.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const cancel = await header.getByRole('button', { name: 'Cancel impersonation' }).boundingBox();
  expect(cancel!.height).toBeLessThan(40);
  await header.getByRole('button', { name: 'Search', exact: true }).click();
  const panel = await page.getByRole('combobox', { name: 'Search' }).boundingBox();
  expect(panel!.width).toBeGreaterThan(250);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Cancel impersonation' }).click();
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
