import { expect, test, type Page } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';

// One time and language for every date: the System timezone (account menu) changes the dates of the device list.

// The exact time is the tooltip of the relative one.
async function firstLastConnection(page: Page) {
  const time = page.getByRole('table').locator('tbody tr').first().locator('time');
  await time.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toHaveText(/\d/);
  await expect(time).toHaveAccessibleDescription((await tooltip.textContent())!);
  return { iso: (await time.getAttribute('datetime'))!, shown: (await tooltip.textContent())! };
}

test('the System timezone changes the dates in the device list', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  const shownIn: Record<string, string> = {};
  for (const zone of ['Asia/Tokyo', 'America/New_York']) {
    await page.evaluate((z) => localStorage.setItem('system_timezone', z), zone);
    await page.reload();
    // A live device reports while the row is read: its time and tooltip are read again until they agree.
    await expect(async () => {
      const { iso, shown } = await firstLastConnection(page);
      const expected = new Intl.DateTimeFormat('en', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: zone,
      }).format(new Date(iso));
      expect(shown).toBe(expected);
      shownIn[zone] = shown;
    }).toPass({ timeout: 20_000 });
  }
  expect(shownIn['Asia/Tokyo']).not.toBe(shownIn['America/New_York']);
});
