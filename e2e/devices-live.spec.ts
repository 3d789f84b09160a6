import { expect, test, type Page } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';

// The device page on a live fleet: the server's gateway polls the fleet
// simulator's routers over MQTT (playwright.config.ts starts both through
// scripts/start-with-fleet.ts), so what the header shows comes from the
// device. Its signal changes by itself; a reboot goes through the device,
// which falls silent (offline after the missed polls) and comes back with
// its uptime from zero.

interface Device {
  id: number;
  name: string;
  serial: string;
  model: string;
  signal: number | null;
  status: number;
}

/** An online device of the admin's company with a modem (it reports a signal). */
async function cellularDevice(page: Page): Promise<Device> {
  const answer = await api(
    page,
    'GET',
    '/devices?status=1&company_id=1&limit=50&fields=id,name,serial,model,signal,status',
  );
  const devices = ((await answer.json()) as { data: Device[] }).data;
  const device = devices.find((d) => d.signal !== null && !/^(TAP|TSW|RUT300)/.test(d.model));
  if (!device) throw new Error('no online cellular device in company 1');
  return device;
}

/** The text of one fact of the header. */
const fact = (page: Page, title: string) =>
  page
    .locator('header.item-header dl > div')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('dd');

test('the header shows what the device reports, its signal changing live', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, fixtureAccounts.admin, { path: null });
  const device = await cellularDevice(page);
  await page.goto(`/devices/${device.id}`);
  // The first page of the run waits for servers still signing their fleets in.
  await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible({ timeout: 30_000 });
  await expect(fact(page, 'Status')).toHaveText('Online');
  for (const title of ['Temperature', 'Uptime', 'WAN IP', 'Operator', 'Network', 'Last seen'])
    await expect(fact(page, title)).not.toHaveText('—');
  const first = (await fact(page, 'Signal').textContent())?.trim();
  expect(first).toMatch(/^-\d+ dBm$/);
  // The simulated router's signal drifts; the next polls bring another value, pushed to the open page.
  await expect(fact(page, 'Signal')).not.toHaveText(first!, { timeout: 90_000 });
  await expect(fact(page, 'Signal')).toHaveText(/^-\d+ dBm$/);
});

test('a reboot goes through the device: offline while it restarts, online again with its uptime reset', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await login(page, fixtureAccounts.admin, { path: null });
  const device = await cellularDevice(page);
  await page.goto(`/devices/${device.id}`);
  const header = page.locator('header.item-header');
  await expect(fact(page, 'Status')).toHaveText('Online');
  await header.getByRole('button', { name: 'Reboot', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Reboot ${device.name}?` })
    .getByRole('button', { name: 'Reboot' })
    .click();
  await expect(fact(page, 'Status')).toHaveText('Offline', { timeout: 60_000 });
  await expect(fact(page, 'Status')).toHaveText('Online', { timeout: 90_000 });
  // Up for seconds only: the uptime the device reports after its reboot.
  await expect
    .poll(async () => {
      const answer = await api(page, 'GET', `/devices/${device.id}`);
      return ((await answer.json()) as { data: { router_uptime: number } }).data.router_uptime;
    })
    .toBeLessThan(120);
});

test("the Ports tab lists the known services' ports the device says it listens on", async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, fixtureAccounts.admin, { path: null });
  const device = await cellularDevice(page);
  await page.goto(`/devices/${device.id}/ports`);
  await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible({ timeout: 30_000 });
  // The simulated router answers port_check: SSH always, its web interface on a model with a LAN.
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'ssh/sftp' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'ssh/sftp' })).toContainText('open');
});
