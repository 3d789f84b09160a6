import { expect, test, type Page } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';
import { pickOption } from './support/options';

// Create and edit where operators expect them: a new remote access entry and a new VPN hub from their lists'
// toolbars, a custom role and a company renamed from their rows; a default role says why it cannot be edited.

const run = Date.now().toString(36);

const toast = (page: Page, text: string) => page.locator('.toast-host').getByText(text, { exact: true });

test('a new remote access entry from the toolbar is listed at once', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/remote/access' });
  await page.getByRole('button', { name: 'New remote access' }).click();
  const form = page.getByRole('dialog', { name: 'New remote access' });
  await pickOption(page, 'Device', 'Riga');
  await form.getByLabel('Name', { exact: true }).fill(`Plant WebUI ${run}`);
  await form.getByRole('textbox', { name: 'Destination IP' }).fill('10.0.0.300');
  await form.getByRole('button', { name: 'Submit' }).click();
  // The engine refuses the address before any request, on the field.
  await expect(form.getByRole('textbox', { name: 'Destination IP' })).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('textbox', { name: 'Destination IP' }).fill('10.0.0.30');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Remote access created successfully')).toBeVisible();
  await page.getByRole('searchbox').fill(`Plant WebUI ${run}`);
  await expect(page.getByRole('row').filter({ hasText: `Plant WebUI ${run}` })).toBeVisible();
});

test("an entry on a device beyond the lookup's first 100 opens its edit form with the device by name", async ({
  page,
}) => {
  await login(page, fixtureAccounts.admin, { path: null });
  const list = await api(page, 'GET', '/devices?limit=1&sort=-id&fields=id,name');
  const { data, meta } = (await list.json()) as { data: { id: number; name: string }[]; meta: { total: number } };
  expect(meta.total).toBeGreaterThan(100);
  const [far] = data;
  const created = await api(page, 'POST', '/devices/remote-access', {
    device_id: far.id,
    name: `Far WebUI ${run}`,
    protocol: 'https',
    destination_ip: '10.0.0.9',
    destination_port: 443,
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await page.goto(`/remote/access?q=${encodeURIComponent(`Far WebUI ${run}`)}`);
  await page
    .getByRole('row')
    .filter({ hasText: `Far WebUI ${run}` })
    .getByRole('button', { name: /^Edit/ })
    .click();
  const form = page.getByRole('dialog', { name: 'Edit remote access' });
  await expect(form.getByRole('combobox', { name: 'Device' })).toHaveValue(far.name);
});

test('a new VPN hub from the toolbar is listed at once; its edit form keeps a tag and a description, then removes both', async ({
  page,
}) => {
  await login(page, fixtureAccounts.admin, { path: '/vpn/hubs' });
  await page.getByRole('button', { name: 'New VPN hub' }).click();
  const form = page.getByRole('dialog', { name: 'New VPN hub' });
  await pickOption(page, 'Company', 'Acme Baltics');
  await form.getByLabel('Name', { exact: true }).fill(`Harbour ${run}`);
  // A hub of this page is not a quick-connect hub (those are listed and created on VPN quick connect).
  await expect(form.getByRole('checkbox', { name: 'Quick connect hub' })).not.toBeChecked();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'VPN hub created successfully')).toBeVisible();
  await page.getByRole('searchbox').fill(`Harbour ${run}`);
  const harbour = page.getByRole('row').filter({ hasText: `Harbour ${run}` });
  await expect(harbour).toBeVisible();
  // Its edit form names its company and offers only that company's tags (the server takes no others).
  const [hub] = (
    (await (await api(page, 'GET', `/vpn/hubs?q=Harbour%20${run}`)).json()) as {
      data: { company_id: number }[];
    }
  ).data;
  const own = (await (await api(page, 'GET', `/tags?company_id=${hub.company_id}&limit=100`)).json()) as {
    meta: { total: number };
  };
  const every = (await (await api(page, 'GET', '/tags?limit=1')).json()) as { meta: { total: number } };
  expect(own.meta.total).toBeGreaterThan(0);
  expect(every.meta.total).toBeGreaterThan(own.meta.total);
  await harbour.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit VPN hub' });
  await expect(edit.getByRole('combobox', { name: 'Company' })).toHaveValue('Acme Baltics');
  await edit.getByRole('combobox', { name: 'Tags' }).click();
  await expect(edit.getByRole('listbox', { name: 'Tags options' }).getByRole('option')).toHaveCount(own.meta.total);
  // A tag and a description are kept; emptied again, the hub has none (the last tag, too, can be removed).
  // An option shows the tag's name over its description.
  const option = edit.getByRole('listbox', { name: 'Tags options' }).getByRole('option').first();
  const tag = (await option.innerText()).split('\n')[0];
  await option.click();
  await edit.getByRole('combobox', { name: 'Tags' }).press('Escape');
  await edit.getByLabel('Description').fill('Rack 4');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'VPN hub updated successfully')).toBeVisible();
  const stored = async () =>
    ((await (await api(page, 'GET', `/vpn/hubs?q=Harbour%20${run}`)).json()) as { data: Record<string, unknown>[] })
      .data[0];
  expect(await stored()).toMatchObject({ description: 'Rack 4', tags: [expect.objectContaining({ name: tag })] });
  await harbour.getByRole('button', { name: /^Edit/ }).click();
  await expect(edit.getByLabel('Description')).toHaveValue('Rack 4');
  await edit.getByRole('button', { name: `Remove ${tag}` }).click();
  await edit.getByLabel('Description').fill('');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(edit).toBeHidden();
  await expect.poll(async () => (await stored()).tags).toEqual([]);
  expect((await stored()).description).toBe('');

  await page.goto('/vpn/quick-connect');
  await page.getByRole('button', { name: 'New VPN hub' }).click();
  const quick = page.getByRole('dialog', { name: 'New VPN hub' });
  await expect(quick.getByRole('checkbox', { name: 'Quick connect hub' })).toBeChecked();
  await pickOption(page, 'Company', 'Acme Baltics');
  await quick.getByLabel('Name', { exact: true }).fill(`Quick ${run}`);
  await quick.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'VPN hub created successfully')).toBeVisible();
  await page.getByRole('searchbox').fill(`Quick ${run}`);
  await expect(page.getByRole('row').filter({ hasText: `Quick ${run}` })).toBeVisible();
});

test('a custom role is renamed from its row; a default role says why it cannot be edited', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  const permissions = (await (await api(page, 'GET', '/roles/permissions?limit=1')).json()) as {
    data: { id: number }[];
  };
  const created = await api(page, 'POST', '/roles', {
    title: `Night shift ${run}`,
    company_id: [2],
    permission_id: [permissions.data[0].id],
  });
  // The OpenAPI's success status of POST /roles.
  expect(created.status()).toBe(200);
  await page.goto('/users/roles');
  const row = page.getByRole('row').filter({ hasText: `Night shift ${run}` });
  await row.getByRole('button', { name: /^Edit/ }).click();
  const form = page.getByRole('dialog', { name: 'Edit role' });
  await expect(form.getByLabel('Title')).toHaveValue(`Night shift ${run}`);
  await page.screenshot({ path: 'test-results/edit-role.png' });
  await form.getByLabel('Title').fill(`Night operators ${run}`);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Role updated successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Night operators ${run}` })).toBeVisible();

  const adminRow = page.getByRole('row').filter({ hasText: 'Administrator' }).first();
  const edit = adminRow.getByRole('button', { name: /^Edit/ });
  await expect(edit).toHaveAttribute('aria-disabled', 'true');
  await expect(edit).toHaveAccessibleDescription('Default roles cannot be changed.');
});

test('a company is renamed from its row', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  const created = await api(page, 'POST', '/companies', { name: `Depot ${run}`, parent_id: 1 });
  expect(created.status()).toBe(201);
  await page.goto(`/companies?q=Depot%20${run}`);
  const row = page.getByRole('row').filter({ hasText: `Depot ${run}` });
  await row.getByRole('button', { name: /^Edit/ }).click();
  const form = page.getByRole('dialog', { name: 'Edit company' });
  await expect(form.getByLabel('Name')).toHaveValue(`Depot ${run}`);
  await form.getByLabel('Name').fill(`Harbour depot ${run}`);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Company updated successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Harbour depot ${run}` })).toBeVisible();
});

test('a report is edited from its row: the form holds what is stored, and the list shows the change', async ({
  page,
}) => {
  await login(page, fixtureAccounts.admin, { path: null });
  const devices = (await (await api(page, 'GET', '/devices?limit=1&fields=id')).json()) as { data: { id: number }[] };
  const created = await api(page, 'POST', '/reports', {
    name: `Uptime ${run}`,
    description: 'Every router',
    type: 'periodic',
    period: 'day',
    applied_by: 'device',
    apply_list: [devices.data[0].id],
    parameters: ['router_uptime', 'signal'],
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await page.goto(`/reports/periodic/day?q=${run}`);
  const row = page.getByRole('row').filter({ hasText: `Uptime ${run}` });
  await row.getByRole('button', { name: /^Edit/ }).click();
  const form = page.getByRole('dialog', { name: 'Edit report' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(`Uptime ${run}`);
  await expect(form.getByLabel('Description')).toHaveValue('Every router');
  await form.getByLabel('Name', { exact: true }).fill(`Uptime and signal ${run}`);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Report updated successfully')).toBeVisible();
  const renamed = page.getByRole('row').filter({ hasText: `Uptime and signal ${run}` });
  await expect(renamed).toBeVisible();
  // Emptied, an optional field is cleared, not kept; a required one says so and nothing is sent.
  await renamed.getByRole('button', { name: /^Edit/ }).click();
  await form.getByLabel('Name', { exact: true }).fill('');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('The name field is required.')).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill(`Uptime and signal ${run}`);
  await form.getByLabel('Description').fill('');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Report updated successfully').last()).toBeVisible();
  await expect(form).toBeHidden();
  await renamed.getByRole('button', { name: /^Edit/ }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(`Uptime and signal ${run}`);
  await expect(form.getByLabel('Description')).toHaveValue('');
});
