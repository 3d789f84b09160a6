import { expect, type Page } from '@playwright/test';

/** Password of every fixture account (README.md, docs/architecture.md). */
export const FIXTURE_PASSWORD = 'Demo-Password-1';

export const fixtureAccounts = {
  super: 'super@example.com',
  admin: 'admin@example.com',
  balticsAdmin: 'baltics.admin@example.com',
  endUser: 'enduser@example.com',
  advGuest: 'advguest@example.com',
  guest: 'guest@example.com',
  globexAdmin: 'globex.admin@example.com',
  mfa: 'mfa@example.com',
  unverified: 'unverified@example.com',
} as const;

async function xsrfToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('No XSRF-TOKEN cookie after GET /api/health');
  return decodeURIComponent(cookie.value);
}

/**
 * Signs in through the API (the browser context keeps the session cookies),
 * then opens `path` (default: the app root). Use `loginWithForm` to drive the
 * login page itself.
 */
export async function login(page: Page, email: string, options: { password?: string; path?: string | null } = {}) {
  const response = await page.request.get('/api/health');
  expect(response.ok()).toBe(true);
  const result = await page.request.post('/api/account/login', {
    data: { email, password: options.password ?? FIXTURE_PASSWORD },
    headers: { 'X-XSRF-TOKEN': await xsrfToken(page), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(result.status(), `login of ${email}: ${await result.text()}`).toBe(200);
  if (options.path !== null) await page.goto(options.path ?? '/');
}

/** Signs in through the console's login page (opened at /account/login unless the page is already on it). */
export async function loginWithForm(page: Page, email: string, password = FIXTURE_PASSWORD) {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/account/login')) await page.goto('/account/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Calls the API from the page's session (XSRF header included) for test set-up. */
export async function api(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  const response = await page.request.fetch(url.startsWith('/api') ? url : `/api${url}`, {
    method,
    data,
    headers: { 'X-XSRF-TOKEN': await xsrfToken(page).catch(() => ''), 'X-Requested-With': 'XMLHttpRequest' },
  });
  return response;
}
