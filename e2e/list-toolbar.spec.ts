import { expect, test, type Page } from '@playwright/test';
import { menu } from '../console/routes/menu';
import { api, fixtureAccounts, login } from './support/login';
import { audit } from './support/axe';

// The list page's filter bar: the column chooser as a popover driven by the
// keyboard, the filters folded behind "Filters" on a phone, the collapsed
// side menu's icons named and titled, and axe over the list, light and dark.

const loaded = (page: Page) => page.locator('table.page-table[aria-busy="false"]');

test('the column chooser is a popover: focus moves in, Escape and a click outside close it, focus returns', async ({
  page,
}) => {
  await login(page, fixtureAccounts.advGuest, { path: '/management/devices' });
  await expect(loaded(page)).toBeVisible();
  const button = page.getByRole('button', { name: 'Table preferences', exact: true });
  const popover = page.getByRole('region', { name: 'Table preferences' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(popover).toBeVisible();
  await expect(popover.getByRole('checkbox', { name: 'Name' })).toBeFocused();
  // Anchored to its button and laid over the table, not pushing it down.
  const tableTop = (await loaded(page).boundingBox())!.y;
  const [b, p] = [(await button.boundingBox())!, (await popover.boundingBox())!];
  expect(p.y).toBeGreaterThanOrEqual(b.y + b.height);
  expect(p.y).toBeLessThan(b.y + b.height + 12);
  expect((await loaded(page).boundingBox())!.y).toBe(tableTop);
  // The keyboard works inside it: Space toggles a column, the move buttons reorder.
  await page.keyboard.press('Tab');
  await expect(popover.getByRole('button', { name: 'Move Name down' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  await button.click();
  await expect(popover).toBeVisible();
  // A click on a column's name (text, not a control) toggles it and keeps the popover open.
  const imei = popover.getByRole('checkbox', { name: 'IMEI' });
  const shown = await imei.isChecked();
  await popover.getByText('IMEI', { exact: true }).click();
  await expect(imei).toBeChecked({ checked: !shown });
  await expect(popover).toBeVisible();
  await page.getByRole('heading', { name: 'Devices', level: 1 }).click();
  await expect(popover).toBeHidden();
  // Tabbing past its last control closes it too.
  await button.click();
  await expect(popover.getByRole('checkbox', { name: 'Name' })).toBeFocused();
  const controls = await popover.locator('input, button:not([disabled])').count();
  for (let i = 0; i < controls; i++) await page.keyboard.press('Tab');
  await expect(popover).toBeHidden();
  // A column is dragged to its place too.
  await button.click();
  const row = (name: string) => popover.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name }) });
  await row('Serial').dragTo(row('Name'));
  const headers = async () =>
    (await page.getByRole('columnheader').allTextContents()).map((t) => t.replace(/[▲▼]/g, '').trim());
  // (The advanced guest's list has no selection column: it runs no bulk action.)
  await expect.poll(async () => (await headers()).slice(0, 3)).toEqual(['Serial', 'Name', 'Status']);
  expect((await api(page, 'DELETE', '/storage/table-preferences.management.devices')).ok()).toBe(true);
});

test('on a phone the filters fold behind a "Filters" button that counts the active ones', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, fixtureAccounts.advGuest, { path: '/management/devices' });
  await expect(loaded(page)).toBeVisible();
  const toggle = page.getByRole('button', { name: /^Filters( \d+)?$/ });
  const status = page.getByLabel('Status', { exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(status).toBeHidden();
  await expect(toggle).toHaveAccessibleName('Filters');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(status).toBeVisible();
  await status.selectOption({ label: 'Online' });
  await expect(page).toHaveURL(/status=/);
  await expect(toggle).toHaveAccessibleName('Filters 1');
  await toggle.click();
  await expect(status).toBeHidden();
  // The tools keep their names as icons (the text is hidden, the tooltip says it).
  const reload = page.getByRole('button', { name: 'Reload', exact: true });
  await expect(reload).toHaveAccessibleDescription('Reload');
  await expect(reload).not.toHaveAttribute('title');
  expect((await reload.boundingBox())!.width).toBeLessThan(60);
  await audit(page, '.list-page');
  // On a desktop the filters show inline and the button is not there.
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(toggle).toBeHidden();
  await expect(status).toBeVisible();
  // There the tools show their text, and a tooltip would only repeat it.
  await expect(reload).toContainText('Reload');
  await expect(reload).toHaveAccessibleDescription('');
  await reload.hover();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

test('the collapsed side menu shows an icon per entry, named by the entry and with its tooltip', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: '/management/devices' });
  await page.getByRole('button', { name: 'Collapse side menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const labels = menu.flatMap((group) => group.entries.map((entry) => entry.label));
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(labels.length);
  for (const label of labels) {
    const link = nav.getByRole('link', { name: label, exact: true });
    await expect(link).toHaveAccessibleDescription(label);
    await expect(link.locator('svg')).toBeVisible();
    // The label itself is hidden: only the icon shows.
    expect((await link.locator('.sidebar-label').boundingBox())!.width).toBeLessThanOrEqual(1);
    expect((await link.boundingBox())!.width).toBeLessThan(64);
  }
  await nav.getByRole('link', { name: 'Tags', exact: true }).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Tags' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand side menu' }).click();
  await expect(nav.getByRole('link', { name: 'Tags', exact: true })).not.toHaveAttribute('aria-describedby');
});

// One test per theme (four audits in one test ran past the 60 s limit on a slow CI machine). The audit with the
// popover open covers the whole list page as well.
for (const theme of ['light', 'dark'] as const) {
  test(`the device and company lists pass axe with the column popover open, ${theme}`, async ({ page }) => {
    test.setTimeout(150_000);
    await login(page, fixtureAccounts.super, { path: '/management/devices' });
    if (theme === 'dark') {
      await page.context().addCookies([{ name: 'dark_mode', value: 'enable', url: page.url() }]);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    }
    for (const path of ['/management/devices', '/companies']) {
      await page.goto(path);
      await expect(loaded(page)).toBeVisible();
      await page.getByRole('button', { name: 'Table preferences', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Table preferences' })).toBeVisible();
      await audit(page, '.list-page');
    }
  });
}
