import { expect, test, type Page } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';

// The edit-company form (PUT /companies/{id}, name) opens with the company's
// current name; saving it unchanged is blocked in the browser with the toast
// 'Please input different value to save changes.' (forms spec §5) and no
// request; a new name is sent. The super admin edits a company it creates.

const toast = (page: Page, text: string) => page.locator('.toast-host').getByText(text, { exact: true });

async function createCompany(page: Page, name: string): Promise<number> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const reply = await page.request.post('/api/companies', {
    data: { name, parent_id: 1 },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return ((await reply.json()) as { data: { id: number } }).data.id;
}

test('unchanged name: toast and no request; a new name is saved', async ({ page }) => {
  await login(page, fixtureAccounts.super, { path: null });
  const name = `E2E Edit ${Date.now().toString(36)}`;
  const id = await createCompany(page, name);
  await page.goto(`/forms/edit-company/${id}`);
  const field = page.getByLabel('Name', { exact: true });
  await expect(field).toHaveValue(name);

  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.url());
  });
  await field.fill(` ${name} `);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Please input different value to save changes.')).toBeVisible();
  expect(puts).toEqual([]);

  const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/companies/${id}`));
  await field.fill(`${name} renamed`);
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await sent).postDataJSON()).toEqual({ name: `${name} renamed` });
  await expect(toast(page, 'Company updated successfully')).toBeVisible();
});
