import { expect, test, type Page } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';
import { subscribedTo } from './support/realtime';

// The device page: a header naming the device with its facts and live state, and the actions the user may
// take (reboot with its progress, rename); the list and the page follow the server's pushes without reloading.

async function onlineDevice(page: Page): Promise<{ id: number; name: string; serial: string }> {
  const answer = await api(page, 'GET', '/devices?status=1&company_id=1&limit=1&fields=id,name,serial');
  return ((await answer.json()) as { data: { id: number; name: string; serial: string }[] }).data[0];
}

test('the header names the device, its facts and live status, with the actions an admin may take', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  const device = await onlineDevice(page);
  await page.goto(`/devices/${device.id}`);
  const header = page.getByRole('banner', { name: device.name }).or(page.locator('header.item-header'));
  await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible();
  await expect(header.getByText('Serial')).toBeVisible();
  await expect(header.getByText(device.serial)).toBeVisible();
  for (const fact of ['Model', 'MAC', 'IMEI', 'Company', 'Tags', 'Status', 'Signal', 'Uptime', 'Last seen']) {
    await expect(header.getByText(fact, { exact: true })).toBeVisible();
  }
  for (const action of [
    'Edit',
    'Reboot',
    'Update firmware',
    'Move to company',
    'Assign tag',
    'Unassign tag',
    'Delete',
  ]) {
    await expect(header.getByRole('button', { name: action, exact: true })).toBeVisible();
  }
  // One h1: the tab below is headed by its own title as a subheading.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('reboot shows its progress, and the status drops and returns live in the header', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page, fixtureAccounts.admin, { path: null });
  const device = await onlineDevice(page);
  await page.goto(`/devices/${device.id}`);
  const header = page.locator('header.item-header');
  await expect(header.getByText('Online', { exact: true })).toBeVisible();
  await header.getByRole('button', { name: 'Reboot', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: `Reboot ${device.name}?` });
  await prompt.getByRole('button', { name: 'Reboot' }).click();
  const status = page.getByRole('dialog', { name: 'Reboot' });
  await expect(status.getByRole('status')).toHaveText(/^(In progress|Completed): \d of (1|…) done$/);
  // The device answers when it is back from its reboot (the fleet simulator's, playwright.config.ts).
  await expect(status.getByRole('status')).toHaveText('Completed: 1 of 1 done', { timeout: 90_000 });
  await expect(status.getByRole('progressbar', { name: 'Action progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(header.getByText('Online', { exact: true })).toBeVisible({ timeout: 10_000 });
});

test('rename the device and find the new name in the list', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  const device = await onlineDevice(page);
  await page.goto(`/devices/${device.id}`);
  await page.locator('header.item-header').getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Edit device' });
  await expect(form.getByLabel('Name')).toHaveValue(device.name);
  await form.getByLabel('Name').fill('Harbour crane gateway');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour crane gateway' })).toBeVisible();
  await page.goto('/management/devices?q=Harbour%20crane');
  await expect(page.getByRole('table').getByRole('link', { name: 'Harbour crane gateway' })).toBeVisible();
});

test('a status change pushed by the server shows in an open list without reloading it', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, fixtureAccounts.admin, { path: null });
  const device = await onlineDevice(page);
  let listCalls = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/devices' && request.method() === 'GET') listCalls++;
  });
  // The list follows its devices' company channel once subscribed: CI once rebooted the device before that and
  // never saw it drop.
  const subscribed = subscribedTo(page, 'company.1');
  await page.goto(`/management/devices?q=${device.serial}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: device.name }) });
  await expect(row.getByText('Online', { exact: true })).toBeVisible();
  await subscribed;
  const callsBefore = listCalls;
  // Another operator reboots it (the same session through the API): the list shows it drop and come back.
  expect((await api(page, 'POST', '/devices/actions', { action: 'reboot', device_id: [device.id] })).status()).toBe(
    200,
  );
  // The device goes silent while it reboots (FLEET_REBOOT_MS) and the gateway marks it offline after its missed
  // polls (MQTT_POLL_SECONDS, playwright.config.ts), then online once it answers again.
  await expect(row.getByText('Offline', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(row.getByText('Online', { exact: true })).toBeVisible({ timeout: 60_000 });
  expect(listCalls).toBe(callsBefore);
});

test('a guest sees the device header without any action', async ({ page }) => {
  await login(page, fixtureAccounts.guest, { path: null });
  const answer = await api(page, 'GET', '/devices?limit=1&fields=id,name');
  const device = ((await answer.json()) as { data: { id: number; name: string }[] }).data[0];
  await page.goto(`/devices/${device.id}`);
  const header = page.locator('header.item-header');
  await expect(header.getByRole('heading', { level: 1, name: device.name })).toBeVisible();
  await expect(header.getByText('Serial')).toBeVisible();
  await expect(header.getByRole('button')).toHaveCount(0);
});
