import { expect, test, type Page } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';

async function patchUser(page: Page, patch: (user: Record<string, unknown>) => void) {
  await page.route('**/api/user', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    patch(body.data);
    await route.fulfill({ response, json: body });
  });
}

test('EMAIL_NOT_VERIFIED replaces the app with the auth notice; resend shows its toast', async ({ page }) => {
  await login(page, fixtureAccounts.unverified, { path: '/management/devices' });
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Resend activation e-mail' }).click();
  await expect(page.getByText('Email confirmation sent successfully')).toBeVisible();
});

test('a server error at start shows the maintenance page', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  await page.route('**/api/user', (route) => route.fulfill({ status: 500, json: { success: false, errors: [] } }));
  await page.goto('/management/devices');
  await expect(page.getByRole('heading', { name: 'Maintenance' })).toBeVisible();
});

test('three failed user loads show the maintenance screen', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  await page.route('**/api/user', (route) => route.abort('connectionreset'));
  await page.goto('/management/devices');
  await expect(page.getByRole('heading', { name: 'Failed to get user data' })).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Failed to get user data' })).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Maintenance' })).toBeVisible();
});

test('terms of service: the default theme asks with the data-agreement dialog and records acceptance', async ({
  page,
}) => {
  await login(page, fixtureAccounts.admin, { path: null });
  await patchUser(page, (user) => (user.tos_accepted = false));
  const puts: unknown[] = [];
  page.on(
    'request',
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/account/user') && puts.push(r.postDataJSON()),
  );
  await page.goto('/management/devices');
  const dialog = page.getByRole('dialog', { name: 'Data processing agreement' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => puts).toEqual([{ tos_accepted: true }]);
  await expect
    .poll(async () => new Date((await page.evaluate(() => localStorage.getItem('tos_accepted_2'))) ?? '').getTime())
    .toBeGreaterThan(Date.now() - 60_000);
});

test('terms of service: another theme records acceptance silently', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/404' });
  await page.evaluate(() => localStorage.setItem('theme_preview', 'partner'));
  await patchUser(page, (user) => (user.tos_accepted = false));
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/account/user'));
  await page.goto('/management/devices');
  expect((await put).postDataJSON()).toEqual({ tos_accepted: true });
  await expect(page.getByRole('dialog', { name: 'Data processing agreement' })).toHaveCount(0);
});

test('the user is asked for an e-mail when the e-mail equals the username', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  await patchUser(page, (user) => (user.username = user.email));
  await page.goto('/management/devices');
  const dialog = page.getByRole('dialog', { name: 'Add your e-mail address' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('E-mail')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
});

test('rms-connect: ssh with a key opens without login, sftp needs a session', async ({ page }) => {
  await page.goto('/rms-connect/ssh?key=abc123');
  await expect(page).toHaveURL(/\/rms-connect\/ssh\?key=abc123$/);
  await page.goto('/rms-connect/sftp?key=abc123');
  await expect(page).toHaveURL(/\/account\/login\?continue_url=/);
});

test('choosing a language reloads the interface in it', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: /^Languages/ }).click();
  await page.getByRole('radio', { name: 'Norsk' }).check();
  await expect(
    page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Enheter' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
});

test('going offline shows the toast and sends the browser to the offline page', async ({ page, context }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await expect(page.getByText('The network connection has been lost')).toBeVisible();
  await page.waitForURL(/offline\.html/);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
});
