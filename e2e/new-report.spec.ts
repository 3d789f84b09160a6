import { expect, test } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';
import { pickOption } from './support/options';

// New report from the reports list: the apply list follows Applied by (devices,
// companies or tags), a change of Applied by clears the choice, and the report
// is listed at once; a guest, who may not create reports, is not offered it.

const run = Date.now().toString(36);

test('admin creates a report applied by a tag; switching Applied by clears the choice', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/reports/periodic/day' });
  await page.getByRole('button', { name: 'New report' }).click();
  const form = page.getByRole('dialog', { name: 'New report' });
  await form.getByLabel('Name', { exact: true }).fill(`Tagged signal ${run}`);
  await pickOption(page, 'Parameters', 'Signal', { close: true });

  // Applied by Device (the default) lists devices; a chosen device goes when Applied by changes.
  await expect(form.getByRole('radio', { name: 'Device' })).toBeChecked();
  await pickOption(page, 'Apply to', 'Riga', { close: true });
  const chosen = form.getByRole('list', { name: 'Selected Apply to' });
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await form.getByRole('radio', { name: 'Company' }).check();
  await expect(chosen).toHaveCount(0);

  // Applied by Tag lists tags (Headquarters is a tag, not a device or a company).
  await form.getByRole('radio', { name: 'Tag' }).check();
  const applyTo = form.getByRole('combobox', { name: 'Apply to' });
  await applyTo.click();
  await expect(page.getByRole('option', { name: /Headquarters/ })).toBeVisible();
  await page.getByRole('option', { name: /Headquarters/ }).click();
  await applyTo.press('Escape');
  await expect(chosen.getByRole('listitem')).toHaveText([/Headquarters/]);

  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.toast-host').getByText('Report created successfully', { exact: true })).toBeVisible();
  await expect(form).toHaveCount(0);
  await page.getByRole('searchbox').fill(`Tagged signal ${run}`);
  await expect(page.getByRole('row').filter({ hasText: `Tagged signal ${run}` })).toBeVisible();
  // What was stored: the tag alone, no id of the device chosen before.
  const reports = await page.request.get(`/api/reports?q=${encodeURIComponent(`Tagged signal ${run}`)}`);
  const tags = await page.request.get('/api/tags?q=Headquarters');
  const [report] = ((await reports.json()) as { data: Record<string, unknown>[] }).data;
  const [tag] = ((await tags.json()) as { data: { id: number }[] }).data;
  expect(report).toMatchObject({ applied_by: 'tag', apply_list: [tag.id] });
});

test('a guest, who may not create reports, sees the reports without New report', async ({ page }) => {
  await login(page, fixtureAccounts.guest, { path: '/reports/periodic/day' });
  await expect(page.getByRole('row').filter({ hasText: 'Daily signal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New report' })).toHaveCount(0);
});
