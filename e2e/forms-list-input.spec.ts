import { closeSync, openSync, ftruncateSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';

// ListInput with CSV upload (forms spec §5) in the move-devices form
// (POST /devices/move {company_id, device_id: [ids]}): lines trimmed, blanks
// and invalid values skipped, duplicates dropped, the list replaced; only
// text/csv ('Not a CSV file selected'), under 80 MB ('File size must be lower
// than 80MB'). The move itself is sent with an unknown id, so the fixture
// devices stay where they are and the server's error lands on the list field.

const EXAMPLE = 'public/assets-static/demo_files/list_input_example.csv';
const toast = (page: Page, text: string) => page.locator('.toast-host').getByText(text, { exact: true });
const chips = (page: Page) => page.getByRole('list', { name: 'Device IDs values' }).getByRole('listitem');
const csv = (name: string, text: string, mimeType = 'text/csv') => ({ name, mimeType, buffer: Buffer.from(text) });

test.beforeEach(async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: '/forms/move-devices' });
  await expect(page.getByRole('heading', { name: 'Move devices' })).toBeVisible();
});

test('CSV upload replaces the list: trimmed, blanks, invalid values and duplicates skipped', async ({ page }) => {
  const upload = page.getByLabel('Upload CSV');
  const input = page.getByLabel('Device IDs', { exact: true });
  await input.fill('5');
  await input.press('Enter');
  await expect(chips(page)).toHaveText(['5×']);

  await upload.setInputFiles(csv('ids.csv', ' 12 \n\n7\n12\nabc\n 3\n'));
  await expect(chips(page)).toHaveText(['12×', '7×', '3×']);
  await expect(page.getByText('3 items.', { exact: false })).toBeVisible();

  // The example file holds host names and addresses: none is a device ID, the list is replaced by nothing.
  await upload.setInputFiles(EXAMPLE);
  await expect(chips(page)).toHaveCount(0);
  await expect(page.getByText('0 items.', { exact: false })).toBeVisible();
  const example = page.getByRole('link', { name: 'Download example CSV file' });
  const response = await page.request.get((await example.getAttribute('href'))!);
  expect(response.ok()).toBe(true);
  expect(await response.text()).toContain('192.168.1.1');
});

test("a file that is not text/csv is refused: 'Not a CSV file selected'", async ({ page }) => {
  const upload = page.getByLabel('Upload CSV');
  await upload.setInputFiles(csv('ids.csv', '4\n9\n'));
  await expect(chips(page)).toHaveText(['4×', '9×']);
  await upload.setInputFiles(csv('ids.txt', '1\n2\n', 'text/plain'));
  await expect(toast(page, 'Not a CSV file selected')).toBeVisible();
  await expect(chips(page)).toHaveText(['4×', '9×']);
});

test("a CSV of 80 MB is refused: 'File size must be lower than 80MB'", async ({ page }, testInfo) => {
  // A sparse file: 83886080 bytes on paper, nothing written.
  const path = testInfo.outputPath('big.csv');
  const fd = openSync(path, 'w');
  ftruncateSync(fd, 83_886_080);
  closeSync(fd);
  await page.getByLabel('Upload CSV').setInputFiles(path);
  await expect(toast(page, 'File size must be lower than 80MB')).toBeVisible();
  await expect(chips(page)).toHaveCount(0);
});

test('an empty list and the uploaded list are refused by the server on the list field; ids sent as numbers', async ({
  page,
}) => {
  const company = page.getByRole('combobox', { name: 'Target company', exact: true });
  await company.click();
  await company.fill('Acme Baltics');
  await page.getByRole('option', { name: 'Acme Baltics', exact: true }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Select at least one valid device.', { exact: true })).toBeVisible();
  await page.getByLabel('Upload CSV').setInputFiles(csv('ids.csv', '99999991\n99999992\n'));
  await expect(chips(page)).toHaveCount(2);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/devices/move') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await sent).postDataJSON()).toEqual({ company_id: 2, device_id: [99999991, 99999992] });
  await expect(page.getByText('Some of the selected devices were not found.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Device IDs', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});
