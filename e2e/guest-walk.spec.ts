import { expect, test, type Page } from '@playwright/test';
import { fillPath } from '../engine/routes/path';
import { routeAllowed, routeIndex } from '../console/routes/resolve';
import theme from '../console/theme/default.json' with { type: 'json' };
import type { SessionUser } from '../engine/session/user';
import { api, fixtureAccounts, login } from './support/login';

// Guests look and never act: walking every page a guest and an advanced guest may open (lists with a row
// selected, so bulk actions would show), no button or link offers a write.

const WRITE =
  /^(New|Add|Edit|Delete|Remove|Generate|Invite|Move|Assign|Unassign|Reboot|Upload|Create|Update|Activate|Purchase|Impersonate|Save)\b/;

async function firstId(page: Page, path: string): Promise<string | undefined> {
  const body = (await (await api(page, 'GET', path)).json()) as { data?: { id: number }[] };
  return body.data?.[0]?.id?.toString();
}

async function writeActions(page: Page): Promise<string[]> {
  const main = page.locator('main');
  const named = await main
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()));
  const forms = await main.locator('a[href^="/forms/"]').evaluateAll((links) => links.map((a) => a.textContent ?? ''));
  return [...named.filter((name) => WRITE.test(name)), ...forms.map((name) => `link ${name}`)];
}

for (const email of [fixtureAccounts.guest, fixtureAccounts.advGuest]) {
  test(`${email} finds no write action on any page`, async ({ page }) => {
    test.setTimeout(240_000);
    await login(page, email, { path: null });
    const user = ((await (await api(page, 'GET', '/user')).json()) as { data: SessionUser }).data;
    const params: Record<string, string | undefined> = {
      id: await firstId(page, '/devices?limit=1&fields=id'),
      company_id: String(user.company.id),
    };
    await page.goto('/');
    const visited: string[] = [];
    const found: string[] = [];
    for (const { route } of routeIndex.values()) {
      if (route.standalone || route.tabs || route.name === 'form') continue;
      if (!routeAllowed(route.name, { user, disabledRoutes: theme.disabledRoutes })) continue;
      const keys = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      if (keys.some((key) => !(key in params) || !params[key])) continue;
      // In-app navigation (the router follows popstate): no reload of the console per page.
      await page.evaluate(
        (path) => {
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
        },
        fillPath(route.path, params),
      );
      await expect(page, route.name).toHaveURL((url) => url.pathname.startsWith(fillPath(route.path, params)));
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      const checkbox = page.locator('main table tbody').getByRole('checkbox').first();
      if (await checkbox.count()) await checkbox.check();
      visited.push(route.name);
      // A user's own API tokens are account settings, not fleet writes: a read-only user may create read-only tokens.
      if (route.name === 'account.api-tokens') continue;
      found.push(...(await writeActions(page)).map((name) => `${route.name}: ${name}`));
    }
    expect(visited.length).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
}
