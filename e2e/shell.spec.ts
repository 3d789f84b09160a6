import { expect, test, type Page } from '@playwright/test';
import { visibleMenu } from '../console/routes/resolve';
import type { SessionUser } from '../engine/session/user';
import { api, fixtureAccounts, login, loginWithForm } from './support/login';

const roleAccounts = [
  fixtureAccounts.super,
  fixtureAccounts.admin,
  fixtureAccounts.balticsAdmin,
  fixtureAccounts.endUser,
  fixtureAccounts.advGuest,
  fixtureAccounts.guest,
  fixtureAccounts.globexAdmin,
];

async function sessionUser(page: Page): Promise<SessionUser> {
  const response = await page.request.get('/api/user');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: SessionUser }).data;
}

async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  return nav.getByRole('link').allTextContents();
}

test('the login page signs in and follows continue_url on the same host only', async ({ page }) => {
  await page.goto('/tags');
  await expect(page).toHaveURL(/\/account\/login\?continue_url=%2Ftags$/);
  await loginWithForm(page, fixtureAccounts.admin);
  await expect(page).toHaveURL(/\/tags$/);

  await page.goto('/404');
  await page.context().clearCookies();
  await page.goto('/account/login?continue_url=https%3A%2F%2Fevil.example%2Fsteal');
  await loginWithForm(page, fixtureAccounts.admin);
  await expect(page).toHaveURL(/\/management\/devices$/);
});

test('a wrong password shows the server message', async ({ page }) => {
  await loginWithForm(page, fixtureAccounts.admin, 'wrong-password');
  await expect(page.getByRole('alert')).toContainText('These credentials do not match our records.');
});

for (const email of roleAccounts) {
  test(`menu shows exactly the permitted entries for ${email}`, async ({ page }) => {
    await login(page, email, { path: '/management/devices' });
    const user = await sessionUser(page);
    const expected = visibleMenu({ user, disabledRoutes: ['remote.mobile'] }).flatMap((group) =>
      group.entries.map((entry) => entry.label),
    );
    expect(await menuLabels(page)).toEqual(expected);
    // Every permitted entry leads to its page.
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const group of visibleMenu({ user, disabledRoutes: ['remote.mobile'] })) {
      for (const entry of group.entries) {
        await expect(nav.getByRole('link', { name: entry.label, exact: true })).toHaveAttribute('href', entry.path);
      }
    }
  });
}

test('roles see their own menus: guest has no admin tools, super admin has the system entries', async ({ page }) => {
  await login(page, fixtureAccounts.guest, { path: '/management/devices' });
  const guest = await menuLabels(page);
  expect(guest).toContain('Devices');
  for (const label of [
    'Mail logs',
    'Global firmware',
    'Approved devices',
    'Move device resources',
    'Monitoring templates',
  ]) {
    expect(guest).not.toContain(label);
  }
  await page.goto('/404');
  await page.context().clearCookies();
  await login(page, fixtureAccounts.super, { path: '/management/devices' });
  const superAdmin = await menuLabels(page);
  for (const label of ['Approved devices', 'Global firmware', 'Mail logs', 'Statistics'])
    expect(superAdmin).toContain(label);
});

test('guarded routes redirect to the first permitted page; unknown paths too; theme-disabled routes are closed', async ({
  page,
}) => {
  await login(page, fixtureAccounts.guest, { path: '/system/mail-logs' });
  await expect(page).toHaveURL(/\/management\/devices$/);
  await page.goto('/auth-devices');
  await expect(page).toHaveURL(/\/management\/devices$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/management\/devices$/);
  await page.goto('/remote/mobile');
  await expect(page).toHaveURL(/\/management\/devices$/);
});

test('tabs are nested routes with default tabs; breadcrumbs show the trail', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/reports' });
  await expect(page).toHaveURL(/\/reports\/single$/);
  const tabs = page.getByRole('navigation', { name: 'Reports tabs' });
  await expect(tabs.getByRole('link', { name: 'Weekly' })).toBeVisible();
  await tabs.getByRole('link', { name: 'Weekly' }).click();
  await expect(page).toHaveURL(/\/reports\/periodic\/week$/);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Weekly');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the theme preview in local storage changes nothing in a production build', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  await page.goto('/404');
  await page.evaluate(() => localStorage.setItem('theme_preview', 'partner'));
  await page.goto('/management/devices');
  // The partner theme would rename the app and hide the VPN entries (engine/theme/theme.test.ts pins the rule).
  expect(await menuLabels(page)).toContain('VPN hubs');
  await expect(page).toHaveTitle(/Fleet Console$/);
});

test('side menu collapses and keeps the choice; logo links to devices', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/tags' });
  await page.getByRole('button', { name: 'Collapse side menu' }).click();
  await expect(page.getByRole('button', { name: 'Expand side menu' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand side menu' })).toBeVisible();
  await page.getByRole('complementary', { name: 'Side menu' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/management\/devices$/);
});

test('/logout revokes the session and lands on the login page', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/account\/login/);
  expect((await page.request.get('/api/user')).status()).toBe(401);
});

test('/404 is a standalone page without login', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('clicking the link of the current route reloads the page', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/tags' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Tags' })).toHaveAttribute('aria-current', 'page');
  const reloaded = page.waitForEvent('load');
  await nav.getByRole('link', { name: 'Tags' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/tags$/);
});

test('clicking the highlighted entry of a page under it loads that entry afresh', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/tags' });
  const tag = page.locator('table.page-table[aria-busy="false"] tbody tr').first().getByRole('link').first();
  await tag.click();
  await expect(page).toHaveURL(/\/tag\/\d+/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Tags' })).toHaveAttribute('aria-current', 'page');
  const loaded = page.waitForEvent('load');
  await nav.getByRole('link', { name: 'Tags' }).click();
  await loaded;
  await expect(page).toHaveURL(/\/tags$/);
});

test('on a narrow screen the menu opens with the toggle and closes after navigating', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 800 });
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  const sideMenu = page.getByRole('complementary', { name: 'Side menu' });
  await expect(sideMenu).not.toBeInViewport();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(sideMenu).toBeInViewport();
  await sideMenu.getByRole('link', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('Move device resources opens the generic form route', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: '/management/devices' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Move device resources' }).click();
  await expect(page).toHaveURL(/\/forms\/move-device-resources$/);
  await expect(page.locator('main form, main [role="form"]').first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Move device resources' })).toHaveAttribute('aria-current', 'page');
  // The breadcrumb and the document title name the form, not the generic "Form".
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Move device resources');
  await expect(page).toHaveTitle('Move device resources · Fleet Console');
});

test('on a narrow screen the closed menu takes no focus; Esc closes the open menu and focus returns to the toggle', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, fixtureAccounts.super, { path: '/management/devices' });
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(page.locator('#side-menu a').first()).not.toBeVisible();
  await toggle.focus();
  await page.keyboard.press('Shift+Tab');
  // Tabbing back from the toggle never lands in the hidden menu.
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#side-menu')))).toBe(false);
  await toggle.focus();
  await page.keyboard.press('Enter');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Devices', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(page.locator('#side-menu a').first()).not.toBeVisible();
  // Tabbing past the last entry into the page closes the menu too.
  await page.keyboard.press('Enter');
  await expect(nav.getByRole('link', { name: 'Devices', exact: true })).toBeFocused();
  await nav.getByRole('link').last().focus();
  await page.keyboard.press('Tab'); // the menu toggle comes next; the menu stays open on it
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#side-menu')))).toBe(false);
});

test('the side-menu logo keeps the header height when the menu is longer than the window', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 600 });
  await login(page, fixtureAccounts.super, { path: '/management/devices' });
  const header = await page.locator('.app-header').boundingBox();
  const logo = await page.getByRole('link', { name: 'Fleet Console' }).boundingBox();
  expect(Math.round(logo!.height)).toBe(Math.round(header!.height));
});

test('a detail page names its item in the breadcrumbs and the document title', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: null });
  const device = (await (await api(page, 'GET', '/devices?limit=1')).json()) as {
    data: { id: number; name: string }[];
  };
  const { id, name } = device.data[0];
  await page.goto(`/devices/${id}`);
  await expect(page).toHaveURL(new RegExp(`/devices/${id}/activity$`));
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name })).toHaveAttribute('href', `/devices/${id}`);
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Activity');
  await expect(page).toHaveTitle(`Activity · ${name} · Fleet Console`);
  await page.goto('/companies/2');
  await expect(crumbs.getByRole('link', { name: 'Acme Baltics' })).toHaveAttribute('href', '/companies/2');
  // An unknown item keeps the generic title.
  await page.goto('/vpn/hubs/999999/general');
  await expect(crumbs.getByRole('link', { name: 'VPN hub', exact: true })).toBeVisible();
});

test('on a narrow screen a long tab strip scrolls in one row and shows the active tab', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, fixtureAccounts.super, { path: null });
  const device = (await (await api(page, 'GET', '/devices?limit=1')).json()) as { data: { id: number }[] };
  await page.goto(`/devices/${device.data[0].id}/esim`);
  const strip = page.getByRole('navigation', { name: 'Device tabs' });
  const first = strip.getByRole('link', { name: 'Activity' });
  const esim = strip.getByRole('link', { name: 'eSIM' });
  await expect(esim).toHaveAttribute('aria-current', 'page');
  await expect(esim).toBeInViewport({ ratio: 1 });
  // One row: both tabs at the same height (measured together, as the device header above may still be loading).
  const row = async () => {
    const [a, b] = await Promise.all([first.boundingBox(), esim.boundingBox()]);
    return Math.round(b!.y) - Math.round(a!.y);
  };
  await expect.poll(row).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a tabbed page with one permitted tab shows no tab strip', async ({ page }) => {
  await login(page, fixtureAccounts.guest, { path: '/users' });
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Users tabs' })).toHaveCount(0);
  await page.goto('/reports');
  await expect(page.getByRole('navigation', { name: 'Reports tabs' })).toBeVisible();
});
