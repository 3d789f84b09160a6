import { expect, test, type Page } from '@playwright/test';
import { permittedSources } from '../engine/search/search';
import type { SessionUser } from '../engine/session/user';
import { api, fixtureAccounts, login } from './support/login';
import { recordToasts, toastsSeen } from './support/toasts';
import { audit } from './support/axe';

async function sessionUser(page: Page): Promise<SessionUser> {
  return ((await (await page.request.get('/api/user')).json()) as { data: SessionUser }).data;
}

function searchRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has('search-fields')) seen.push(url);
  });
  return seen;
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
}

test('global search opens with / and sends one call per source with the spec parameters', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const user = await sessionUser(page);
  // The default theme disables no search result page (only remote.mobile): every permitted source is open.
  const sources = permittedSources(user, () => true);
  const requests = searchRequests(page);

  await page.keyboard.press('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  await expect(box).toBeFocused();
  await expect(page.getByText('Type to start searching')).toBeVisible();

  await box.fill('  RUT ');
  await expect.poll(() => requests.length).toBe(sources.length);
  await page.waitForTimeout(700);
  expect(requests).toHaveLength(sources.length);
  expect(requests.map((url) => url.pathname).sort()).toEqual(sources.map((s) => `/api${s.url}`).sort());
  for (const url of requests) {
    expect(url.searchParams.get('q')).toBe('RUT');
    expect(url.searchParams.get('limit')).toBe('10');
    expect(url.searchParams.get('search-fields')).toBe('name,email');
    expect(url.searchParams.get('fields')).toBe('id,name,status,email,protocol,enabled,color');
  }

  const devices = page.getByRole('group', { name: /Devices/ });
  await expect(devices.getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Search results' }).getByText('10+').first()).toBeVisible();
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/devices\/\d+\/activity$/);

  // Closing cleared the query; no sources gives its message; nothing found gives its message.
  await page.keyboard.press('/');
  await expect(box).toHaveValue('');
  await box.fill('zz-no-such-thing-zz');
  await expect(page.getByText('No results found')).toBeVisible();
  for (const source of sources) await page.getByRole('checkbox', { name: source.label, exact: true }).uncheck();
  await expect(page.getByText('No search criteria selected')).toBeVisible();
  await box.press('Escape');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.keyboard.press('/');
  for (const source of sources) {
    await expect(page.getByRole('checkbox', { name: source.label, exact: true })).not.toBeChecked();
  }
});

test('/ does not open the search while typing in an input', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  const input = page.locator('main input[type="search"], main input[type="text"]').first();
  await input.click();
  await input.press('/');
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveCount(0);
});

test('a 401 on several concurrent calls causes exactly one refresh, then the calls succeed', async ({ page }) => {
  // The header widgets load once the rows show and then read announcements and notifications: a 401 on those
  // would make the refresh before the search calls are sent, so the test waits for them.
  const answered = new Set<string>();
  page.on('response', (r) => answered.add(new URL(r.url()).pathname));
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect.poll(() => ['/api/announcements', '/api/notifications'].every((path) => answered.has(path))).toBe(true);
  await page.waitForLoadState('networkidle');
  const sources = permittedSources(await sessionUser(page), () => true);
  const refreshes: string[] = [];
  const statuses: number[] = [];
  // A refresh refused for an anti-forgery cookie that a crossing 401 replaced is sent once more: that is still one refresh.
  page.on(
    'response',
    (r) => r.url().endsWith('/api/account/token/refresh') && r.status() !== 403 && refreshes.push(r.url()),
  );
  page.on('response', (r) => new URL(r.url()).searchParams.has('search-fields') && statuses.push(r.status()));

  // The access token is gone; the refresh token stays: every search call answers 401 together.
  await page.context().clearCookies({ name: 'rms_access' });
  await page.keyboard.press('/');
  await page.getByRole('combobox', { name: 'Search' }).fill('RUT');
  await expect(
    page
      .getByRole('group', { name: /Devices/ })
      .getByRole('option')
      .first(),
  ).toBeVisible();
  // The device source answered first; the other sources' retries may still be on their way.
  await expect.poll(() => statuses.filter((s) => s === 200).length).toBe(sources.length);
  expect(statuses.filter((s) => s === 401).length).toBe(sources.length);
  expect(refreshes).toHaveLength(1);
});

test('a live notification arrives on top of the list', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await page.waitForTimeout(1000);
  const response = await api(page, 'POST', '/credits/codes/activate', { code: 'ACME-7K2Q-9XHD-41PA' });
  expect(response.status(), await response.text()).toBeLessThan(300);
  await bell.click();
  const panel = page.getByRole('region', { name: /Notifications/ });
  await expect(panel.getByRole('listitem').first()).toContainText(/ACME-7K2Q-9XHD-41PA|activated/i);
  await expect(panel.getByRole('link', { name: 'Show all notifications' })).toBeVisible();
  // Closing marks them seen; the badge goes.
  await page.keyboard.press('Escape');
  await expect(bell.locator('.counter')).toHaveCount(0);
});

test('dark mode: Enable, Disable and Auto kept in a cookie', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await openAccountMenu(page);
  await page.getByRole('button', { name: /^Dark mode/ }).click();
  await page.getByRole('radio', { name: 'Enable' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'dark_mode');
  expect(cookie?.value).toBe('enable');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await openAccountMenu(page);
  await page.getByRole('button', { name: /^Dark mode/ }).click();
  await page.getByRole('radio', { name: 'Disable' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('radio', { name: 'Auto' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('timezone: choose, toast, reload, live clocks, reset', async ({ page }) => {
  await recordToasts(page);
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await openAccountMenu(page);
  await page.getByRole('button', { name: /^System timezone/ }).click();
  await expect(page.locator('.clock')).toHaveCount(2);
  const chosen = page.waitForEvent('load', { timeout: 30_000 });
  await page.getByLabel('Timezone').selectOption('Asia/Tokyo');
  await expect.poll(() => toastsSeen(page), { timeout: 30_000 }).toContain('Timezone updated successfully');
  await chosen;
  await openAccountMenu(page);
  await expect(page.getByRole('button', { name: /^System timezone/ })).toContainText('Asia/Tokyo');
  await page.getByRole('button', { name: /^System timezone/ }).click();
  // The reset reloads the page 300 ms after its toast: the test ends once it has (in CI, closing the context
  // during that reload hung past the test's timeout).
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Reset system timezone' }).click();
  await expect.poll(() => toastsSeen(page), { timeout: 30_000 }).toContain('The default timezone is used');
  await reloaded;
});

test('account menu shows company, role and permissions', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await openAccountMenu(page);
  await expect(page.getByRole('link', { name: 'Acme Networks' })).toHaveAttribute('href', /\/companies\/\d+$/);
  // The role title is the link 'View assigned permissions'.
  await expect(page.getByRole('button', { name: 'Administrator (View assigned permissions)' })).toBeVisible();
  // Company data and the credit summary are both visible to an admin: the resource summary shows.
  await expect(page.getByRole('heading', { name: 'Resource summary' })).toBeVisible();
  await page.getByRole('button', { name: 'View assigned permissions' }).click();
  const dialog = page.getByRole('dialog', { name: 'User permissions' });
  await expect(dialog.getByRole('cell', { name: 'view_devices' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Focus goes back to the account menu button (the link that opened the dialog closed with the menu).
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeFocused();
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'View assigned permissions' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeFocused();
  await openAccountMenu(page);
  await expect(page.getByRole('link', { name: /Changelog/ })).toContainText('5.4.1');
  await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible();
});

test('Activate code opens the activate-code form; the form engine loads only then', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (r) => r.url().includes('/assets/') && chunks.push(r.url()));
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chunks.filter((url) => /FormModal/.test(url))).toEqual([]);
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Activate code' }).click();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog.getByLabel(/Code/).first()).toBeVisible();
  expect(chunks.some((url) => /FormModal/.test(url))).toBe(true);
});

test('scroll to top brings keyboard focus to the start of the content', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 420 });
  await login(page, fixtureAccounts.super, { path: '/users' });
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Scroll to top' });
  // The page is tall enough to scroll once its rows have loaded: scrolled again until the button shows.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(button).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);
});

test("the error widget lists the session's failed calls with time and message; Clear empties it", async ({
  page,
}, testInfo) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await expect(page.getByRole('table', { name: 'Devices' })).toBeVisible();
  // Nothing has failed: no widget.
  await expect(page.getByRole('button', { name: /^Errors/ })).toHaveCount(0);
  await page.goto('/devices/999999');
  await expect(page.getByRole('alert').filter({ hasText: 'Device not found.' })).toBeVisible();
  // Shell spec §2: the header holds the error widget, beside the notification widget.
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: /^Errors \(\d+\)$/ }).click();
  const panel = header.getByRole('region', { name: 'Recent errors' });
  const failure = panel
    .getByRole('listitem')
    .filter({ hasText: /GET \/devices\S*999999\S* · 404/ })
    .first();
  await expect(failure).toBeVisible();
  await expect(failure.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await page.screenshot({ path: testInfo.outputPath('error-widget.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await page.screenshot({ path: testInfo.outputPath('error-widget-dark.png') });
  await audit(page, '.app-header');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: testInfo.outputPath('error-widget-phone.png') });
  await panel.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(panel.getByText('No errors')).toBeVisible();
  // Closed once empty, the widget goes.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Errors/ })).toHaveCount(0);
});

test('on a narrow screen every header panel opens inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  for (const [name, panelName] of [
    ['Notifications', 'Notifications'],
    ['System announcements', 'System announcements'],
    ['Account menu', 'Account menu'],
  ]) {
    await page.getByRole('button', { name, exact: true }).click();
    const panel = page.getByRole('region', { name: new RegExp(`^${panelName}`) });
    await expect(panel).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }
});
