import { expect, test, type Page } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';
import { audit } from './support/axe';

// Operator console polish (issue 12): a user's role changed from the users
// list, task states and notification types as words in every language, the
// device header on a phone with its "More actions" menu, and a generated
// report headed by its name; axe over each changed page, light and dark.

/** Runs `check` in the light theme, then again in the dark one. */
async function lightAndDark(page: Page, check: () => Promise<void>) {
  await check();
  await page.context().addCookies([{ name: 'dark_mode', value: 'enable', url: page.url() }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await check();
}

const table = (page: Page) => page.locator('table.page-table[aria-busy="false"]');
const rowOf = (page: Page, text: string) =>
  table(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) });

test('an admin changes a user role from the users list, among the roles an admin may grant', async ({
  page,
}, testInfo) => {
  await login(page, fixtureAccounts.admin, { path: '/users?limit=100' });
  const row = rowOf(page, 'newbie@example.com');
  await expect(row).toHaveCount(1);
  await expect(rowOf(page, fixtureAccounts.admin).getByRole('button', { name: /^Change role/ })).toHaveCount(0);
  await row.getByRole('button', { name: /^Change role/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Change role' });
  const role = dialog.getByRole('combobox', { name: 'Role', exact: true });
  await expect(role).toHaveValue('End Client');
  // The user's company is shown, not editable: the roles offered are that company's.
  await expect(dialog.getByRole('combobox', { name: 'Company', exact: true })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('change-role-desktop.png') });
  await role.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = (await options.allTextContents()).join('|');
  expect(names).toContain('Guest');
  expect(names).not.toContain('System Administrator');
  expect(names).not.toContain('Support');
  await options
    .filter({ hasText: /^Guest/ })
    .first()
    .click();
  await expect(role).toHaveValue('Guest');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.toast-host').getByText('User updated successfully', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell', { name: 'Guest', exact: true })).toBeVisible();
  const user = (await (await api(page, 'GET', '/users?q=newbie')).json()).data[0];
  expect(user.role_name).toBe('read_only');
});

test('users without update_users get no Change role; the users list and its dialog pass axe', async ({ page }) => {
  await login(page, fixtureAccounts.guest, { path: '/users?limit=100' });
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Change role/ })).toHaveCount(0);
  await login(page, fixtureAccounts.super, { path: '/users?limit=100' });
  await lightAndDark(page, async () => {
    await expect(table(page).locator('tbody tr').first()).toBeVisible();
    await audit(page, '.list-page');
    await rowOf(page, 'sso.user@example.com')
      .getByRole('button', { name: /^Change role/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Change role' });
    await expect(dialog.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue('End Client');
    await audit(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test('task states and notification types show as words, in each language', async ({ page }, testInfo) => {
  await login(page, fixtureAccounts.super, { path: '/management/task-manager' });
  const states = table(page).locator('tbody td:nth-child(4)');
  await expect(states.first()).toBeVisible();
  expect((await states.allTextContents()).sort()).toEqual(['Completed', 'Running', 'Scheduled']);
  await audit(page, '.list-page');
  await login(page, fixtureAccounts.admin, { path: '/notifications' });
  await expect(table(page).getByRole('cell', { name: 'Low resource amount', exact: true }).first()).toBeVisible();
  await expect(table(page).getByRole('cell', { name: 'creditAmountTooLow' })).toHaveCount(0);
  await audit(page, '.list-page');
  // The header's notifications name the type of each too.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.locator('.notification-list');
  await expect(panel.getByText('Low resource amount').first()).toBeVisible();
  await expect(panel.getByText('creditAmountTooLow')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('notifications-panel.png') });
  await audit(page, '.notifications .dropdown-panel');
  for (const [language, completed, low] of [
    ['no', 'Fullført', 'Lite ressurser igjen'],
    ['ja', '完了', 'リソース残量わずか'],
    ['uk', 'Завершено', 'Мало ресурсів'],
  ]) {
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    await page.goto('/management/task-manager');
    await expect(table(page).getByRole('cell', { name: completed, exact: true }).first()).toBeVisible();
    await page.goto('/notifications');
    await expect(table(page).getByRole('cell', { name: low, exact: true }).first()).toBeVisible();
  }
});

test('the task manager and the notifications pass axe in the dark theme too', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await login(page, fixtureAccounts.admin, { path: '/management/task-manager' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(table(page).getByRole('cell', { name: 'Completed', exact: true })).toBeVisible();
  await audit(page, '.list-page');
  await page.goto('/notifications');
  await expect(table(page).getByRole('cell', { name: 'Device alert', exact: true }).first()).toBeVisible();
  await audit(page, '.list-page');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.locator('.notification-list')).toBeVisible();
  await audit(page, '.notifications .dropdown-panel');
});

test('on a phone the device header keeps two actions and a keyboard-driven More actions menu', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, fixtureAccounts.admin, { path: '/devices/500/activity' });
  const header = page.locator('.item-header');
  const actions = header.locator('.item-header-actions');
  await expect(actions.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Reboot', exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  const more = actions.getByRole('button', { name: 'More actions' });
  await expect(more).toHaveAttribute('aria-haspopup', 'menu');
  // One row of buttons on a 390 px phone.
  const tops = await actions.locator('.fc-btn').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  await page.screenshot({ path: testInfo.outputPath('device-header-phone.png') });

  // Enter opens it on the first item; the arrows move and wrap; Escape closes it and focus returns.
  const menu = page.getByRole('menu', { name: 'More actions' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Update firmware',
    'Rotate MQTT credentials',
    'Move to company',
    'Assign tag',
    'Unassign tag',
    'Delete',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Update firmware' })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('device-header-phone-menu.png') });
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Rotate MQTT credentials' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Move to company' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(menu.getByRole('menuitem', { name: 'Update firmware' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(more).toBeFocused();

  // Space opens it too, and Enter on an item runs the action (its dialog opens).
  await page.keyboard.press(' ');
  await expect(menu).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Assign tag', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await lightAndDark(page, async () => {
    await expect(more).toBeVisible();
    await audit(page, '.item-header');
    await more.click();
    await expect(menu).toBeVisible();
    await audit(page, '.item-header');
    await page.keyboard.press('Escape');
  });
});

test('on a desktop the device header shows every action and no menu', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/devices/500/activity' });
  const actions = page.locator('.item-header-actions');
  for (const name of ['Edit', 'Reboot', 'Update firmware', 'Move to company', 'Assign tag', 'Unassign tag', 'Delete'])
    await expect(actions.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'More actions' })).toHaveCount(0);
});

test('a generated report is headed by its name', async ({ page }, testInfo) => {
  await login(page, fixtureAccounts.admin, { path: '/reports/generated' });
  await page.getByRole('link', { name: 'Monthly data usage - October 2026' }).click();
  await expect(page).toHaveURL(/\/report\/generated\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Monthly data usage - October 2026');
  await expect(page.getByRole('heading', { level: 2, name: 'Generated report' })).toBeVisible();
  await expect(page).toHaveTitle(/Monthly data usage - October 2026/);
  // Its state reads as a word, not the code.
  await expect(page.getByRole('definition').filter({ hasText: /^Ready$/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('generated-report.png') });
  await lightAndDark(page, async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Monthly data usage - October 2026');
    await audit(page, 'main');
  });
});
