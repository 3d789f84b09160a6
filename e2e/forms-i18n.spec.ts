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

test('in Norsk the select placeholder and a file field’s message are Norwegian', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'no'));
  await login(page, fixtureAccounts.super, { path: '/forms/new-api-token' });
  const expires = page.getByRole('combobox', { name: 'Utløper om' });
  // The first form of a browser loads the form engine and its document: on CI's two busy cores once over 10 s.
  await expect(expires.locator('option').first()).toHaveText('Velg', { timeout: 30_000 });

  await page.goto('/forms/upload-device-api-documentation');
  await expect(page.getByRole('heading', { name: 'Last opp API-dokumentasjon for enheter' })).toBeVisible();
  const file = page.getByLabel('Fil', { exact: true });
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByRole('alert').filter({ hasText: 'Feltet fil må være en fil av typen: json.' })).toBeVisible();
  await expect(file).toHaveAttribute('aria-invalid', 'true');
  await file.setInputFiles({ name: "spec's.json", mimeType: 'application/json', buffer: Buffer.from('{}') });
  await expect(page.getByRole('alert').filter({ hasText: 'Filnavnet inneholder forbudte tegn' })).toBeVisible();
  await expect(page.getByText(/must be a file of type|forbidden symbols/)).toHaveCount(0);
});

test('in Norsk the form studio shows its buttons, panels and status in Norwegian', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'no'));
  await login(page, fixtureAccounts.super, { path: '/studio' });
  await expect(page.getByRole('heading', { name: 'Skjemastudio' })).toBeVisible();
  await expect(page.getByText('Velg et dokument å redigere, eller gi et nytt skjema et navn.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Skjemaer' })).toBeVisible();
  await page.getByLabel('Navn på nytt skjema').fill('norsk-studio');
  await page.getByRole('button', { name: 'Nytt skjema' }).click();
  await expect(page.getByRole('heading', { name: /forms\/norsk-studio/ })).toContainText('ny');
  await expect(page.getByRole('button', { name: 'Publiser' })).toBeVisible();
  for (const tab of ['Forhåndsvisning', 'Oversettelser', 'Endringer', 'Historikk'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  // The Design view opens on the form's properties; the preview is the next tab.
  await expect(page.getByRole('tab', { name: 'Egenskaper' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Forhåndsvisning' }).click();
  // A new form has one problem, its missing endpoint, and says so in Norsk; an endpoint chosen, it previews.
  await expect(page.getByText('Forhåndsvisningen vises når dokumentet ikke har noen problemer.')).toBeVisible();
  await page.getByRole('tab', { name: 'Egenskaper' }).click();
  await page.getByRole('combobox', { name: 'Velg et endepunkt i API-et' }).selectOption({ label: 'POST /tags' });
  await page.getByRole('tab', { name: 'Forhåndsvisning' }).click();
  const preview = page.getByRole('region', { name: 'Forhåndsvisning' });
  await expect(preview.getByRole('button', { name: 'Prøv innsending' })).toBeVisible();
  await expect(preview.getByLabel('Forhåndsvis som')).toBeVisible();
  await page.getByRole('tab', { name: 'Oversettelser' }).click();
  const translations = page.getByRole('region', { name: 'Oversettelser' });
  await expect(translations.getByRole('columnheader', { name: 'Dette dokumentet' })).toBeVisible();
  await expect(translations.getByLabel('Name på Norsk')).toHaveAttribute('placeholder', 'Navn');
  await page.getByRole('tab', { name: 'Historikk' }).click();
  await expect(page.getByText('Ikke publisert ennå.')).toBeVisible();
  // No studio control is left in English (the canvas's "New form" is the document's own title, not a control's).
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New form', exact: true })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Lerret' }).getByRole('button', { name: 'New form' })).toHaveCount(1);
});
