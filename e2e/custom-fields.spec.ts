import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';

// A custom field is shown where it is kept: a "Location note" a product owner adds to New tag and Edit tag
// is on the tag's page, and the edit form opened there again holds it; an "Account manager" on Edit company
// likewise on the company's page. The documents are put back after.

type Doc = { fields: Record<string, unknown>[]; [k: string]: unknown };
const note = { key: 'location_note', label: 'Location note', type: 'text', maxlength: 200 };
const original = (name: string) => JSON.parse(readFileSync(`schemas/forms/${name}.json`, 'utf8')) as Doc;

async function publish(page: Page, name: string, document: Doc) {
  const current = await api(page, 'GET', `/documents/forms/${name}`);
  const { version } = ((await current.json()) as { meta: { version: number } }).meta;
  const put = await api(page, 'PUT', `/documents/forms/${name}`, { document, version });
  expect(put.status(), await put.text()).toBe(200);
}

/** Runs body while the forms have the field, then puts the forms back. */
async function withField(page: Page, forms: string[], field: Doc['fields'][number], body: () => Promise<void>) {
  for (const name of forms) await publish(page, name, { ...original(name), fields: [...original(name).fields, field] });
  try {
    await body();
  } finally {
    for (const name of forms) await publish(page, name, original(name));
  }
}

/** The facts show the custom field's value; the edit form opened from the page changes it, and the facts follow. */
async function editOnPage(
  page: Page,
  facts: Locator,
  edit: { button: string; label: string; from: string; to: string; toast: string },
) {
  await expect(facts.getByRole('term').filter({ hasText: edit.label })).toBeVisible({ timeout: 30_000 });
  await expect(facts.getByRole('definition').filter({ hasText: edit.from })).toBeVisible();
  await page.getByRole('button', { name: edit.button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(edit.label)).toHaveValue(edit.from);
  await dialog.getByLabel(edit.label).fill(edit.to);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(edit.toast)).toBeVisible();
  await expect(facts.getByRole('definition').filter({ hasText: edit.to })).toBeVisible();
}

test("a tag's custom field is on its page and in its edit form", async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: null });
  await withField(page, ['new-tag', 'edit-tag-details'], note, async () => {
    const created = await api(page, 'POST', '/tags', { company_id: 1, name: 'Mast tag', location_note: 'North mast' });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    await page.goto(`/tag/${id}`);
    const edit = { button: 'Edit', label: 'Location note', from: 'North mast', to: 'South mast' };
    await editOnPage(page, page.locator('.detail-list'), { ...edit, toast: 'Tag updated successfully' });
  });
});

// Edit company requires a change of the name (forms spec §5): a change of the custom field alone is one.
test("a company's custom field is on its page, and a change of it alone is saved", async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: null });
  const manager = { key: 'account_manager', label: 'Account manager', type: 'text', maxlength: 50 };
  await withField(page, ['new-company', 'edit-company'], manager, async () => {
    const name = `E2E Custom ${Date.now().toString(36)}`;
    const created = await api(page, 'POST', '/companies', { name, parent_id: 1, account_manager: 'Rita' });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    await page.goto(`/companies/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
    const edit = { button: 'Edit company', label: 'Account manager', from: 'Rita', to: 'Ana' };
    await editOnPage(page, page.locator('.item-header-facts'), { ...edit, toast: 'Company updated successfully' });
  });
});
