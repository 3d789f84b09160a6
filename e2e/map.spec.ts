import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';
import { subscribedTo } from './support/realtime';

// The fleet map: devices with a position clustered on the devices page (grid 60, minimum 2) over the bundled
// basemap, a cluster click zooms in, the Location tab draws its device; nothing is asked of another host.

interface Located {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/** Every request the page makes to a host other than this one (tiles, fonts, scripts). */
function foreignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol) && !['localhost', '127.0.0.1'].includes(url.hostname)) {
      foreign.push(request.url());
    }
  });
  return foreign;
}

/** The admin's devices with (or without) a position. */
async function locatedDevices(page: Page, located = true): Promise<Located[]> {
  const answer = await api(page, 'GET', '/devices?fields=id,name,latitude,longitude&limit=200');
  const rows = ((await answer.json()) as { data: Located[] }).data;
  return rows.filter((row) => (row.latitude !== null && row.longitude !== null) === located);
}

const clusters = (page: Page) => page.locator('.fleet-map').getByRole('button', { name: /^\d+ devices$/ });

async function clusterCounts(page: Page): Promise<number[]> {
  return (await clusters(page).allTextContents()).map(Number);
}

/** The box of a marker once the map's pan animation has ended and it is drawn (two reads 200 ms apart agree). */
async function settledBox(element: Locator) {
  let box = await element.boundingBox();
  for (;;) {
    await element.page().waitForTimeout(200);
    const next = await element.boundingBox();
    if (box && next && next.x === box.x && next.y === box.y) return box;
    box = next;
  }
}

async function axeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).include('.fleet-map-wrap').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

test('the devices page shows the filtered fleet clustered on the bundled basemap; a cluster click zooms in', async ({
  page,
}) => {
  const foreign = foreignRequests(page);
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Map' }).click();
  await expect(page).toHaveURL(/view=map/);
  const map = page.getByRole('region', { name: 'Map of Devices' });
  await expect(map).toBeVisible();
  await expect(page.getByText(/^\d+ of \d+ devices have a location$/)).toBeVisible();
  await expect(map.locator('path.fleet-map-land').first()).toBeAttached();
  await expect(clusters(page).first()).toBeVisible();
  await axeClean(page);

  const before = await clusterCounts(page);
  const largest = Math.max(...before);
  expect(largest).toBeGreaterThanOrEqual(2);
  await clusters(page).getByText(String(largest), { exact: true }).first().click();
  // The cluster splits: the largest one left is smaller, or single devices show.
  await expect.poll(async () => Math.max(0, ...(await clusterCounts(page))), { timeout: 10_000 }).toBeLessThan(largest);

  // The filters narrow the map too: online devices only.
  const status = page.getByText(/^\d+ of \d+ devices have a location$/);
  const all = await status.textContent();
  // The fleet simulator plays every seeded device (playwright.config.ts): the offline ones are a part of the fleet.
  await page.getByLabel('Status').selectOption({ label: 'Offline' });
  await expect(status).not.toHaveText(all!);
  expect(foreign).toEqual([]);
});

test('a cluster no zoom can split lists its devices as links under the map', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  // The map's device query answered with three devices on one spot and one apart.
  const spot = { latitude: 54.687157, longitude: 25.279652, status: 1 };
  const data = [
    { id: 1, name: 'Depot A', ...spot },
    { id: 2, name: 'Depot B', ...spot },
    { id: 3, name: 'Depot C', ...spot },
    { id: 4, name: 'Harbour', latitude: 55.703, longitude: 21.144, status: 0 },
  ];
  await page.route(
    (url) => url.pathname === '/api/devices' && url.searchParams.has('fields'),
    (route) => route.fulfill({ json: { success: true, data, meta: { total: 4 } } }),
  );
  await page.goto('/management/devices?view=map');
  await expect(page.getByText('4 of 4 devices have a location')).toBeVisible();
  const map = page.getByRole('region', { name: 'Map of Devices' });
  await expect(map.getByRole('link', { name: 'Harbour, Offline' })).toBeVisible();
  await map.getByRole('button', { name: '3 devices' }).focus();
  await page.keyboard.press('Enter');
  const listed = page.getByRole('region', { name: 'Devices at this spot' });
  await expect(listed).toBeFocused();
  await expect(listed.getByRole('link')).toHaveText(['Depot A', 'Depot B', 'Depot C']);
  await expect(listed.getByRole('link', { name: 'Depot B' })).toHaveAttribute('href', '/devices/2');
});

test('a device marker is a named link reached with the keyboard that opens the device page', async ({ page }) => {
  const foreign = foreignRequests(page);
  await login(page, fixtureAccounts.admin, { path: null });
  const [device] = await locatedDevices(page);
  await page.goto(`/devices/${device.id}/location`);
  const map = page.getByRole('region', { name: `Location of ${device.name}` });
  await expect(map).toBeVisible();
  const marker = map.getByRole('link', {
    name: new RegExp(`^${device.name}, (Online|Offline|Pending|Not Activated)$`),
  });
  await expect(marker).toBeVisible();
  // The coordinates stay as text, to 6 decimals.
  await expect(page.getByText(device.latitude!.toFixed(6), { exact: true })).toBeVisible();
  await expect(page.getByText(device.longitude!.toFixed(6), { exact: true })).toBeVisible();
  await axeClean(page);
  await marker.focus();
  await expect(marker).toBeFocused();
  await page.keyboard.press('Enter');
  // The device page (its default tab), no longer the Location tab.
  await expect(page).toHaveURL(new RegExp(`/devices/${device.id}(/(?!location)[a-z-]+)?$`));
  expect(foreign).toEqual([]);
});

test('a device without a position says so on its Location tab', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  const [device] = await locatedDevices(page, false);
  await page.goto(`/devices/${device.id}/location`);
  await expect(page.getByText('No location reported.')).toBeVisible();
  await expect(page.locator('.fleet-map')).toHaveCount(0);
});

for (const [scheme, viewport] of [
  ['light', { width: 1280, height: 800 }],
  ['dark', { width: 1280, height: 800 }],
  ['light', { width: 390, height: 844 }],
  ['dark', { width: 390, height: 844 }],
] as const) {
  test(`map in ${scheme} mode at ${viewport.width}px passes axe`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(viewport);
    await login(page, fixtureAccounts.admin, { path: '/management/devices?view=map' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await expect(page.locator('.fleet-map path.fleet-map-land').first()).toBeAttached();
    await expect(clusters(page).first()).toBeVisible();
    await axeClean(page);
    await page.screenshot({ path: `test-results/map-devices-${scheme}-${viewport.width}.png`, fullPage: true });
    const device = (await locatedDevices(page))[0];
    await page.goto(`/devices/${device.id}/location`);
    await expect(page.getByRole('link', { name: new RegExp(`^${device.name}, `) })).toBeVisible();
    await expect(page.locator('.fleet-map path.fleet-map-land').first()).toBeAttached();
    await axeClean(page);
    await page.screenshot({ path: `test-results/map-location-${scheme}-${viewport.width}.png`, fullPage: true });
  });
}

test('a status change pushed by the server shows on the map without reloading it or moving the view', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, fixtureAccounts.admin, { path: null });
  const answer = await api(page, 'GET', '/devices?status=1&company_id=1&fields=id,name,serial,latitude,longitude');
  const device = ((await answer.json()) as { data: (Located & { serial: string })[] }).data.find(
    (row) => row.latitude !== null && row.longitude !== null && !(row.latitude === 0 && row.longitude === 0),
  )!;
  let listCalls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/devices' && request.method() === 'GET') listCalls++;
  });
  const subscribed = subscribedTo(page, 'company.1');
  await page.goto(`/management/devices?q=${device.serial}&view=map`);
  const map = page.getByRole('region', { name: 'Map of Devices' });
  await expect(map.getByRole('link', { name: `${device.name}, Online` })).toBeVisible();
  await subscribed;
  // The operator pans the map (arrow keys): a live change must not pull the view back onto the device.
  const marker = map.getByRole('link', { name: new RegExp(`^${device.name}, `) });
  const centred = await settledBox(marker);
  await map.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await marker.boundingBox())?.x ?? -Infinity).toBeGreaterThan(centred.x + 50);
  const panned = await settledBox(marker);
  const callsBefore = listCalls;
  expect((await api(page, 'POST', '/devices/actions', { action: 'reboot', device_id: [device.id] })).status()).toBe(
    200,
  );
  // Silent while it reboots (the simulator's FLEET_REBOOT_MS), offline after the gateway's missed polls, then back.
  await expect(map.getByRole('link', { name: `${device.name}, Offline` })).toBeVisible({ timeout: 45_000 });
  await expect(map.getByRole('link', { name: `${device.name}, Online` })).toBeVisible({ timeout: 60_000 });
  const after = await settledBox(marker);
  expect(Math.abs(after.x - panned.x) + Math.abs(after.y - panned.y)).toBeLessThan(2);
  expect(listCalls).toBe(callsBefore);
});
