import { expect, test } from '@playwright/test';
import { fixtureAccounts, login } from './support/login';

// Form documents, the form's buttons and the engine's validation messages in the
// interface language (issue 9, item 6).

test('in Norsk a form shows its labels, buttons and validation messages in Norwegian', async ({ page }) => {
  await login(page, fixtureAccounts.admin, { path: '/management/devices' });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: /^Languages/ }).click();
  await page.getByRole('radio', { name: 'Norsk' }).check();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');

  await page.goto('/forms/new-tag');
  await expect(page.getByRole('heading', { name: 'Ny etikett' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Selskap' })).toBeVisible();
  await expect(page.getByLabel('Beskrivelse')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Avbryt' })).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const name = page.getByLabel('Navn', { exact: true });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Feltet navn er påkrevd.')).toBeVisible();
  await expect(page.getByText('The name field is required.')).toHaveCount(0);
});

test('in Japanese the same form speaks Japanese', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'ja'));
  await login(page, fixtureAccounts.admin, { path: '/forms/new-tag' });
  await expect(page.getByRole('heading', { name: '新しいタグ' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'キャンセル' })).toBeVisible();
  await page.getByRole('button', { name: '送信' }).click();
  await expect(page.getByText('名前は必須です。')).toBeVisible();
});
