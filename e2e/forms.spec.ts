import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fixtureAccounts, FIXTURE_PASSWORD, login } from './support/login';
import { pickOption } from './support/options';
import { totp } from './support/totp';

// The form runtime against the real server: submit life cycle, server errors
// on their fields, MFA, password confirmation, masks, keyboard, axe.

const run = Date.now().toString(36);
const mfaSecret = (JSON.parse(readFileSync('fixtures/mfa-totp.json', 'utf8')) as { secret: string }).secret;

/** Opens /forms/<name> by in-app navigation (as a link would), so "back one step" stays in the app. */
async function openFormRoute(page: Page, name: string) {
  await page.evaluate((path) => {
    const state = (history.state ?? {}) as { idx?: number };
    history.pushState({ ...state, key: `e2e${Date.now()}`, idx: (state.idx ?? 0) + 1 }, '', path);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, `/forms/${name}`);
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.toast-host').getByText(text, typeof text === 'string' ? { exact: true } : undefined);

test('new tag: submitted, success toast, back one step', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/tags' });
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
  await openFormRoute(page, 'new-tag');
  await expect(page.getByRole('heading', { name: 'New tag' })).toBeVisible();
  await pickOption(page, 'Company', 'Acme Baltics', { exact: true });
  await page.getByLabel('Name', { exact: true }).fill(`  E2E lab tag ${run}  `);
  await page.getByLabel('Description').fill('Created by the forms e2e test');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Tag created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/tags$/);
});

test('required fields are refused before any request, with the error tied to the input', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/forms/new-tag' });
  const name = page.getByLabel('Name', { exact: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The name field is required.')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
  await expect(page.locator(`[id="${describedBy.split(' ').pop()}"]`)).toHaveText('The name field is required.');
  await expect(page.getByRole('combobox', { name: 'Company' })).toBeFocused();
});

test('lookup lists: an admin sees each paid resource type once, also after ArrowDown at the end and scrolling', async ({
  page,
}) => {
  const offsets: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/credits/types') offsets.push(url.searchParams.get('offset') ?? '');
  });
  await login(page, fixtureAccounts.admin, { path: '/forms/create-code' });
  const type = page.getByRole('combobox', { name: 'Type' });
  await type.click();
  const options = page.getByRole('listbox', { name: 'Type options' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  const shown = await options.allTextContents();
  for (let i = 0; i < shown.length + 2; i++) await type.press('ArrowDown');
  await page.getByRole('listbox', { name: 'Type options' }).evaluate((list) => {
    list.scrollTop = list.scrollHeight;
    list.dispatchEvent(new Event('scroll'));
  });
  await expect(options).toHaveCount(shown.length);
  const names = await options.allTextContents();
  expect(new Set(names).size).toBe(names.length);
  expect(names.some((name) => /Paid/.test(name))).toBe(false);
  expect(offsets).toEqual(['0']);
});

test('activate code: the server error lands on the Code field', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/forms/activate-code' });
  const code = page.getByLabel('Code', { exact: true });
  await code.fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The code is invalid.')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toBeFocused();
  await code.fill('OTHER');
  await expect(page.getByText('The code is invalid.')).toHaveCount(0);
});

test('MFA: the TOTP user gets the code prompt, a wrong code keeps it open, the right one sends', async ({ page }) => {
  await login(page, fixtureAccounts.mfa, { path: '/forms/invite-user' });
  await pickOption(page, 'Company', 'Acme Networks', { exact: true });
  await page.getByLabel('E-mail', { exact: true }).fill(`mfa.invitee.${run}@example.com`);
  await page.getByRole('button', { name: 'Submit' }).click();

  const dialog = page.getByRole('dialog', { name: 'Verification' });
  await expect(dialog).toBeVisible();
  const code = dialog.getByLabel('Code');
  await expect(code).toBeFocused();
  await code.fill('000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('The verification code is invalid or expired.')).toBeVisible();
  await expect(dialog).toBeVisible();

  await code.fill(totp(mfaSecret));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Invitation sent successfully')).toBeVisible();
});

test('HTTP 423: password dialog with the server message, wrong then right password, retried', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: '/forms/remove-email-from-suppression-list' });
  await page.getByLabel('E-mail', { exact: true }).fill('bounced.user@example.com');
  await page.getByRole('button', { name: 'Submit' }).click();

  const dialog = page.getByRole('dialog', { name: 'Password confirmation' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Please confirm your password before continuing.')).toBeVisible();
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('The provided password is incorrect.')).toBeVisible();

  await dialog.getByLabel('Password').fill(FIXTURE_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Email removed successfully')).toBeVisible();
});

test('masked inputs: MAC upper-cased hex with colons, IMEI digits only', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/forms/add-device' });
  await expect(page.getByLabel('MAC address')).toHaveCount(0);
  await page.getByLabel('Device series').selectOption({ label: 'RUT' });
  const mac = page.getByLabel('MAC address');
  await mac.pressSequentially('001e42zz00abcd');
  await expect(mac).toHaveValue('00:1E:42:00:AB:CD');
  await page.getByLabel('Device series').selectOption({ label: 'TRB' });
  await expect(page.getByLabel('MAC address')).toHaveCount(0);
  const imei = page.getByLabel('IMEI');
  await imei.pressSequentially('35-ab1234567890123456');
  await expect(imei).toHaveValue('351234567890123');
});

test('file upload: device API documentation as multipart', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: '/forms/upload-device-api-documentation' });
  await page.getByLabel('RutOS').check();
  const spec = JSON.stringify({ version: '7.14.0', endpoints: [] });
  await page
    .getByLabel('File')
    .setInputFiles({ name: 'api.json', mimeType: 'application/json', buffer: Buffer.from(spec) });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, /successfully|already exists/)).toBeVisible();
});

test('keyboard only: a form completed and sent without the mouse', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/forms/new-tag' });
  const combo = page.getByRole('combobox', { name: 'Company' });
  await combo.focus();
  await page.keyboard.type('Acme Nor');
  await expect(page.getByRole('option', { name: 'Acme Nordics' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(combo).toHaveValue('Acme Nordics');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.type(`Keyboard tag ${run}`);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Tag created successfully')).toBeVisible();
});

test('modals: minimise at most 5, Esc closes the main one, axe finds no violations in an open form', async ({
  page,
}) => {
  await login(page, fixtureAccounts.super, { path: '/companies' });
  const minimise = async (button: string, title: string) => {
    await page.getByRole('button', { name: button, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Minimize' }).click();
    await expect(dialog).toBeHidden();
  };
  await page.getByRole('button', { name: 'New company', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'New company' });
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await form.getByRole('button', { name: 'Minimize' }).click();

  await minimise('Move company', 'Move company');
  await minimise('Invite new company', 'Invite new company');
  await minimise('Add company data', 'Add company data');
  await page.goto('/resources/credits');
  // A page load resets the app; open the five again from this page and the companies page.
  await minimise('Add resources', 'Add resources');
  await minimise('Move resources', 'Move resources');
  await page.getByRole('link', { name: 'Companies' }).first().click();
  await minimise('New company', 'New company');
  await minimise('Move company', 'Move company');
  await minimise('Invite new company', 'Invite new company');
  await page.getByRole('button', { name: 'Add company data', exact: true }).click();
  const sixth = page.getByRole('dialog', { name: 'Add company data' });
  await sixth.getByRole('button', { name: 'Minimize' }).click();
  await expect(toast(page, 'You can not minimize more than 5 windows')).toBeVisible();
  await expect(sixth).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Minimized windows' }).getByRole('button')).toHaveCount(5);

  await page.keyboard.press('Escape');
  await expect(sixth).toHaveCount(0);
  await page.getByRole('button', { name: 'Restore Add resources' }).click();
  await expect(page.getByRole('dialog', { name: 'Add resources' })).toBeVisible();
});

test('a form the user may not submit is not rendered: the guest is sent to the first permitted page', async ({
  page,
}) => {
  await login(page, fixtureAccounts.guest, { path: '/tags' });
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
  await openFormRoute(page, 'add-device');
  await expect(page).not.toHaveURL(/\/forms\/add-device/);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
});
