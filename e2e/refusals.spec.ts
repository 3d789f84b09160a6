import { expect, test } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';

// Where the server would refuse a delete (a default role, a company with devices), the row says why instead of
// offering a Delete that fails.

test('default roles and companies with devices say why they cannot be deleted', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/users/roles' });
  const adminRow = page.getByRole('row').filter({ hasText: 'Administrator' }).first();
  await expect(adminRow.getByText('Default roles cannot be removed.')).toBeVisible();
  const remove = adminRow.getByRole('button', { name: /^Delete/ });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(remove).toHaveAccessibleDescription('Default roles cannot be removed.');
  // A click (Playwright waits for an aria-disabled button to become enabled, so dispatch it) tells why again.
  await remove.dispatchEvent('click');
  await expect(page.getByRole('status').filter({ hasText: 'Default roles cannot be removed.' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/companies');
  const acme = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Acme Baltics', exact: true }) });
  await expect(acme.getByText('A company with devices cannot be removed.')).toBeVisible();
});
