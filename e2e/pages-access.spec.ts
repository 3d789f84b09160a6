import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';

const loaded = (page: Page) => page.locator('table.page-table[aria-busy="false"]');

// Who sees and may do what on the list pages, axe on the main pages, and the
// schema check refusing a broken page document.

test.describe('roles', () => {
  test('a guest sees the lists without actions, and the server refuses its writes', async ({ page }) => {
    await login(page, fixtureAccounts.guest, { path: '/management/devices' });
    await expect(loaded(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add device', exact: true })).toHaveCount(0);
    // No bulk action is permitted, so no row can be selected for one.
    await expect(loaded(page).getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Assign tag', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    const refused = await api(page, 'POST', '/devices/tags/assign', { device_id: [1], tag_id: 1 });
    expect(refused.status()).toBe(403);
  });

  test('an administrator gets the device actions and the admin tools; a super admin too', async ({ page }) => {
    for (const email of [fixtureAccounts.admin, fixtureAccounts.super]) {
      await login(page, email, { path: '/management/devices' });
      await expect(page.getByRole('button', { name: 'Add device', exact: true })).toBeVisible();
      await loaded(page).locator('tbody tr').first().getByRole('checkbox').check();
      await expect(page.getByRole('button', { name: 'Assign tag', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Move to company', exact: true })).toBeVisible();
      await page.goto('/users');
      await expect(page.getByRole('button', { name: 'Invite user', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete user', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove MFA', exact: true })).toBeVisible();
    }
  });

  test('an end user works on own company devices only, without admin tools', async ({ page }) => {
    await login(page, fixtureAccounts.endUser, { path: '/management/devices' });
    await expect(loaded(page)).toBeVisible();
    for (const cell of await loaded(page).locator('tbody tr td:nth-child(8)').all()) {
      await expect(cell).toHaveText('Acme Baltics');
    }
    await expect(page.getByRole('link', { name: 'Companies' })).toHaveCount(0);
    await page.goto('/users');
    await expect(page.getByRole('button', { name: 'Delete user', exact: true })).toHaveCount(0);
  });

  test('a separate tenant sees only its own devices', async ({ page }) => {
    await login(page, fixtureAccounts.globexAdmin, { path: '/management/devices' });
    await expect(loaded(page)).toBeVisible();
    for (const cell of await loaded(page).locator('tbody tr td:nth-child(8)').all()) {
      await expect(cell).toHaveText('Globex Telecom');
    }
  });
});

test.describe('accessibility', () => {
  for (const [path, name] of [
    ['/management/devices', 'Devices'],
    ['/companies', 'Companies'],
    ['/users', 'Users'],
    ['/companies/tree', 'Company tree'],
    ['/statistics/months-stats', 'Months'],
    ['/statistics/general', 'General'],
  ] as const) {
    test(`axe finds no violations on ${name}`, async ({ page }) => {
      await login(page, fixtureAccounts.super, { path });
      await expect(page.getByRole('heading', { name, exact: true, level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (name === 'Devices') await page.screenshot({ path: `test-results/pages-${name.toLowerCase()}.png` });
      const result = await new AxeBuilder({ page }).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});

test('schemas:check refuses a page document with a mistake and says where', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pages-check-'));
  try {
    cpSync('schemas', dir, { recursive: true });
    const broken = {
      $schema: '../page.schema.json',
      title: 'Broken',
      kind: 'list',
      endpoint: '/devices',
      columns: [{ key: 'name', title: 'Name', formatter: 'byts' }],
      defaultSort: 'serial',
      toolbarActions: [{ key: 'add', label: 'Add', form: 'add-devise' }],
    };
    writeFileSync(join(dir, 'pages/broken.json'), JSON.stringify(broken, null, 2));
    let output = '';
    let failed = false;
    try {
      execFileSync('npx', ['tsx', 'scripts/schemas-check.ts', dir], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      failed = true;
      output = String((error as { stdout?: string }).stdout);
    }
    expect(failed).toBe(true);
    expect(output).toContain('pages/broken.json: /columns/0/formatter: Unknown formatter "byts"');
    expect(output).toContain('pages/broken.json: /defaultSort: Default sort "serial" must name a sortable column.');
    expect(output).toContain('pages/broken.json: /toolbarActions/0/form: Form "add-devise" is not in schemas/forms/.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
