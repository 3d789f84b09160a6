import { expect, test } from '@playwright/test';
import { formatDateTime } from '../engine/format/relative-time';
import { api, fixtureAccounts, login } from './support/login';
import { publishNewForm } from './support/studio';

// Drafts that survive (issue 28, item 8), seen by a second owner: a product owner (an account given a
// "Product owner" role with manage_documents for this test) changes a form in the Design view, the draft is
// saved on the server as they work; the super admin, another owner, opens the same document and reads
// "Draft by <owner> since <time>". The account's role and the form's draft are put back after.

type Data<T> = { data: T };

test('a second owner opening the document sees "Draft by … since …" of the owner editing it', async ({
  page,
  browser,
}) => {
  await login(page, fixtureAccounts.super, { path: null });
  const run = Date.now().toString(36);
  const name = await publishNewForm(page, 'Site survey');
  const permissionIds = async (q: string) =>
    ((await (await api(page, 'GET', `/roles/permissions?q=${q}`)).json()) as Data<{ id: number; name: string }[]>).data
      .filter((p) => p.name === q)
      .map((p) => p.id);
  const role = await api(page, 'POST', '/roles', {
    title: `Product owner ${run}`,
    company_id: [1],
    permission_id: [...(await permissionIds('manage_documents')), ...(await permissionIds('view_tags'))],
  });
  expect(role.status(), await role.text()).toBe(200);
  const { id: roleId, name: roleName } = ((await role.json()) as Data<{ id: number; name: string }>).data;
  const users = (await (await api(page, 'GET', '/users?q=advguest&limit=100')).json()) as Data<
    { id: number; email: string }[]
  >;
  const owner = users.data.find((u) => u.email === fixtureAccounts.advGuest)!;
  const setRole = (role: string) => api(page, 'PUT', `/users/${owner.id}`, { company_id: 1, role });
  expect((await setRole(roleName)).status()).toBe(200);

  const ownerPage = await (await browser.newContext()).newPage();
  try {
    // Owner A edits the form's label in the Design view; the draft reaches the server.
    await login(ownerPage, fixtureAccounts.advGuest, { path: `/studio?kind=forms&name=${name}` });
    await ownerPage.getByRole('region', { name: 'Canvas' }).getByRole('button', { name: /^Name/ }).click();
    const saved = ownerPage.waitForResponse(
      (r) => r.url().endsWith(`/api/documents/forms/${name}/draft`) && r.request().method() === 'PUT',
    );
    await ownerPage.locator('.studio-properties').getByLabel('Label', { exact: true }).first().fill('Site name');
    expect((await saved).status()).toBe(200);

    // Owner B opens the same document and reads who is drafting it, since when.
    const drafts = (await (await api(page, 'GET', `/documents/forms/${name}/drafts`)).json()) as Data<
      { author: string; created_at: string }[]
    >;
    expect(drafts.data.map((d) => d.author)).toEqual([fixtureAccounts.advGuest]);
    await page.goto(`/studio?kind=forms&name=${name}`);
    // The time as the console writes it: its date style, in the language (English) and time zone of owner B.
    const me = (await (await api(page, 'GET', '/user')).json()) as Data<{ time_zone?: string | null }>;
    const zone = me.data.time_zone || (await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
    const since = formatDateTime(drafts.data[0].created_at, 'en', zone);
    await expect(page.locator('.studio-drafts')).toContainText(`Draft by ${fixtureAccounts.advGuest} since ${since}`);
    // Owner B's own studio keeps the published text: the other owner's draft is theirs alone.
    await expect(page.getByRole('region', { name: 'Canvas' }).getByRole('button', { name: /^Name/ })).toBeVisible();
    await page.screenshot({ path: 'test-results/studio-draft-by.png' });
  } finally {
    await api(ownerPage, 'DELETE', `/documents/forms/${name}/draft`);
    await ownerPage.context().close();
    expect((await setRole('readonly_admin')).status()).toBe(200);
    expect((await api(page, 'DELETE', `/roles/${roleId}`)).status()).toBe(200);
  }
});
