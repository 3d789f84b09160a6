import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { api, fixtureAccounts, login } from './support/login';
import { recordToasts, toastsSeen } from './support/toasts';
import type { Page } from '@playwright/test';

// An operator's morning without surprises (issue 32): each test pins one thing
// that went wrong. Each walks several pages, so each has three minutes on a loaded machine.

test.describe.configure({ timeout: 180_000 });

/** The data of an API read from the page's session. */
const read = async (page: Page, url: string) =>
  ((await (await api(page, 'GET', url)).json()) as { data: Record<string, unknown> & Record<string, unknown>[] }).data;

test('editing a task group opens on its tasks, Type is a choice, and an unchanged submit keeps them', async ({
  page,
}) => {
  await login(page, fixtureAccounts.admin, { path: '/management/task-manager' });
  const row = page.locator('table.page-table[aria-busy="false"] tbody tr').filter({ hasText: 'Riga config push' });
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/forms\/edit-task-group\/\d+$/);
  const dialog = page.getByRole('main');
  await expect(dialog.getByLabel('Name row 1')).toHaveValue('config_upload');
  await expect(dialog.getByLabel('Name row 2')).toHaveValue('execute_tasks_group');
  const type = dialog.getByRole('combobox', { name: 'Type row 1' });
  await expect(type).toHaveValue('upload_file');
  await expect(type.locator('option')).toHaveText(['Choose…', 'Command', 'Upload file', 'Download file']);
  const id = Number((await read(page, '/api/devices/tasks/groups?q=Riga'))[0].id);
  const before = (await read(page, `/api/devices/tasks/groups/${id}`)).tasks;
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Task group updated successfully')).toBeVisible();
  expect((await read(page, `/api/devices/tasks/groups/${id}`)).tasks).toEqual(before);
});

test('a tag is renamed from the tags list and from its page, which lists its devices and shows its colour', async ({
  page,
}) => {
  await login(page, fixtureAccounts.admin, { path: null });
  const made = await api(page, 'POST', '/api/tags', { company_id: 1, name: 'Morning tag', color: '#43a047' });
  expect(made.status()).toBe(201);
  const id = Number(((await made.json()) as { data: { id: number } }).data.id);
  await page.goto('/tags?q=Morning');
  const row = page.locator('table.page-table[aria-busy="false"] tbody tr').filter({ hasText: 'Morning tag' });
  // The colour is a swatch beside its code.
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.locator('.color-swatch__chip')).toHaveCSS('background-color', 'rgb(67, 160, 71)');
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit tag' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Morning tag');
  await dialog.getByLabel('Name').fill('Morning tag renamed');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Tag updated successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Morning tag renamed' })).toBeVisible();
  expect((await read(page, `/api/tags/${id}`)).color).toBe('#43a047');

  // The tag page: its facts with the swatch, an Edit action, then its devices.
  const hq = (await read(page, '/api/tags?q=Headquarters'))[0];
  await page.goto(`/tag/${hq.id}`);
  await expect(page.locator('.detail-list .color-swatch')).toHaveText('#0054a6', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  const devices = page.getByRole('region', { name: 'Devices with this tag' });
  await expect(devices.locator('table.page-table[aria-busy="false"] tbody tr')).toHaveCount(
    Math.min(Number(hq.devices_count), 10),
  );
  expect(Number(hq.devices_count)).toBeGreaterThan(0);
});

/**
 * The online devices exported from the device list in a language and time zone chosen in this browser: the
 * download of `item` in the Export menu (named `exportLabel` in that language), its bytes and the list's total.
 */
async function exportOnline(page: Page, language: string, timeZone: string, exportLabel: string, item: string) {
  // Online: the fleet simulator brings every seeded device online (playwright.config.ts).
  await login(page, fixtureAccounts.admin, { path: '/management/devices?f.status=1&pageSize=10' });
  await page.evaluate(
    ([language, timeZone]) => {
      localStorage.setItem('language', language);
      localStorage.setItem('system_timezone', timeZone);
    },
    [language, timeZone],
  );
  await page.reload();
  const devices = (await (await api(page, 'GET', '/api/devices?status=1&limit=1')).json()) as {
    meta: { total: number };
  };
  // More rows than a page of the table: the export holds every one.
  expect(devices.meta.total).toBeGreaterThan(10);
  await page.getByRole('button', { name: exportLabel }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item, exact: true }).click(),
  ]);
  const bytes = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks));
  return { name: download.suggestedFilename(), bytes, total: devices.meta.total };
}

test('Export CSV writes what the table shows, in Norsk and the chosen time zone, every row of the filtered list', async ({
  page,
}) => {
  const { name, bytes, total } = await exportOnline(page, 'no', 'Asia/Tokyo', 'Eksporter', 'CSV');
  expect(name).toMatch(/\.csv$/);
  const lines = bytes
    .toString()
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines).toHaveLength(total + 1);
  const header = lines[0].split(',');
  expect(header).toContain('Serienummer');
  const status = header.indexOf('Status');
  const last = header.indexOf('Siste tilkobling');
  expect(status).toBeGreaterThanOrEqual(0);
  expect(last).toBeGreaterThanOrEqual(0);
  const first = lines[1].split(',');
  expect(first[status]).toBe('Tilkoblet');
  expect(first[last]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+09:00$/);
});

test('Export Excel (XLSX) writes the same in Japanese and New York time', async ({ page }) => {
  const { name, bytes, total } = await exportOnline(page, 'ja', 'America/New_York', 'エクスポート', 'Excel（XLSX）');
  expect(name).toMatch(/\.xlsx$/);
  const files = unzipSync(new Uint8Array(bytes));
  const sheet = Object.entries(files).find(([file]) => /^xl\/worksheets\/.*\.xml$/.test(file))!;
  const xml = Object.entries(files)
    .filter(([file]) => file.startsWith('xl/'))
    .map(([, content]) => strFromU8(content))
    .join('\n');
  // A header row and every device of the filtered list, not only the page shown.
  expect(strFromU8(sheet[1]).match(/<row[ >]/g)).toHaveLength(total + 1);
  expect(xml).toContain('シリアル番号');
  expect(xml).toContain('オンライン');
  // Times in New York with its offset (EST in December, EDT in summer).
  expect(xml).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d-0[45]:00/);
  expect(xml).not.toMatch(/\d\d:\d\d:\d\d\+00:00/);
});

test('the time zone is kept with the account: chosen in one browser, another browser shows it', async ({
  page,
  browser,
}) => {
  await login(page, fixtureAccounts.balticsAdmin, { path: '/management/devices' });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: /^System timezone/ }).click();
  await expect(page.getByText('Your time zone, kept with your account')).toBeVisible();
  // Kept on the server (the toast shows for the 300 ms before the page reloads, too short to wait for on busy cores).
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/account/user') && r.request().method() === 'PUT', {
    timeout: 30_000,
  });
  await page.getByLabel('Timezone').selectOption('Pacific/Auckland');
  expect((await saved).status()).toBe(200);

  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await recordToasts(elsewhere);
  await login(elsewhere, fixtureAccounts.balticsAdmin, { path: '/management/devices' });
  await elsewhere.getByRole('button', { name: 'Account menu' }).click();
  await expect(elsewhere.getByRole('button', { name: /^System timezone/ })).toContainText('Pacific/Auckland');
  // Its dates are in that zone too (the open menu closed first: it covers the table's first row).
  await elsewhere.keyboard.press('Escape');
  const time = elsewhere.getByRole('table').locator('tbody tr').first().locator('time');
  await time.hover();
  const iso = (await time.getAttribute('datetime'))!;
  const expected = new Intl.DateTimeFormat('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Pacific/Auckland',
  }).format(new Date(iso));
  await expect(elsewhere.getByRole('tooltip')).toHaveText(expected);
  await elsewhere.getByRole('button', { name: 'Account menu' }).click();
  await elsewhere.getByRole('button', { name: /^System timezone/ }).click();
  // The reset reloads the page 300 ms after its toast: the context closes once it has (in CI, closing it during
  // that reload hung past the test's timeout).
  const reloaded = elsewhere.waitForEvent('load', { timeout: 30_000 });
  await elsewhere.getByRole('button', { name: 'Reset system timezone' }).click();
  await expect.poll(() => toastsSeen(elsewhere), { timeout: 30_000 }).toContain('The default timezone is used');
  await reloaded;
  await other.close();
});

test('a guest opening the studio, or an end user the studio or the companies, is told "Access denied"', async ({
  page,
}) => {
  const denied = [
    [fixtureAccounts.guest, '/studio', 'Form studio'],
    [fixtureAccounts.endUser, '/studio', 'Form studio'],
    [fixtureAccounts.endUser, '/companies', 'Companies'],
  ];
  for (const [account, path, title] of denied) {
    await login(page, account, { path });
    await expect(page.getByText(`Access denied: you do not have permission to open ${title}.`)).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`${path}$`));
  }
});

test('another company’s device says "Device not found." and draws no actions', async ({ page }) => {
  await login(page, fixtureAccounts.globexAdmin, { path: null });
  const globex = Number((await read(page, '/api/devices?limit=1'))[0].id);
  await login(page, fixtureAccounts.admin, { path: `/devices/${globex}` });
  await expect(page.getByRole('alert').filter({ hasText: 'Device not found.' })).toBeVisible({ timeout: 30_000 });
  const header = page.locator('.item-header');
  await expect(header.getByRole('button')).toHaveCount(0);
});
