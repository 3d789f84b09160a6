import { expect, test } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';

// Findings of an operator's walk through the console (issue 12): each test
// pins one thing that was wrong.

test('a generated report is reached from the Reports tabs and opens at /report/generated/{id}', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/reports' });
  await page.getByRole('link', { name: 'Generated reports', exact: true }).click();
  await expect(page).toHaveURL(/\/reports\/generated$/);
  await page.getByRole('link', { name: 'Monthly data usage - October 2026' }).click();
  await expect(page).toHaveURL(/\/report\/generated\/\d+$/);
  await expect(page.getByText('179.12 KB')).toBeVisible();
});

test('on a phone the device header sets its facts two by two', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, fixtureAccounts.admin, { path: '/devices/500/activity' });
  const facts = page.locator('.item-header-facts');
  await expect(facts).toBeVisible();
  const top = async (term: string) => (await facts.locator('dt', { hasText: term }).boundingBox())!.y;
  expect(await top('Serial')).toBe(await top('Model'));
  expect(await top('IMEI')).toBe(await top('MAC'));
});

test('rows are selectable only for a bulk action the user may run', async ({ page }) => {
  await login(page, fixtureAccounts.guest, { path: '/management/devices' });
  const table = page.locator('table.page-table[aria-busy="false"]');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(table.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByText('No rows selected')).toHaveCount(0);
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await table.locator('tbody tr').first().getByRole('checkbox').check();
  await expect(
    page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Move to company' }),
  ).toBeVisible();
});

test('the studio document list uses the console inputs, not native boxes', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await login(page, fixtureAccounts.super, { path: '/studio' });
  for (const label of ['New form name', 'Search documents']) {
    const input = page.getByLabel(label);
    await expect(input).toBeVisible();
    const style = await input.evaluate((el) => {
      const s = getComputedStyle(el);
      return { height: el.getBoundingClientRect().height, radius: s.borderTopLeftRadius };
    });
    expect(style.height, label).toBeGreaterThanOrEqual(36);
    expect(style.radius, label).toBe('6px');
  }
});

test('a code the list also filters by shows as its filter label (protocols, file types)', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/remote/access' });
  const table = page.locator('table.page-table[aria-busy="false"]');
  const protocols = table.locator('tbody td:nth-child(3)');
  await expect(protocols.first()).toBeVisible();
  const shown = await protocols.allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  for (const text of shown) expect(['SSH', 'Telnet', 'HTTP', 'HTTPS', 'RDP', 'VNC', 'SFTP']).toContain(text);
  await page.goto('/management/files');
  await expect(table.getByRole('cell', { name: 'Firmware', exact: true }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: 'firmware', exact: true })).toHaveCount(0);
});

test('a file is downloaded from its row under its own name, with its stored content', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/files' });
  const row = page.locator('table.page-table[aria-busy="false"] tbody tr').first();
  const name = (await row.locator('td').first().innerText()).trim();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(name);
  const saved = Buffer.concat(await (await download.createReadStream()).toArray());
  const files = (await (await api(page, 'GET', `/api/files?limit=100`)).json()) as {
    data: { id: number; name: string }[];
  };
  const id = files.data.find((f) => f.name === name)!.id;
  const stored = Buffer.from(await (await api(page, 'GET', `/api/files/${id}/download`)).body());
  expect(saved.equals(stored)).toBe(true);
  expect(saved.length).toBeGreaterThan(0);
});

test('row actions stay on one line, also beside a refusal on a phone', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/task-manager' });
  const row = page.locator('table.page-table[aria-busy="false"] tbody tr').first();
  const top = async (name: string) => (await row.getByRole('button', { name }).boundingBox())!.y;
  expect(await top('Delete')).toBe(await top('Edit'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/companies');
  const company = page.locator('table.page-table[aria-busy="false"] tbody tr').first();
  await expect(company.getByText('A company with devices cannot be removed.')).toBeVisible();
  expect((await company.boundingBox())!.height).toBeLessThan(90);
});

test('an empty list says so without a pager of "0–0 of 0"', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/reports/single' });
  await expect(page.getByText('No reports', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  await page.goto('/reports/generated');
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(/1–\d+ of \d+/);
});

test('a missing device says so once, without tabs that each repeat "Not found."', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/devices/999999/data-usage' });
  await expect(page.getByRole('alert').filter({ hasText: 'Device not found.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Data usage' })).toHaveCount(0);
  await expect(page.getByText('Not found.', { exact: true })).toHaveCount(0);
  // The item found again brings its tabs back.
  await page.goto('/devices/500/data-usage');
  await expect(page.getByRole('link', { name: 'Data usage' })).toBeVisible();
});

test('an item page over a list filtered by id says the item was not found when no row answers', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/remote/access/999999' });
  await expect(page.getByRole('alert').filter({ hasText: 'not found' })).toHaveText('Device not found.');
  await expect(page.getByText(/Failed to load/)).toHaveCount(0);
});

test('dates in a table keep to one line', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/access-history' });
  const started = page.locator('table.page-table[aria-busy="false"] tbody tr').first().locator('td time').first();
  await expect(started).toBeVisible();
  expect(await started.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(await started.evaluate((el) => el.getClientRects().length)).toBe(1);
});
