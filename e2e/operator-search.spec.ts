import { expect, test } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';

// Operators know a device by its serial, MAC or IMEI as well as by its name: the global search finds it by each.

test('/ finds the first row of the device list by its serial, its MAC and its IMEI', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  const name = await firstRow.getByRole('link').first().innerText();
  const serialColumn = await page
    .getByRole('columnheader', { name: 'Serial' })
    .evaluate((th) => (th as HTMLTableCellElement).cellIndex);
  const serial = await firstRow.getByRole('cell').nth(serialColumn).innerText();
  const device = (
    (await (await api(page, 'GET', `/devices?q=${serial}&fields=id,name,mac,imei`)).json()) as {
      data: { name: string; mac: string; imei: string | null }[];
    }
  ).data.find((d) => d.name === name)!;

  const box = page.getByRole('combobox', { name: 'Search' });
  for (const known of [serial, device.mac, device.imei].filter((v): v is string => !!v)) {
    await page.keyboard.press('/');
    await box.fill(known);
    const devices = page.getByRole('group', { name: /Devices/ });
    await expect(devices.getByRole('option', { name })).toBeVisible();
    await box.press('Escape');
  }
  await page.keyboard.press('/');
  await box.fill(serial);
  await page
    .getByRole('group', { name: /Devices/ })
    .getByRole('option', { name })
    .click();
  await expect(page).toHaveURL(/\/devices\/\d+\/activity$/);
});
