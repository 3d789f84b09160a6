import { expect, test } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';

// QA findings on the list and detail pages: dark-mode contrast, narrow
// screens, item names in detail headers, labels instead of raw codes.

test('dark mode: selected rows and danger buttons use the theme tokens', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await login(page, fixtureAccounts.super, { path: '/management/devices' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const table = page.locator('table.page-table[aria-busy="false"]');
  await expect(table).toBeVisible();
  const row = table.locator('tbody tr').first();
  await row.getByRole('checkbox').check();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  const token = (name: string) =>
    page.evaluate((n) => {
      const probe = document.createElement('div');
      probe.style.color = `var(${n})`;
      document.body.append(probe);
      const value = getComputedStyle(probe).color;
      probe.remove();
      return value;
    }, name);
  // The selected row's text stays readable on its background (WCAG AA, 4.5:1).
  const contrast = await row
    .locator('td')
    .nth(3)
    .evaluate((cell) => {
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (css: string) => {
        const [r, g, b] = rgb(css).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const bg = getComputedStyle(cell.closest('tr')!).backgroundColor;
      const fg = getComputedStyle(cell).color;
      const [hi, lo] = [lum(bg), lum(fg)].sort((a, b) => b - a);
      return (hi + 0.05) / (lo + 0.05);
    });
  expect(contrast).toBeGreaterThanOrEqual(4.5);
  const cell = row.locator('td').nth(3);
  expect(await cell.evaluate((el) => getComputedStyle(el).borderBottomColor)).toBe(await token('--border'));
  const danger = page.locator('.page-danger').first();
  expect(await danger.evaluate((el) => getComputedStyle(el).color)).toBe(await token('--danger'));
});

test('narrow screens: only the table scrolls sideways, the page keeps the screen width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // (/users also carries the shell's tab bar, which is not part of these pages.)
  for (const path of ['/management/devices', '/management/task-manager', '/companies']) {
    await login(page, fixtureAccounts.super, { path });
    const table = page.locator('table.page-table[aria-busy="false"]');
    await expect(table).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const scroller = page.locator('.page-table-scroll').first();
    expect(await scroller.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
    // On a phone the filters fold behind their button: open them to measure them.
    const unfold = page.getByRole('button', { name: /^Filters/ });
    if (await unfold.count()) await unfold.click();
    const filters = page.getByRole('group', { name: 'Filters' });
    if (await unfold.count()) {
      const box = await filters.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
  }
});

test('detail pages are headed by the item name, with the tab as a subheading', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: null });
  const cases: [string, string, string][] = [
    ['/devices/105/activity', '/devices/105', 'Activity'],
    ['/companies/2/devices', '/companies/2', 'Devices'],
    ['/vpn/hubs/1/general', '/vpn/hubs/1', 'General'],
  ];
  for (const [path, endpoint, tab] of cases) {
    const body = await (await page.request.get(`/api${endpoint}`)).json();
    const name = body.data.name as string;
    expect(name).toBeTruthy();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('heading', { level: 2, name: tab, exact: true })).toBeVisible();
  }
});

test('device metrics: one chart per unit, negative dBm on its own axis', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: '/devices/105/metrics/dynamic' });
  const signal = page.getByRole('img', { name: /Signal \(dBm\)/ });
  const temperature = page.getByRole('img', { name: /Temperature \(°C\)/ });
  await expect(signal).toBeVisible();
  await expect(temperature).toBeVisible();
  // Drawn by uPlot on canvas: each chart's hover values are in its own unit only.
  for (const [chart, unit, other] of [
    [signal, /: -\d+ dBm/, '°C'],
    [temperature, /: \d+(\.\d)? °C/, 'dBm'],
  ] as const) {
    await expect(chart.locator('canvas')).toBeVisible();
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.locator('.u-over').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const tooltip = page.locator('.chart-frame', { has: chart }).locator('.chart-tooltip');
    await expect(tooltip).toContainText(unit);
    await expect(tooltip).not.toContainText(other);
  }
  await page.screenshot({ path: 'test-results/pages-qa-metrics.png', fullPage: true });
});

test('credit types and task types are shown by their labels, not their codes', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: '/resources/credits' });
  const table = page.locator('table.page-table[aria-busy="false"]');
  await expect(table).toBeVisible();
  const typeColumn = await table.locator('thead th').allTextContents();
  const index = typeColumn.findIndex((text) => text.includes('Resource type'));
  expect(index).toBeGreaterThanOrEqual(0);
  const types = await table.locator(`tbody tr td:nth-child(${index + 1})`).allTextContents();
  expect(types.length).toBeGreaterThan(0);
  for (const type of types) expect(type).not.toMatch(/^[a-z0-9]+(_[a-zA-Z0-9]+)*$/);

  await page.goto('/management/task-manager');
  await expect(table).toBeVisible();
  // A group's tasks are read as the OpenAPI's task objects: each shown by its type's label.
  await expect(table.getByRole('cell', { name: 'Upload file', exact: true })).toBeVisible();
  await expect(table.getByText(/upload_file|download_file|firmware_upload|config_upload|api_request/)).toHaveCount(0);
});

test('a missing item says it was not found instead of the HTTP client message', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: '/report/generated/999999' });
  await expect(page.getByRole('alert')).toHaveText('Report not found.');
  await page.goto('/vpn/hubs/999999/general');
  await expect(page.getByRole('alert').filter({ hasText: 'VPN hub not found.' })).toBeVisible();
  await expect(page.getByText(/status code/)).toHaveCount(0);
});

test('the users list offers no impersonating or deleting on the signed-in user own row', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/users?limit=100' });
  const table = page.locator('table.page-table[aria-busy="false"]');
  await expect(table).toBeVisible();
  const rowOf = (email: string) =>
    table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
  const own = rowOf(fixtureAccounts.admin);
  const other = rowOf(fixtureAccounts.advGuest);
  await expect(own).toHaveCount(1);
  await expect(other).toHaveCount(1);
  await expect(other.getByRole('button', { name: /^Impersonate/ })).toBeVisible();
  await expect(own.getByRole('button', { name: /^Impersonate/ })).toHaveCount(0);
  await expect(own.getByRole('button', { name: /^Delete user/ })).toHaveCount(0);
});

test('the monitoring template edit page edits the template with its form', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  const list = await (await page.request.get('/api/monitoring-templates?limit=1')).json();
  const template = list.data[0] as { id: number; name: string };
  await page.goto(`/monitoring-templates/edit/${template.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit monitoring template' });
  const name = dialog.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(template.name);
  await name.fill(`${template.name} edited`);
  await dialog.getByLabel('GPS period (seconds)').fill('900');
  await dialog.getByRole('button', { name: /^(Submit|Save|Update)$/ }).click();
  await expect(page.getByText('Monitoring template updated successfully')).toBeVisible();
  // The detail reloads with the new values.
  await expect(page.getByRole('definition').filter({ hasText: `${template.name} edited` })).toBeVisible();
  const item = await (await page.request.get(`/api/monitoring-templates/${template.id}`)).json();
  expect(item.data.gps).toBe(900);
});
