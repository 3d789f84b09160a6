import type { Page } from '@playwright/test';

/**
 * Picks an option of an ItemSelect: types `text` to filter, then clicks the
 * first option whose name contains it (`exact`: is it). `close` presses
 * Escape after the pick, for a multiple select whose list stays open.
 */
export async function pickOption(
  page: Page,
  field: string,
  text: string,
  { exact = false, close = false }: { exact?: boolean; close?: boolean } = {},
) {
  const combo = page.getByRole('combobox', { name: field });
  await combo.click();
  await combo.fill(text);
  await page
    .getByRole('option', exact ? { name: text, exact: true } : { name: new RegExp(text) })
    .first()
    .click();
  if (close) await combo.press('Escape');
}
