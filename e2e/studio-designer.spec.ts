import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';

// The Location note task of issue 28, built in the Design view without typing a brace: a Text field from the
// palette, its label and limit set in the property panel, "required when Color is not empty" built with the
// rule builder's pickers, published; the server then enforces the rule and keeps the value, read back under
// custom_fields and shown as a column of the tags list. New tag is put back after.

const original = JSON.parse(readFileSync('schemas/forms/new-tag.json', 'utf8')) as Record<string, unknown>;

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
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('.studio-document')
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText(/Published version \d+ of new-tag/)).toBeVisible();

    const published = (await (await api(page, 'GET', '/documents/forms/new-tag')).json()) as {
      data: { fields: Record<string, unknown>[] };
    };
    expect(published.data.fields.at(-1)).toEqual({
      key: 'location_note',
      label: 'Location note',
      type: 'text',
      maxlength: 20,
      requiredWhen: [{ key: 'color' }],
    });
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
    const now = (await (await api(page, 'GET', '/documents/forms/new-tag')).json()) as { meta: { version: number } };
    await api(page, 'PUT', '/documents/forms/new-tag', { document: original, version: now.meta.version });
  }
});
