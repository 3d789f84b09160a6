import { expect, test } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';

test("a failed impersonation-access revoke shows the server's message and keeps the page (forms spec §8)", async ({
  page,
}) => {
  await login(page, fixtureAccounts.endUser, { path: '/management/devices' });
  await page.route('**/api/user/revoke-impersonation-access', (route) =>
    route.fulfill({ status: 422, json: { success: false, errors: [{ code: 'X', message: 'Access already ended' }] } }),
  );
  let reloaded = false;
  page.on('load', () => (reloaded = true));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: /^Impersonation/ }).click();
  await page.getByRole('button', { name: 'Revoke access' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke impersonation access?' })
    .getByRole('button', { name: 'Revoke access' })
    .click();
  await expect(page.getByText('Access already ended')).toBeVisible();
  expect(reloaded).toBe(false);
});

test("the notifications list shows 'Failed to get notifications.' when it cannot load (forms spec §8)", async ({
  page,
}) => {
  await page.route('**/api/notifications**', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 500, json: { success: false, errors: [] } })
      : route.fallback(),
  );
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to get notifications.' })).toBeVisible();
});
