import { expect, request, test } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';

// The API tokens page of the account area: reached from the account menu, a
// token is created with a name, an expiry and scopes, shown once, works as
// `Authorization: Bearer` outside the browser session, and stops working
// once revoked from the list.

test('API tokens: create from the account menu, see it once, call the API with it, revoke it', async ({
  page,
  baseURL,
}) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'API tokens', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/api-tokens$/);
  await expect(page.getByText('No API tokens yet')).toBeVisible();

  await page.getByRole('button', { name: 'New API token', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'New API token' });
  await form.getByLabel('Name').fill('Home automation');
  await form.getByLabel('Expires in').selectOption({ label: '90 days' });
  const scopes = form.getByRole('combobox', { name: 'Scopes', exact: true });
  for (const scope of ['Tags: read', 'Devices: read and write']) {
    await scopes.click();
    await scopes.fill(scope);
    await page.getByRole('option', { name: scope, exact: true }).click();
  }
  await scopes.press('Escape');
  await form.getByRole('button', { name: 'Submit' }).click();

  const reveal = page.getByRole('dialog', { name: 'Your new API token' });
  const secret = reveal.getByRole('textbox');
  await expect(secret).toHaveValue(/^rms_pat_/);
  const token = await secret.inputValue();
  await reveal.locator('.modal-actions').getByRole('button', { name: 'Close' }).click();
  await expect(reveal).toHaveCount(0);

  const row = page.getByRole('row', { name: /Home automation/ });
  await expect(row).toContainText(token.slice(0, 14));
  await expect(row).toContainText('tags:read, devices:write');
  await expect(page.getByText(token)).toHaveCount(0);

  // Outside the browser: no cookies, only the token.
  const client = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  try {
    expect((await client.get('/api/tags?limit=1')).status()).toBe(200);
    expect((await client.get('/api/companies?limit=1')).status()).toBe(403);
    await page.reload();
    await expect(page.getByRole('row', { name: /Home automation/ })).toContainText(/ ago|now/);

    await page
      .getByRole('row', { name: /Home automation/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    const prompt = page.getByRole('dialog', { name: 'Revoke API token Home automation?' });
    await prompt.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(page.getByText('No API tokens yet')).toBeVisible();
    expect((await client.get('/api/tags?limit=1')).status()).toBe(401);
  } finally {
    await client.dispose();
  }
});
