import { expect, test, type Page } from '@playwright/test';
import { fillEndpoint } from '../engine/submit/payload';
import { loadedValues, unchangedMessage } from '../engine/submit/require-change';
import type { FormDocument } from '../engine/schema/types';
import { editable, editForms, ownRole, RECORDS } from '../server/test/edit-form-records';
import { api, fixtureAccounts, login } from './support/login';

// Every edit form as an operator meets it in the browser (issue 32, item 1): opened on a stored record, it
// shows what is stored, and Submit on it unchanged changes nothing. The task group form showed blank task rows
// and its submit wiped the tasks; this walks every edit form document through the console's own widgets.

test.describe.configure({ timeout: 180_000 });

const data = async (page: Page, url: string) =>
  ((await (await api(page, 'GET', url)).json()) as { data: unknown }).data;

/** What the form's fields read from the record (the values the form opens with). */
const stored = async (page: Page, doc: FormDocument, id: unknown) =>
  loadedValues(
    await data(page, fillEndpoint(doc.load!, {}, String(id))),
    doc.fields.map((f) => f.key),
  );

test('every edit form, opened on a record and submitted unchanged, leaves it as it was', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  const permission = ((await data(page, '/api/roles/permissions?limit=1')) as { id: unknown }[])[0].id;
  expect((await api(page, 'POST', '/api/roles', ownRole(permission))).status()).toBeLessThan(300);

  for (const [name, doc] of editForms) {
    const list = (await data(page, RECORDS[name])) as Record<string, unknown>[];
    const record = list.find((r) => editable(name, r));
    expect(record, `${name}: a record in ${RECORDS[name]}`).toBeDefined();
    const before = await stored(page, doc, record!.id);

    await page.goto(`/forms/${name}/${String(record!.id)}`);
    const form = page.locator(`.fc-form[data-form="${name}"]`);
    await expect(form, name).toBeVisible({ timeout: 30_000 });
    await expect(form, `${name}: loaded`).not.toHaveAttribute('aria-busy', /.*/, { timeout: 30_000 });
    const method = (doc.method ?? 'post').toUpperCase();
    const unchanged = unchangedMessage(doc, before, before);
    if (unchanged) {
      // A requireChange form (forms spec §5) says so instead of sending.
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText(unchanged), name).toBeVisible();
    } else {
      const [sent] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname.startsWith('/api/'), {
          timeout: 30_000,
        }),
        form.getByRole('button', { name: 'Submit' }).click(),
      ]);
      expect(sent.status(), `${name}: ${await sent.text()}`).toBeLessThan(300);
    }
    expect(await stored(page, doc, record!.id), name).toEqual(before);
  }
});
