import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';
import { publishNewForm } from './support/studio';

// A new form is reachable from the side menu: a product owner publishes a form, places it
// from the studio's Place panel as a menu entry under a group picked from the menu's
// groups (the menus document side-menu is published, no page document edited by hand);
// the entry shows in the side menu to a role with the form's permission and not to one
// without it, and clicking it opens the form.

async function signedIn(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const additions = page.waitForResponse((r) => r.url().includes('/api/documents/menus/side-menu'));
  await login(page, email, { path });
  await additions;
  return page;
}

test('a published form is placed as a menu entry under a group, shown to those with its permission', async ({
  page,
  browser,
}) => {
  await login(page, fixtureAccounts.super, { path: null });
  const name = await publishNewForm(page, 'Quick tag');
  const before = (await (await api(page, 'GET', '/documents/menus/side-menu')).json()) as {
    data: Record<string, unknown>;
  };
  try {
    await page.goto(`/studio?kind=forms&name=${name}`);
    await page.getByRole('tab', { name: 'Place' }).click();
    const entry = page.getByRole('form', { name: 'Menu entry' });
    const groups = await entry.getByLabel('Menu group').locator('option').allTextContents();
    expect(groups).toEqual(['Select', 'Management', 'RMS Connect', 'RMS VPN', 'Administration', 'System']);
    await entry.getByLabel('Menu group').selectOption('Administration');
    await expect(entry.getByLabel('Entry label')).toHaveValue('Quick tag');
    await entry.getByRole('button', { name: 'Add to the menu' }).click();
    await expect(page.getByText('Quick tag is in the menu under Administration')).toBeVisible();
    await expect(entry.getByText('The menu opens the form under Administration.')).toBeVisible();
    const stored = (await (await api(page, 'GET', '/documents/menus/side-menu')).json()) as { data: unknown };
    expect(stored.data).toMatchObject({
      entries: [{ group: 'Administration', label: 'Quick tag', form: name, permission: 'create_tags' }],
    });

    // An admin holds create_tags: the entry is under Administration, after its own entries, and opens the form.
    const admin = await signedIn(browser, fixtureAccounts.admin, '/devices');
    const administration = admin.getByRole('group', { name: 'Administration' });
    await expect(administration.getByRole('link').last()).toHaveAccessibleName('Quick tag');
    await administration.getByRole('link', { name: 'Quick tag' }).click();
    await expect(admin).toHaveURL(new RegExp(`/forms/${name}$`));
    await expect(admin.getByRole('heading', { name: 'Quick tag' })).toBeVisible();
    await expect(admin.getByLabel('Name')).toBeVisible();
    await admin.screenshot({ path: 'test-results/studio-menu-entry.png' });

    // A read-only user does not hold create_tags: no entry.
    const guest = await signedIn(browser, fixtureAccounts.guest, '/devices');
    await expect(guest.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(guest.getByRole('link', { name: 'Quick tag' })).toHaveCount(0);
  } finally {
    const now = (await (await api(page, 'GET', '/documents/menus/side-menu')).json()) as { meta: { version: number } };
    const back = await api(page, 'PUT', '/documents/menus/side-menu', {
      document: before.data,
      version: now.meta.version,
    });
    expect(back.status()).toBe(200);
  }
});
