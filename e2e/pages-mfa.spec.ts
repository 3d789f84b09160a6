import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { api, fixtureAccounts, login } from './support/login';
import { freshTotp } from './support/totp';

// Page actions go through the engine's request pipeline: a row "Delete" by a
// user with multi-factor opens the code prompt instead of an error toast.

const secret = (JSON.parse(readFileSync('fixtures/mfa-totp.json', 'utf8')) as { secret: string }).secret;
const title = `MFA pipeline role ${Date.now().toString(36)}`;

test('MFA on a page action: deleting a custom role asks for the code; a wrong code keeps the prompt open', async ({
  page,
}) => {
  // Set-up as the admin of the same company: one custom role to delete.
  await login(page, fixtureAccounts.admin, { path: null });
  const permissions = (await (await api(page, 'GET', '/roles/permissions?limit=100')).json()).data as { id: number }[];
  const user = (await (await api(page, 'GET', '/user')).json()).data as { company: { id: number } };
  const created = await api(page, 'POST', '/roles', {
    title,
    company_id: [user.company.id],
    permission_id: [permissions[0].id],
  });
  expect(created.status(), await created.text()).toBeLessThan(300);

  await login(page, fixtureAccounts.mfa, { path: '/users/roles' });
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: /^Delete/ }).click();
  await page
    .getByRole('dialog', { name: `Delete role ${title}?` })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();

  const prompt = page.getByRole('dialog', { name: 'Verification' });
  await expect(prompt).toBeVisible();
  const code = prompt.getByLabel('Code');
  await code.fill('000000');
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt.getByText('The verification code is invalid or expired.')).toBeVisible();
  await expect(prompt).toBeVisible();

  await code.fill(freshTotp(secret));
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page.locator('.toast-host').getByText('Role removed successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});
