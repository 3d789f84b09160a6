import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function audit(page: Page, include?: string[]) {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const selector of include ?? []) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

test('login page passes axe', async ({ page }) => {
  await page.goto('/account/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await audit(page);
});

test('the login error passes axe in dark mode too (danger text readable on dark surfaces)', async ({ page }) => {
  await page.goto('/account/login');
  await page.context().addCookies([{ name: 'dark_mode', value: 'enable', url: page.url() }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByLabel('E-mail').fill('super@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.form-error')).toBeVisible();
  await audit(page);
});

test('the shell (side menu, header, breadcrumbs) passes axe, light and dark', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/reports/single' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const shell = ['#side-menu', '.app-header', '.breadcrumbs', '.tabs'];
  // Every part of the shell is there before axe looks (after the reload the theme comes before the shell).
  const shown = async () => {
    for (const selector of shell) await expect(page.locator(selector).first()).toBeVisible();
  };
  await shown();
  await audit(page, shell);
  await page.context().addCookies([{ name: 'dark_mode', value: 'enable', url: page.url() }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shown();
  await audit(page, shell);
});

test('the collapsed side menu keeps accessible names and passes axe', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await page.getByRole('button', { name: 'Collapse side menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices' })).toBeVisible();
  await audit(page, ['#side-menu']);
});

test('account menu, notifications and search panels pass axe', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: /^System timezone/ }).click();
  await audit(page, ['.app-header']);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await audit(page, ['.app-header']);
  await page.keyboard.press('Escape');
  await page.keyboard.press('/');
  await page.getByRole('combobox', { name: 'Search' }).fill('RUT');
  await expect(page.getByRole('option').first()).toBeVisible();
  await audit(page, ['.app-header']);
});

test('access denied and not-found screens pass axe', async ({ page }) => {
  await page.goto('/404');
  await audit(page);
  // A user without any view permission gets the Access denied screen.
  await login(page, fixtureAccounts.guest, { path: null });
  await page.route('**/api/user', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { permissions: string[] } };
    body.data.permissions = [];
    await route.fulfill({ response, json: body });
  });
  await page.goto('/management/devices');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('The user has no view permissions available.')).toBeVisible();
  expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').count()).toBe(0);
  await audit(page, ['.app-shell']);
});

test('side-menu groups are named groups, not extra landmarks', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: '/management/devices' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(
    nav.getByRole('group', { name: 'Management' }).getByRole('link', { name: 'Devices', exact: true }),
  ).toBeVisible();
  await expect(nav.getByRole('group', { name: 'System' })).toBeVisible();
  await expect(nav.getByRole('region')).toHaveCount(0);
});
