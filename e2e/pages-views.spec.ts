import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';

const loaded = (page: Page) => page.locator('table.page-table[aria-busy="false"]');

// The list pages beyond one list: table preferences and hidden prompts kept
// per user, the spec's forms opened where an operator looks for them, and
// every route's page rendering its document without an error.

test('table preferences (columns, order, page size) persist per user', async ({ page }) => {
  await login(page, fixtureAccounts.advGuest, { path: '/management/devices' });
  await expect(loaded(page)).toBeVisible();
  await page.getByRole('button', { name: 'Table preferences', exact: true }).click();
  const prefs = page.getByRole('region', { name: 'Table preferences' });
  await prefs.getByRole('checkbox', { name: 'MAC' }).uncheck();
  await prefs.getByRole('checkbox', { name: 'Signal' }).check();
  await prefs.getByRole('button', { name: 'Move Signal up', exact: true }).click();
  await page.getByLabel('Rows per page').selectOption('25');
  await expect(page.getByText(/^1–25 of /)).toBeVisible();
  // (An advanced guest runs no bulk action: no selection column.)
  const headers = async () =>
    (await page.getByRole('columnheader').allTextContents()).map((t) => t.replace(/[▲▼]/g, '').trim());
  await expect
    .poll(headers)
    .toEqual(['Name', 'Status', 'Model', 'Serial', 'Firmware', 'Company', 'Tags', 'Signal', 'Last connection']);
  await page.goto('/management/devices');
  await expect(page.getByText(/^1–25 of /)).toBeVisible();
  await expect
    .poll(headers)
    .toEqual(['Name', 'Status', 'Model', 'Serial', 'Firmware', 'Company', 'Tags', 'Signal', 'Last connection']);
  expect((await api(page, 'DELETE', '/storage/table-preferences.management.devices')).ok()).toBe(true);
});

test('a list shows its relative times as exact ones by the table preferences, also after a reload', async ({
  page,
}) => {
  const key = 'table-preferences.users.table';
  await login(page, fixtureAccounts.admin, { path: null });
  await api(page, 'DELETE', `/storage/${key}`); // whatever an earlier run left
  await page.goto('/users');
  await expect(loaded(page)).toBeVisible();
  // The signed-in admin's own last login: a relative time, its exact time a hover tooltip, no tab stop.
  // Its own row (the e-mail cell whole: baltics.admin@example.com contains it too).
  const lastLogin = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: fixtureAccounts.admin, exact: true }) })
    .locator('time');
  await expect(lastLogin).toHaveText(/\bago$|^now$/);
  await expect(lastLogin).not.toHaveAttribute('tabindex');
  const stored = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/storage'));
  await page.getByRole('button', { name: 'Table preferences', exact: true }).click();
  await page
    .getByRole('region', { name: 'Table preferences' })
    .getByRole('checkbox', { name: 'Show exact times' })
    .check();
  expect((await stored).postDataJSON()).toEqual({ key, value: { exactTimes: true } });
  await expect(lastLogin).toHaveText(/\b20\d\d\b/);
  await page.reload();
  await expect(loaded(page)).toBeVisible();
  await expect(lastLogin).toHaveText(/\b20\d\d\b/);
  expect((await api(page, 'DELETE', `/storage/${key}`)).ok()).toBe(true);
});

test('a prompt hidden with "Do not show this again" can be re-enabled in the table preferences', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: null });
  // Start with the prompt shown, whatever an earlier run left in the settings store.
  await api(page, 'DELETE', '/storage/prompt.devices.delete');
  await page.goto('/management/devices');
  await expect(loaded(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const deleteTwo = async () => {
    // A confirmed deletion reloads the list: the rows come from the loaded table, waiting out that reload
    // (a snapshot with locator.all() taken while the table is busy holds no rows, and nothing gets checked).
    const rows = loaded(page).locator('tbody tr');
    for (const i of [0, 1]) await rows.nth(i).getByRole('checkbox').check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
  };
  await deleteTwo();
  let prompt = page.getByRole('dialog', { name: 'Delete 2 devices?' });
  await prompt.getByLabel('Do not show this again').check();
  await prompt.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(prompt).toHaveCount(0);
  // Cancel does not store the choice; confirming does (the deletion itself is answered by a stub here).
  await deleteTwo();
  prompt = page.getByRole('dialog', { name: 'Delete 2 devices?' });
  await expect(prompt).toBeVisible();
  await page.route('**/api/devices', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ json: { success: true, message: 'Devices removed successfully' } })
      : route.continue(),
  );
  await prompt.getByLabel('Do not show this again').check();
  await prompt.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(prompt).toHaveCount(0);
  // The deletion finishes (and clears the selection) before the next one starts.
  await expect(page.getByText('No rows selected')).toBeVisible();
  await deleteTwo();
  await expect(page.getByText('Devices removed successfully').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Delete 2 devices?' })).toHaveCount(0);
  await expect(page.getByText('No rows selected')).toBeVisible();
  await page.getByRole('button', { name: 'Table preferences', exact: true }).click();
  const hidden = page.getByRole('group', { name: 'Hidden prompts' });
  await expect(hidden).toContainText('Delete {count} devices?');
  const removed = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/storage/'));
  await hidden.getByRole('button', { name: 'Show again', exact: true }).click();
  expect((await removed).ok()).toBe(true);
  await expect(hidden).toHaveCount(0);
  await deleteTwo();
  await expect(page.getByRole('dialog', { name: 'Delete 2 devices?' })).toBeVisible();
});

test('the 14 forms open from the pages where an operator looks for them', async ({ page }) => {
  test.setTimeout(120_000);
  const places: [string, string[]][] = [
    ['/companies', ['New company', 'Move company', 'Invite new company', 'Add company data']],
    ['/tags', ['New tag']],
    ['/users', ['Invite user', 'Delete user', 'Remove MFA', 'Remove e-mail from suppression list']],
    ['/resources/credits', ['Add resources', 'Move resources']],
    ['/resources/codes', ['Create code']],
    ['/redeem-code', ['Activate code']],
    ['/files/global/firmware', ['Upload device API documentation']],
  ];
  await login(page, fixtureAccounts.super, { path: null });
  for (const [path, forms] of places) {
    await page.goto(path);
    for (const title of forms) {
      await page.getByRole('button', { name: title, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog, `${title} on ${path}`).toBeVisible();
      await expect(dialog.locator('form')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  }
});

test('every page of the route table renders its document without an error', async ({ page }) => {
  test.setTimeout(240_000);
  const { routes } = await import('../console/routes/table');
  await login(page, fixtureAccounts.super, { path: '/management/devices' });
  const first = async (url: string) => ((await (await api(page, 'GET', url)).json()).data ?? [])[0]?.id as number;
  const ids: Record<string, number> = {
    id: await first('/devices?limit=1'),
    company_id: 1,
    dashboard_id: 1,
  };
  const byPrefix: [string, string][] = [
    ['/tag/', '/tags?limit=1'],
    ['/remote/access/', '/devices/remote-access?limit=1'],
    ['/vpn/hubs/', '/vpn/hubs?quick_hub=0&limit=1'],
    ['/vpn/quick-connect/', '/vpn/hubs?quick_hub=1&limit=1'],
    ['/management/automations/', '/automations?limit=1'],
    ['/report/generated/', '/reports/generated?limit=1'],
    ['/monitoring-templates/edit/', '/monitoring-templates?limit=1'],
  ];
  const { disabledRoutes } = JSON.parse(readFileSync('console/theme/default.json', 'utf8')) as {
    disabledRoutes: string[];
  };
  // Pages inside a detail route (one with an `entity`) are headed by the item's name; their title is an h2.
  const leaves: { path: string; page: string; inItem: boolean }[] = [];
  const walk = (list: typeof routes, inItem: boolean) =>
    list.forEach((r) =>
      r.tabs
        ? walk(r.tabs, inItem || !!r.entity)
        : !r.standalone &&
          r.name !== 'form' &&
          r.name !== 'studio' &&
          !disabledRoutes.includes(r.name) &&
          leaves.push({ ...r, inItem: inItem || !!r.entity }),
    );
  walk(routes, false);
  for (const leaf of leaves) {
    const prefix = byPrefix.find(([p]) => leaf.path.startsWith(p));
    const id = prefix ? await first(prefix[1]) : ids.id;
    const path = leaf.path
      .replace(':company_id', String(ids.company_id))
      .replace(':dashboard_id', String(ids.dashboard_id))
      .replace(':token', 'token')
      .replace(':id', String(id));
    // Client-side navigation (as the side menu does): the app is loaded once.
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
    const { title } = JSON.parse(readFileSync(`schemas/pages/${leaf.page}.json`, 'utf8')) as { title: string };
    const heading = page.getByRole('heading', { level: leaf.inItem ? 2 : 1, name: title, exact: true });
    await expect(heading, `${leaf.page} at ${path}`).toBeVisible();
    await expect(page.locator('[aria-busy="true"]'), `${leaf.page} finishes loading`).toHaveCount(0);
    await expect(page.locator('.page-error'), `${leaf.page} at ${path} loads`).toHaveCount(0);
  }
});
