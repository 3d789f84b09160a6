import { expect, test, type Page } from '@playwright/test';
import { api, fixtureAccounts, login } from './support/login';

async function patchUser(page: Page, patch: (user: Record<string, unknown>) => void) {
  await page.route('**/api/user', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    patch(body.data);
    await route.fulfill({ response, json: body });
  });
}

test('EMAIL_NOT_VERIFIED replaces the app with the auth notice; resend shows its toast', async ({ page }) => {
  await login(page, fixtureAccounts.unverified, { path: '/management/devices' });
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Resend activation e-mail' }).click();
  await expect(page.getByText('Email confirmation sent successfully')).toBeVisible();
});

test('a failed resend shows its toast with the status, also when the status text is empty (shell spec §8)', async ({
  page,
}) => {
  await login(page, fixtureAccounts.unverified, { path: null });
  await page.route('**/api/account/user/activation/resend', (route) =>
    route.fulfill({ status: 503, json: { success: false, errors: [] } }),
  );
  await page.goto('/management/devices');
  await page.getByRole('button', { name: 'Resend activation e-mail' }).click();
  await expect(page.getByText(/^Failed to send email confirmation (Service Unavailable|503)$/)).toBeVisible();
});

test('a server error at start shows the maintenance page', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  await page.route('**/api/user', (route) => route.fulfill({ status: 500, json: { success: false, errors: [] } }));
  await page.goto('/management/devices');
  await expect(page.getByRole('heading', { name: 'Maintenance' })).toBeVisible();
});

test('three failed user loads show the maintenance screen', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: null });
  await page.route('**/api/user', (route) => route.abort('connectionreset'));
  await page.goto('/management/devices');
  await expect(page.getByRole('heading', { name: 'Failed to get user data' })).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Failed to get user data' })).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Maintenance' })).toBeVisible();
});

test('failed revokes count across the login page: the third shows the maintenance screen (shell spec §8)', async ({
  page,
  context,
}) => {
  await login(page, fixtureAccounts.admin, { path: null });
  await context.clearCookies({ name: 'rms_access' });
  await page.route('**/api/account/token/refresh', (route) => route.fulfill({ status: 401, json: { success: false } }));
  const revokes: string[] = [];
  await page.route('**/api/account/token/revoke', (route) => {
    revokes.push(route.request().url());
    return route.fulfill({ status: 500, json: { success: false, errors: [] } });
  });
  // Two failed attempts (the revoke and its retry), then the local logout: the login page.
  await page.goto('/management/devices');
  await page.waitForURL(/\/account\/login/);
  expect(revokes).toHaveLength(2);
  // The login page did not start the count over: the next failed revoke is the third.
  await page.goto('/management/devices');
  await expect(page.getByRole('heading', { name: 'Maintenance' })).toBeVisible();
  expect(revokes.length).toBeGreaterThanOrEqual(3);
});

/** Session calls and the page data call seen, as `METHOD /path`. */
function sessionCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/account/token/') || ['/api/user', '/api/tags'].includes(pathname))
      calls.push(`${r.method()} ${pathname}`);
  });
  return calls;
}

const unauthorized = { success: false, errors: [{ code: 'UNAUTHORIZED', message: 'Unauthenticated.', source: null }] };

// Shell spec §4 and §8: "On a 401 from the user call, a token refresh is tried; if refresh fails the token is
// revoked and the user is redirected to login"; an UNAUTHORIZED answer at start-up is no server error (no
// maintenance page) and renders no app.
test('an UNAUTHORIZED answer to the user call at start-up: one refresh, the revoke, then the login page', async ({
  page,
  context,
}) => {
  await login(page, fixtureAccounts.admin, { path: null });
  await context.clearCookies({ name: 'rms_access' });
  await page.route('**/api/account/token/refresh', (route) => route.fulfill({ status: 401, json: unauthorized }));
  const calls = sessionCalls(page);
  await page.goto('/management/devices?page=2');
  await page.waitForURL(/\/account\/login/);
  expect(new URL(page.url()).searchParams.get('continue_url')).toBe('/management/devices?page=2');
  expect(calls).toEqual(['GET /api/user', 'POST /api/account/token/refresh', 'POST /api/account/token/revoke']);
  await expect(page.getByRole('heading', { name: 'Maintenance' })).toHaveCount(0);
});

// Shell spec §8: an errors list whose first code is globally handled calls the global handler with it and the
// request is rejected. The console's set is UNAUTHORIZED, and its handler ends the session: a call still
// answered UNAUTHORIZED after the token refresh means the session is gone, so the app goes to the login page.
test('inside the app an UNAUTHORIZED answer the refresh does not cure ends the session on the login page', async ({
  page,
}) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The devices page's own calls (its filters' lookups load after its rows) are answered first: one of them
  // refused and then cancelled by the navigation is never sent again, and a later 401 refreshes once more.
  await page.waitForLoadState('networkidle');
  await page.route(
    (url) => url.pathname === '/api/tags',
    (route) => route.fulfill({ status: 401, json: unauthorized }),
  );
  const calls = sessionCalls(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click();
  await page.waitForURL(/\/account\/login/);
  expect(new URL(page.url()).searchParams.get('continue_url')).toBe('/tags');
  // The 401, one refresh (which succeeds), the page's GET sent again and answered UNAUTHORIZED once more.
  const refresh = calls.indexOf('POST /api/account/token/refresh');
  expect(calls.slice(0, refresh)).toContain('GET /api/tags');
  expect(calls.slice(refresh + 1)).toContain('GET /api/tags');
  expect(calls.filter((call) => call === 'POST /api/account/token/refresh')).toHaveLength(1);
});

test('terms of service: the default theme asks with the data-agreement dialog and records acceptance', async ({
  page,
}) => {
  await login(page, fixtureAccounts.admin, { path: null });
  await patchUser(page, (user) => (user.tos_accepted = false));
  const puts: unknown[] = [];
  page.on(
    'request',
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/account/user') && puts.push(r.postDataJSON()),
  );
  await page.goto('/management/devices');
  const dialog = page.getByRole('dialog', { name: 'Data processing agreement' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => puts).toEqual([{ tos_accepted: true }]);
  await expect
    .poll(async () => new Date((await page.evaluate(() => localStorage.getItem('tos_accepted_2'))) ?? '').getTime())
    .toBeGreaterThan(Date.now() - 60_000);
});

test('the e-mail prompt cannot be dismissed and the address changes only after its code is verified', async ({
  page,
  browser,
}) => {
  await login(page, 'globex.user@example.com', { path: null });
  await patchUser(page, (user) => (user.username = user.email));
  await page.goto('/management/devices');
  const dialog = page.getByRole('dialog', { name: 'Add your e-mail address' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail').fill('globex.renamed@example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();

  const codePrompt = page.getByRole('dialog', { name: 'Verify your new e-mail address' });
  await expect(codePrompt).toBeVisible();
  await expect(codePrompt.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  const email = async () =>
    ((await (await api(page, 'GET', '/user')).json()) as { data: { email: string } }).data.email;
  expect(await email()).toBe('globex.user@example.com');

  const superPage = await browser.newPage();
  await login(superPage, fixtureAccounts.super, { path: null });
  const mails = await api(superPage, 'GET', '/system/mail-logs?template=email_change&q=globex.renamed');
  const body = ((await mails.json()) as { data: { body: string }[] }).data[0].body;
  await superPage.close();
  await codePrompt.getByLabel('Code').fill(/\b(\d{6})\b/.exec(body)![1]);
  await codePrompt.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('E-mail address changed successfully')).toBeVisible();
  await expect(codePrompt).toHaveCount(0);
  expect(await email()).toBe('globex.renamed@example.com');
});

test('after a token refresh the app is re-initialised; start-up makes one GET /user (shell spec §4)', async ({
  page,
  context,
}) => {
  await login(page, fixtureAccounts.admin, { path: null });
  const calls: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (['/api/user', '/api/storage', '/api/account/token/refresh'].includes(pathname))
      calls.push(`${r.method()} ${pathname}`);
  });
  const count = (call: string) => calls.filter((c) => c === call).length;
  // A valid session: start-up asks for the user once.
  await page.goto('/management/devices');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(count('GET /api/user')).toBe(1);
  // An expired access token at start-up: the 401, one refresh, the retried GET /user and nothing more.
  calls.length = 0;
  await context.clearCookies({ name: 'rms_access' });
  await page.goto('/management/devices');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect.poll(() => count('POST /api/account/token/refresh')).toBe(1);
  await page.waitForLoadState('networkidle');
  expect(count('GET /api/user')).toBe(2);
  // Inside the app a refresh (here for a page document) reloads the session user, the settings store,
  // the language and the dark-mode preference, and the page still opens.
  calls.length = 0;
  await page.evaluate(() => {
    localStorage.setItem('language', 'no');
    document.cookie = 'dark_mode=enable; path=/';
  });
  await context.clearCookies({ name: 'rms_access' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click();
  await expect
    .poll(() => calls)
    .toEqual(expect.arrayContaining(['POST /api/account/token/refresh', 'GET /api/user', 'GET /api/storage']));
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('navigation', { name: 'Hovedmeny' })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  expect(count('POST /api/account/token/refresh')).toBe(1);
  expect(count('GET /api/user')).toBe(1);
});

test('rms-connect: ssh and desktop (at any path containing them) open with a key without login, sftp needs a session', async ({
  page,
}) => {
  await page.goto('/rms-connect/ssh?key=abc123');
  await expect(page).toHaveURL(/\/rms-connect\/ssh\?key=abc123$/);
  await expect(page.getByRole('heading', { name: 'SSH', exact: true })).toBeVisible();
  await page.goto('/x/rms-connect/desktop/extra?key=abc123');
  await expect(page).toHaveURL(/\/x\/rms-connect\/desktop\/extra\?key=abc123$/);
  await expect(page.getByRole('heading', { name: 'Remote desktop', exact: true })).toBeVisible();
  await page.goto('/rms-connect/sftp?key=abc123');
  await expect(page).toHaveURL(/\/account\/login\?continue_url=/);
});

test('a path containing rms-connect/<page> opens that standalone page, not the app (shell spec §2)', async ({
  page,
}) => {
  await login(page, fixtureAccounts.admin, { path: null });
  for (const [path, title] of [
    ['/x/rms-connect/desktop/extra', 'Remote desktop'],
    ['/a/b/rms-connect/ssh/5', 'SSH'],
    ['/rms-connect/telnet/more', 'Telnet'],
    ['/files/rms-connect/sftp', 'SFTP'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  }
});

test('choosing a language reloads the interface in it', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: /^Languages/ }).click();
  await page.getByRole('radio', { name: 'Norsk' }).check();
  await expect(
    page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Enheter' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
});

test('going offline shows the toast and sends the browser to the offline page', async ({ page, context }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The toast lives 1.5 s before the offline page replaces the document: recorded from inside the page on each
  // DOM change (a poll from the test can miss it on a loaded machine), read once the offline page shows (the
  // window outlives document.open).
  type Recorded = Window & { toastTexts?: string[] };
  await page.evaluate(() => {
    const recorded = window as Recorded;
    recorded.toastTexts = [];
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('.toast__message'))
        recorded.toastTexts!.push(node.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await context.setOffline(true);
  await page.waitForURL(/offline\.html/);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  expect(await page.evaluate(() => (window as Recorded).toastTexts)).toContain('The network connection has been lost');
  await context.setOffline(false);
});
