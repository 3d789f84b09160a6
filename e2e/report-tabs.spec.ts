import { expect, test, type Page } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';
import { pickOption } from './support/options';

// The reports tabs as an operator uses them: a single (one-off) report created from the Single
// tab is listed there, generated, and its generated report opens at /report/generated/{id}; a
// company's reports tab creates a report of that company; a guest, who may not create or
// generate reports, is offered neither.

const run = Date.now().toString(36);

/** Fills the New report form's required fields (the type and the company as preset) and submits it. */
async function createReport(page: Page, name: string) {
  await page.getByRole('button', { name: 'New report' }).click();
  const form = page.getByRole('dialog', { name: 'New report' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await pickOption(page, 'Parameters', 'Signal', { close: true });
  await pickOption(page, 'Apply to', 'Riga', { close: true });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.toast-host').getByText('Report created successfully', { exact: true })).toBeVisible();
  await expect(form).toHaveCount(0);
}

test('admin creates a single report on the Single tab, generates it and opens the generated report', async ({
  page,
}) => {
  const name = `One-off signal ${run}`;
  await login(page, fixtureAccounts.admin, { path: '/reports/single' });
  await page.getByRole('button', { name: 'New report' }).click();
  const form = page.getByRole('dialog', { name: 'New report' });
  await expect(form.getByRole('radio', { name: 'Single' })).toBeChecked();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await createReport(page, name);

  await page.getByRole('searchbox').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  // Not generated yet: Open report says so instead of opening.
  await expect(row.getByRole('button', { name: 'Open report' })).toHaveAttribute('aria-disabled', 'true');
  await expect(row.getByText('Not generated yet.')).toBeAttached();

  await row.getByRole('button', { name: 'Generate' }).click();
  await page
    .getByRole('dialog', { name: `Generate report ${name} now?` })
    .getByRole('button', { name: 'Generate', exact: true })
    .click();
  await expect(page.locator('.toast-host').getByText('Report generated successfully', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Open report' })).not.toHaveAttribute('aria-disabled', 'true');
  await row.getByRole('button', { name: 'Open report' }).click();
  await expect(page).toHaveURL(/\/report\/generated\/\d+$/);
  await expect(page.getByText(name).first()).toBeVisible();

  // A periodic tab does not list the one-off report.
  await page.goto('/reports/periodic/day');
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByText('No reports')).toBeVisible();
});

test('admin creates a report on a company’s Single tab: it belongs to that company', async ({ page }) => {
  const name = `Baltics one-off ${run}`;
  await login(page, fixtureAccounts.admin, { path: '/companies/2/reports/single' });
  await createReport(page, name);
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByRole('row').filter({ hasText: name }).getByText('Acme Baltics')).toBeVisible();
});

test('a guest sees the reports tabs without New report or Generate', async ({ page }) => {
  await login(page, fixtureAccounts.guest, { path: '/reports/single' });
  await expect(page.getByRole('heading', { name: 'Single reports' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New report' })).toHaveCount(0);
  await page.goto('/companies/4/reports/periodic/day');
  const row = page.getByRole('row').filter({ hasText: 'Daily signal' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Open report' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New report' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Generate' })).toHaveCount(0);
});
