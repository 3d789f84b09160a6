import { expect, test } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';

// Lists that feel finished: skeleton rows and no count before the answer, an inline retry after a failure,
// "Clear filters" on an empty filtered result, a compact pager with named icon buttons.

test('a list shows skeleton rows and no count until the server answers', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/devices?*', async (route) => {
    await held;
    await route.continue();
  });
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await expect(page.locator('tr.skeleton-row').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).not.toContainText('of 0');
  release();
  await expect(page.locator('tr.skeleton-row')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(/1–10 of \d+/);
  for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  // A pager button's tooltip shows on keyboard focus (Tab from the page size; the first two are disabled)
  // and Escape dismisses it, the focus staying where it is.
  const next = page.getByRole('button', { name: 'Next page', exact: true });
  const tooltip = page.getByRole('tooltip').filter({ hasText: 'Next page' });
  await expect(next).not.toHaveAttribute('title');
  await page.getByLabel('Rows per page').focus();
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await expect(tooltip).toBeVisible();
  await expect(next).toHaveAccessibleDescription('Next page');
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await expect(next).toBeFocused();
  // A disabled one (on the first page) still names itself on hover, and a click on it does nothing.
  const first = page.getByRole('button', { name: 'First page', exact: true });
  await expect(first).toBeDisabled();
  await first.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'First page' })).toBeVisible();
  await first.click({ force: true });
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(/1–10 of \d+/);
});

test('a failed load offers a retry in place, and an empty filtered result offers to clear the filters', async ({
  page,
}) => {
  let fail = true;
  await page.route('**/api/devices?*', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          json: { success: false, errors: [{ code: 'SERVER_ERROR', message: 'Database busy', source: null }] },
        })
      : route.continue(),
  );
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  const alert = page.getByRole('alert').filter({ hasText: 'Database busy' });
  await expect(alert).toBeVisible();
  fail = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();

  await page.goto('/management/devices?q=zz-no-such-device&f.status=1');
  await expect(page.getByText('No devices found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/q=zz/);
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
});

test('Export, CSV with raw values, downloads every row of the filtered list', async ({ page }) => {
  // Online: the fleet simulator brings every seeded device online (playwright.config.ts).
  await login(page, fixtureAccounts.admin, { path: '/management/devices?f.status=1&pageSize=10' });
  const range = page.getByRole('navigation', { name: 'Pagination' }).locator('.page-range');
  await expect(range).toContainText(/of \d+/);
  const total = Number((await range.innerText()).replace(/.* of /, '').replace(/\D/g, ''));
  expect(total).toBeGreaterThan(10);
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV with raw values' }).click(),
  ]);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
  const lines = text.split('\r\n').filter(Boolean);
  expect(lines[0].split(',')).toContain('serial');
  expect(lines).toHaveLength(total + 1);
});
