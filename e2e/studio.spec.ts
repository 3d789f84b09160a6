import { expect, test, type Page } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';

// The form studio end to end (the worked example of docs/forms-and-studio.md): a super admin creates the
// edit-tag form for PUT /tags/{id} with a required field and a depends rule, sees an
// inline error for a misspelled key and fixes it, previews it as the guest role and
// in Norwegian, dry-runs a submit the server refuses on the new rule, publishes; an
// admin opens /forms/edit-tag/<id> in a second browser context and submits it; a
// second version is published, then the first restored and served again.

const form = (label: string, extra: Record<string, unknown> = {}) => ({
  $schema: '../form.schema.json',
  title: 'Edit tag',
  endpoint: '/tags/{id}',
  method: 'put',
  item: 'tag',
  verb: 'update',
  permission: 'update_tags',
  schema: { id: 'edit-tag', tableRef: 'tags' },
  fields: [
    { key: 'name', label, type: 'text', required: true, maxlength: 100 },
    { key: 'description', label: 'Description', type: 'textarea', maxlength: 500 },
    {
      key: 'color',
      label: 'Colour',
      type: 'text',
      required: true,
      pattern: '#[0-9a-fA-F]{6}',
      subtext: 'A described tag needs a colour, like #1a2b3c.',
      depends: [{ key: 'description' }],
    },
  ],
  ...extra,
});

/** Replaces the editor's whole text (in the Source view), as a product owner pasting a document would. */
async function setEditorText(page: Page, text: string) {
  await page.getByRole('tab', { name: 'Source' }).click();
  const editor = page.getByRole('textbox', { name: 'Document JSON' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

test('a product owner creates, previews, dry-runs, publishes and reverts a form; an admin submits it', async ({
  page,
  browser,
}) => {
  // The whole studio walk of a product owner and an admin: about 50 s on CI's two busy cores, past 60 s beside other runs.
  test.setTimeout(150_000);
  await login(page, fixtureAccounts.super, { path: '/management/devices' });
  await page.getByRole('link', { name: 'Form studio' }).click();
  await expect(page.getByRole('heading', { name: 'Form studio' })).toBeVisible();

  await page.getByLabel('New form name').fill('edit-tag');
  await page.getByRole('button', { name: 'New form' }).click();
  await expect(page.getByRole('heading', { name: /forms\/edit-tag/ })).toContainText('new');

  // A misspelled key is underlined where it is, with the meta-schema's message.
  const misspelled = JSON.stringify(form('Name'), null, 2).replace('"label": "Description"', '"lable": "Description"');
  await setEditorText(page, misspelled);
  await expect(page.getByRole('status').filter({ hasText: /problem/ })).toHaveText('1 problem');
  await expect(page.locator('.cm-lintRange-error')).toHaveText('"lable"');
  await setEditorText(page, JSON.stringify(form('Name'), null, 2));
  await expect(page.getByRole('status').filter({ hasText: /problem/ })).toHaveText('No problems');
  // Undo brings the misspelled text back, redo the fix.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(page.locator('.cm-lintRange-error')).toHaveText('"lable"');
  // KeyZ: with Shift held the key is "Z", as a real keyboard sends it.
  await page.keyboard.press('ControlOrMeta+Shift+KeyZ');
  await expect(page.getByRole('status').filter({ hasText: /problem/ })).toHaveText('No problems');
  // Each paste over the whole text is a step of its own, however quickly the next follows.
  await setEditorText(page, misspelled);
  await setEditorText(page, JSON.stringify(form('Name'), null, 2));
  await page.keyboard.press('ControlOrMeta+z');
  await expect(page.locator('.cm-lintRange-error')).toHaveText('"lable"');
  await page.keyboard.press('ControlOrMeta+Shift+KeyZ');
  await expect(page.getByRole('status').filter({ hasText: /problem/ })).toHaveText('No problems');

  // Preview as the guest role: the form needs update_tags, which that role lacks; then in Norwegian.
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByLabel('Preview as').selectOption({ label: 'Guest' });
  await expect(preview.getByRole('note')).toContainText('Guest may not open this form: it lacks update_tags');
  await preview.getByLabel('Language').selectOption('no');
  await expect(preview.getByLabel('Navn')).toBeVisible();
  await expect(preview.getByLabel('Beskrivelse')).toBeVisible();
  // The renderer's own buttons too, not only the document's texts.
  await expect(preview.getByRole('button', { name: 'Avbryt' })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  // The document's own Norwegian text, edited beside it, wins over the catalogue's.
  await page.getByRole('tab', { name: 'Translations' }).click();
  const translations = page.getByRole('region', { name: 'Translations' });
  await expect(translations.getByLabel('Name in Norsk')).toHaveAttribute('placeholder', 'Navn');
  await translations.getByLabel('Name in Norsk').fill('Tagnavn');
  await expect(page.getByRole('textbox', { name: 'Document JSON' })).toContainText('"Name": "Tagnavn"');
  await expect(page.getByRole('status').filter({ hasText: /problem/ })).toHaveText('No problems');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await preview.getByLabel('Language').selectOption('no');
  await expect(preview.getByLabel('Tagnavn')).toBeVisible();
  await preview.getByLabel('Preview as').selectOption({ label: 'System Administrator' });
  await preview.getByLabel('Language').selectOption('en');

  // The depends rule: a description shows the required colour; a dry run without it is refused.
  await expect(preview.getByLabel('Colour')).toHaveCount(0);
  await preview.getByLabel('Name').fill('Renamed by the studio');
  await preview.getByLabel('Description').fill('Described');
  await expect(preview.getByLabel('Colour')).toBeVisible();
  await preview.getByRole('button', { name: 'Try submit' }).click();
  const outcome = preview.getByRole('status').filter({ hasText: 'The server' });
  await expect(outcome).toContainText('The server refuses this submission');
  await expect(outcome).toContainText('Colour:');
  await preview.getByLabel('Colour').fill('#1a2b3c');
  await preview.getByRole('button', { name: 'Try submit' }).click();
  await expect(outcome).toContainText('The server accepts this submission');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published version 1 of edit-tag')).toBeVisible();

  // A second browser context: an admin opens the published form and submits it; the server enforces it.
  const other = await browser.newContext();
  const admin = await other.newPage();
  await login(admin, fixtureAccounts.admin, { path: null });
  const tags = await admin.request.get('/api/tags?limit=1&sort=id');
  const tag = ((await tags.json()) as { data: { id: number }[] }).data[0];
  const xsrf = (await other.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  // Sent as the form sends it, naming itself (X-Form): the seeded edit-tag-details, a partial form for the same
  // route, would take a description alone.
  const refused = await admin.request.put(`/api/tags/${tag.id}`, {
    data: { name: 'No colour', description: 'Described' },
    headers: {
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      'X-Requested-With': 'XMLHttpRequest',
      'X-Form': 'edit-tag',
    },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { errors: { source: string }[] }).errors.map((e) => e.source)).toEqual(['color']);
  await admin.goto(`/forms/edit-tag/${tag.id}`);
  await expect(admin.getByRole('heading', { name: 'Edit tag' })).toBeVisible();
  await admin.getByLabel('Name').fill(`Studio tag ${Date.now().toString(36)}`);
  await admin.getByLabel('Description').fill('Described in the studio');
  await admin.getByLabel('Colour').fill('#1a2b3c');
  await admin.getByRole('button', { name: 'Submit' }).click();
  await expect(admin.getByText('Tag updated successfully')).toBeVisible();

  // Version 2 relabels the name; restoring version 1 serves the old label again.
  await setEditorText(page, JSON.stringify(form('Tag name'), null, 2));
  await expect(page.getByRole('status').filter({ hasText: /problem/ })).toHaveText('No problems');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published version 2 of edit-tag')).toBeVisible();
  await admin.goto(`/forms/edit-tag/${tag.id}`);
  await expect(admin.getByLabel('Tag name')).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Revert to version 1' }).click();
  const asked = page.getByRole('dialog', { name: 'Revert to version 1?' });
  await expect(asked).toContainText('Version 1 is published again as version 3');
  await asked.getByRole('button', { name: 'Revert and publish' }).click();
  await expect(page.getByText('Restored version 1 as version 3')).toBeVisible();
  await admin.goto(`/forms/edit-tag/${tag.id}`);
  await expect(admin.getByLabel('Name', { exact: true })).toBeVisible();
  await expect(admin.getByLabel('Tag name')).toHaveCount(0);
  await other.close();
});

test('someone else publishing meanwhile opens the merge view instead of losing a change', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: '/studio?kind=forms&name=new-tag' });
  await expect(page.getByRole('heading', { name: /forms\/new-tag/ })).toBeVisible();
  const current = await page.request.get('/api/documents/forms/new-tag');
  const { data, meta } = (await current.json()) as { data: Record<string, unknown>; meta: { version: number } };
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const theirs = await page.request.put('/api/documents/forms/new-tag', {
    data: { document: { ...data, subtitle: 'Theirs' }, version: meta.version },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(theirs.status()).toBe(200);
  await setEditorText(page, JSON.stringify({ ...data, subtitle: 'Mine' }, null, 2));
  await expect(page.getByRole('status').filter({ hasText: /problem/ })).toHaveText('No problems');
  await page.getByRole('button', { name: 'Publish' }).click();
  const merge = page.getByRole('region', { name: 'Merge' });
  await expect(merge.getByRole('heading')).toHaveText(`Someone else published version ${meta.version + 1} meanwhile`);
  const part = merge.getByRole('group', { name: /subtitle/ });
  await expect(part.locator('pre[aria-label="Theirs"]')).toHaveText('"Theirs"');
  await expect(part.locator('pre[aria-label="Yours"]')).toHaveText('"Mine"');
  await merge.getByRole('button', { name: `Publish mine over version ${meta.version + 1}` }).click();
  await expect(page.getByText(`Published version ${meta.version + 2} of new-tag`)).toBeVisible();
});

test('a draft begun before the latest version is merged part by part, not published over it', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: '/studio?kind=forms&name=new-tag' });
  await expect(page.getByRole('heading', { name: /forms\/new-tag/ })).toBeVisible();
  const current = await page.request.get('/api/documents/forms/new-tag');
  const { data, meta } = (await current.json()) as {
    data: { fields: { key: string; label: string }[] } & Record<string, unknown>;
    meta: { version: number };
  };
  const relabel = (label: string) => data.fields.map((f) => (f.key === 'name' ? { ...f, label } : f));
  // Elsewhere (another owner, or this one in another tab) a new title is published and the name field relabelled.
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const theirs = await page.request.put('/api/documents/forms/new-tag', {
    data: { document: { ...data, title: 'Create tag', fields: relabel('Label') }, version: meta.version },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(theirs.status()).toBe(200);
  // This page still edits the version it opened: its draft (a subtitle, the same field relabelled) is saved as begun from it.
  const saved = page.waitForResponse((r) => r.url().endsWith('/new-tag/draft') && r.request().method() === 'PUT');
  await setEditorText(page, JSON.stringify({ ...data, subtitle: 'For masts', fields: relabel('Tag name') }, null, 2));
  expect((await saved).status()).toBe(200);

  await page.reload();
  const merge = page.getByRole('region', { name: 'Merge' });
  await expect(merge.getByRole('heading')).toHaveText(
    `Version ${meta.version + 1} was published after your draft began`,
  );
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  // Each side's own change is taken; the field both relabelled is kept twice.
  await expect(merge.getByRole('group', { name: /^title/ }).getByRole('radio', { name: 'Theirs' })).toBeChecked();
  await expect(merge.getByRole('group', { name: /^subtitle/ }).getByRole('radio', { name: 'Yours' })).toBeChecked();
  const field = merge.getByRole('group', { name: /Field Tag name.*Changed on both sides/ });
  await field.getByRole('radio', { name: 'Keep both' }).check();
  await merge.getByRole('button', { name: 'Use the merge as the draft' }).click();
  await expect(merge).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /problem/ })).toHaveText('No problems');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`Published version ${meta.version + 2} of new-tag`)).toBeVisible();
  const published = (await (await page.request.get('/api/documents/forms/new-tag')).json()) as {
    data: { title: string; subtitle: string; fields: { key: string; label: string }[] };
  };
  expect(published.data).toMatchObject({ title: 'Create tag', subtitle: 'For masts' });
  expect(published.data.fields.filter((f) => f.key.startsWith('name'))).toMatchObject([
    { key: 'name', label: 'Label' },
    { key: 'name_2', label: 'Tag name' },
  ]);
  // New tag as it was, for the tests after this one.
  const back = await page.request.put('/api/documents/forms/new-tag', {
    data: { document: data, version: meta.version + 2 },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(back.status()).toBe(200);
});

test('a user without manage_documents sees no studio', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await expect(page.getByRole('link', { name: 'Devices' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Form studio' })).toHaveCount(0);
  await page.goto('/studio');
  await expect(page).not.toHaveURL(/\/studio/);
  await expect(page.getByRole('heading', { name: 'Form studio' })).toHaveCount(0);
  expect((await page.request.get('/api/documents/forms/new-tag/versions')).status()).toBe(403);
});

test('a published form is placed on the tags list from the studio, and its button opens it', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: null });
  const name = `locate-tag-${Date.now().toString(36)}`;
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' };
  const document = {
    $schema: '../form.schema.json',
    title: 'Locate tag',
    endpoint: '/tags',
    method: 'post',
    permission: 'create_tags',
    schema: { id: name },
    fields: [{ key: 'name', label: 'Name', type: 'text', required: true }],
  };
  expect(
    (await page.request.put(`/api/documents/forms/${name}`, { data: { document, version: 0 }, headers })).status(),
  ).toBe(200);
  const tags = (await (await page.request.get('/api/documents/pages/tags.main')).json()) as {
    data: Record<string, unknown>;
    meta: { version: number };
  };
  try {
    await page.goto(`/studio?kind=forms&name=${name}`);
    await page.getByRole('tab', { name: 'Place' }).click();
    const place = page.getByRole('form', { name: 'Place' });
    await place.getByLabel('Page').selectOption('tags.main');
    await expect(place.getByRole('radio', { name: 'A button above the list' })).toBeChecked();
    await expect(place.getByLabel('Button label')).toHaveValue('Locate tag');
    await place.getByRole('button', { name: 'Place on the page' }).click();
    await expect(page.getByText('Locate tag is placed on tags.main')).toBeVisible();

    await page.goto('/tags');
    await page.getByRole('button', { name: 'Locate tag' }).click();
    await expect(page.getByRole('dialog', { name: 'Locate tag' })).toBeVisible();
  } finally {
    const now = (await (await page.request.get('/api/documents/pages/tags.main')).json()) as {
      meta: { version: number };
    };
    const back = await page.request.put('/api/documents/pages/tags.main', {
      data: { document: tags.data, version: now.meta.version },
      headers,
    });
    expect(back.status()).toBe(200);
  }
});
