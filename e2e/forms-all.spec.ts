import { expect, test, type Page } from '@playwright/test';
import { fixtureAccounts, FIXTURE_PASSWORD, login } from './support/login';

// Every spec form of the generic /forms route, submitted against the real
// server: once successfully (the server's toast) and, where the server has a
// rule the browser cannot know, once with the error landing on its field.

const run = Date.now().toString(36);

async function pick(page: Page, field: string, option: string) {
  const combo = page.getByRole('combobox', { name: field, exact: true });
  await combo.click();
  await combo.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function submit(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
}

const toast = (page: Page, text: string) => page.locator('.toast-host').getByText(text, { exact: true });

async function confirmPassword(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Password confirmation' });
  await dialog.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
}

async function fieldError(page: Page, label: string, message: string) {
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  const input = page.getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(await input.getAttribute('aria-describedby')).toMatch(/__error/);
}

// The super admin works on two companies it creates, so the fixture tree and
// pools other browser tests rely on stay as they are.
const companyA = `E2E A ${run}`;
const companyB = `E2E B ${run}`;

test.describe.serial('as the super admin', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, fixtureAccounts.super, { path: null });
  });

  test('new company (twice, for the tests below)', async ({ page }) => {
    await page.goto('/forms/new-company');
    await page.getByLabel('Name', { exact: true }).fill('AB');
    await pick(page, 'Parent company', 'Acme Networks');
    await submit(page);
    await expect(page.getByText('The name must be at least 3 characters.')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(companyA);
    await submit(page);
    await expect(toast(page, 'Company created successfully')).toBeVisible();
    await page.goto('/forms/new-company');
    await page.getByLabel('Name', { exact: true }).fill(companyB);
    await pick(page, 'Parent company', 'Acme Networks');
    await submit(page);
    await expect(toast(page, 'Company created successfully')).toBeVisible();
  });

  test('add resources: price and pro form only for paid types', async ({ page }) => {
    await page.goto('/forms/add-resources');
    await pick(page, 'Resource type', 'Free Credit');
    await expect(page.getByLabel('Credit price')).toHaveCount(0);
    await pick(page, 'Resource type', 'Paid Credit');
    await page.getByLabel('Resource count').fill('5');
    await pick(page, 'Company', companyA);
    await page.getByLabel('Credit price').fill('2.5');
    await page.getByLabel('Pro form number').fill(`PF-${run}`);
    await submit(page);
    await expect(toast(page, 'Resources added successfully')).toBeVisible();
  });

  test('move resources: an overdraw is refused on the amount, a fitting amount moves', async ({ page }) => {
    await page.goto('/forms/move-resources');
    await pick(page, 'Resource type', 'Paid Credit');
    await pick(page, 'Source company', companyA);
    await pick(page, 'Target company', companyB);
    await page.getByLabel('Amount').fill('999999');
    await submit(page);
    await expect(page.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Amount').fill('1');
    await submit(page);
    await expect(toast(page, 'Resources moved successfully')).toBeVisible();
  });

  test('create code: From company shown to the super admin', async ({ page }) => {
    await page.goto('/forms/create-code');
    await pick(page, 'Type', 'Paid Credit');
    await pick(page, 'From company', companyA);
    await page.getByLabel('Amount').fill('1');
    await page.getByLabel('Comment').fill(`e2e ${run}`);
    await submit(page);
    await expect(toast(page, 'Credit code created successfully')).toBeVisible();
  });

  test('add company data: digits only, leading zeros removed, preview of the data amount', async ({ page }) => {
    await page.goto('/forms/add-company-data');
    await pick(page, 'Company', companyA);
    const credits = page.getByLabel('Credit count');
    await credits.pressSequentially('00a3');
    await expect(credits).toHaveValue('3');
    await expect(page.getByText('6 GB')).toBeVisible();
    await submit(page);
    await expect(toast(page, 'Company data added successfully')).toBeVisible();
  });

  test('move company: same source and target refused on the target field, then moved', async ({ page }) => {
    await page.goto('/forms/move-company');
    await pick(page, 'Source company', companyB);
    await pick(page, 'Target company', companyB);
    await submit(page);
    await fieldError(page, 'Target company', 'The target company must differ from the source company.');
    await pick(page, 'Target company', companyA);
    await submit(page);
    await expect(toast(page, 'Company moved successfully')).toBeVisible();
  });

  test('invite new company', async ({ page }) => {
    await page.goto('/forms/invite-new-company');
    await page.getByLabel('E-mail', { exact: true }).fill(`distributor.${run}@example.com`);
    await submit(page);
    await expect(toast(page, 'Invitation sent successfully')).toBeVisible();
  });

  test('remove MFA: a user without MFA is refused on the e-mail field', async ({ page }) => {
    await page.goto('/forms/remove-mfa');
    await page.getByLabel('E-mail', { exact: true }).fill(fixtureAccounts.guest);
    await submit(page);
    await confirmPassword(page);
    await fieldError(page, 'E-mail', 'The user has no multi-factor authentication.');
  });

  test('delete user: after the password confirmation', async ({ page }) => {
    await page.goto('/forms/delete-user');
    await page.getByLabel('E-mail', { exact: true }).fill('nordics.user@example.com');
    await submit(page);
    await confirmPassword(page);
    await expect(toast(page, 'User removed successfully')).toBeVisible();
  });
});

test('invite user: changing the company clears the role and reloads the list', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/forms/invite-user' });
  await pick(page, 'Company', 'Acme Networks');
  const role = page.getByRole('combobox', { name: 'Role', exact: true });
  await role.click();
  const first = page.getByRole('option').first();
  const name = ((await first.locator('span').first().textContent()) ?? '').trim();
  await first.click();
  await expect(role).toHaveValue(name);
  await pick(page, 'Company', 'Acme Baltics');
  await expect(role).toHaveValue('');
  await page.getByLabel('E-mail', { exact: true }).fill(`invitee.${run}@example.com`);
  await submit(page);
  await expect(toast(page, 'Invitation sent successfully')).toBeVisible();
});
