import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { tabTo } from './support/keyboard';
import { api, fixtureAccounts, login } from './support/login';

// The Location note task of issue 28, built in the Design view without typing a brace: a Text field from the
// palette, its label and limit set in the property panel, "required when Color is not empty" built with the
// rule builder's pickers, published; the server then enforces the rule and keeps the value, read back under
// custom_fields and shown as a column of the tags list; then the same with the keyboard alone, the live New tag
// form submitted. New tag is put back after each.

const original = JSON.parse(readFileSync('schemas/forms/new-tag.json', 'utf8')) as Record<string, unknown>;
const locationNote = {
  key: 'location_note',
  label: 'Location note',
  type: 'text',
  maxlength: 20,
  requiredWhen: [{ key: 'color' }],
};

async function publishedLastField(page: Page) {
  const published = (await (await api(page, 'GET', '/documents/forms/new-tag')).json()) as {
    data: { fields: Record<string, unknown>[] };
  };
  return published.data.fields.at(-1);
}

async function restoreNewTag(page: Page) {
  const now = (await (await api(page, 'GET', '/documents/forms/new-tag')).json()) as { meta: { version: number } };
  await api(page, 'PUT', '/documents/forms/new-tag', { document: original, version: now.meta.version });
}

const axeViolations = async (page: Page) =>
  (
    await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('.studio-document')
      .analyze()
  ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('a product owner adds a kept "Location note", required once a colour is chosen, with the designer', async ({
  page,
}) => {
  await login(page, fixtureAccounts.super, { path: '/studio?kind=forms&name=new-tag' });
  try {
    await expect(page.getByRole('heading', { name: /forms\/new-tag/ })).toBeVisible();
    await page
      .getByRole('region', { name: 'Canvas' })
      .getByRole('button', { name: /^Color/ })
      .click();
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    const panel = page.locator('.studio-properties');
    await panel.getByLabel('Label', { exact: true }).first().fill('Location note');
    await expect(panel.getByLabel('Key', { exact: true }).first()).toHaveValue('location_note');
    await expect(panel.getByText('Kept as a custom field of tags.')).toBeVisible();
    await panel.getByLabel('Max length', { exact: true }).first().fill('20');
    const required = panel.getByRole('group', { name: 'Required when' });
    await required.getByRole('button', { name: 'Add rule' }).click();
    const rule = required.getByRole('group', { name: 'Rule 1' });
    await rule.getByLabel('Field').selectOption({ label: 'Color' });
    await rule.getByLabel('Condition').selectOption({ label: 'is not empty' });
    await expect(page.getByRole('status').filter({ hasText: /problem/ })).toHaveText('No problems');
    // The Design view with a field selected, its rule built, passes axe.
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText(/Published version \d+ of new-tag/)).toBeVisible();

    expect(await publishedLastField(page)).toEqual(locationNote);
    const tag = { company_id: 1, name: `Mast ${Date.now().toString(36)}`, color: '#1a2b3c' };
    expect((await api(page, 'POST', '/tags', tag)).status()).toBe(422);
    expect((await api(page, 'POST', '/tags', { ...tag, location_note: 'x'.repeat(21) })).status()).toBe(422);
    const created = await api(page, 'POST', '/tags', { ...tag, location_note: 'North mast' });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    const read = (await (await api(page, 'GET', `/tags/${id}`)).json()) as { data: Record<string, unknown> };
    expect(read.data.custom_fields).toEqual({ location_note: 'North mast' });

    await page.goto(`/tags?q=${encodeURIComponent(tag.name)}`);
    await expect(page.getByRole('columnheader', { name: /Location note/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('cell', { name: 'North mast' })).toBeVisible();
  } finally {
    await restoreNewTag(page);
  }
});

test('the same task with the keyboard alone, then the live New tag form submitted from the keyboard', async ({
  page,
}) => {
  // Tabbing through the studio's panels, one key at a time, takes longer than a pointer's clicks.
  test.setTimeout(180_000);
  await login(page, fixtureAccounts.super, { path: '/studio?kind=forms&name=new-tag' });
  try {
    await expect(page.getByRole('heading', { name: /forms\/new-tag/ })).toBeVisible();
    const canvas = page.getByRole('region', { name: 'Canvas' });
    await expect(canvas.getByRole('button', { name: /^Color/ })).toBeVisible();
    await tabTo(page, canvas.getByRole('button', { name: /^Color/ }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Text', exact: true }), true);
    await page.keyboard.press('Enter');

    const panel = page.locator('.studio-properties');
    await tabTo(page, panel.getByLabel('Label', { exact: true }).first());
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Location note');
    await expect(panel.getByLabel('Key', { exact: true }).first()).toHaveValue('location_note');
    await tabTo(page, panel.getByLabel('Max length', { exact: true }).first());
    await page.keyboard.type('20');

    // The rule: Add rule, then (back up from the button, now below the new rule) the field picked by typing its
    // label in the focused picker (the condition starts as "is not empty").
    const required = panel.getByRole('group', { name: 'Required when' });
    await tabTo(page, required.getByRole('button', { name: 'Add rule' }));
    await page.keyboard.press('Enter');
    const rule = required.getByRole('group', { name: 'Rule 1' });
    await tabTo(page, rule.getByLabel('Field'), true);
    await page.keyboard.type('Color');
    await expect(rule.getByLabel('Field')).toHaveValue('color');
    await expect(rule.getByLabel('Condition')).toHaveValue('filled');
    await expect(page.getByRole('status').filter({ hasText: /problem/ })).toHaveText('No problems');
    expect(await axeViolations(page)).toEqual([]);
    await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }), true);
    await page.keyboard.press('Enter');
    await expect(page.getByText(/Published version \d+ of new-tag/)).toBeVisible();
    expect(await publishedLastField(page)).toEqual(locationNote);

    // The live form, from the tags list's New tag: a colour without a note is refused, with a note it is created.
    await page.goto('/tags');
    const newTag = page.getByRole('button', { name: 'New tag' });
    await expect(newTag).toBeVisible({ timeout: 30_000 });
    await tabTo(page, newTag);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New tag' });
    await expect(dialog).toBeVisible();
    const company = dialog.getByRole('combobox', { name: 'Company' });
    await tabTo(page, company);
    await page.keyboard.type('Acme Baltics');
    const options = page.getByRole('listbox', { name: 'Company options' });
    await expect(options.getByRole('option', { name: 'Acme Baltics', exact: true })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(company).toHaveValue('Acme Baltics');
    const name = `Mast ${Date.now().toString(36)}`;
    await tabTo(page, dialog.getByLabel('Name', { exact: true }));
    await page.keyboard.type(name);
    await tabTo(page, dialog.getByLabel('Color', { exact: true }));
    await page.keyboard.type('#1a2b3c');
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    const note = dialog.getByLabel('Location note', { exact: true });
    await expect(note).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('The location note field is required.')).toBeVisible();
    await tabTo(page, note, true);
    await page.keyboard.type('North mast');
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await expect(page.locator('.toast-host').getByText('Tag created successfully', { exact: true })).toBeVisible();

    const found = (await (await api(page, 'GET', `/tags?q=${encodeURIComponent(name)}`)).json()) as {
      data: { id: number; name: string }[];
    };
    const tag = found.data.find((t) => t.name === name)!;
    const read = (await (await api(page, 'GET', `/tags/${tag.id}`)).json()) as { data: Record<string, unknown> };
    expect(read.data.custom_fields).toEqual({ location_note: 'North mast' });
    await page.goto(`/tags?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('cell', { name: 'North mast' })).toBeVisible({ timeout: 30_000 });
  } finally {
    await restoreNewTag(page);
  }
});
