import type { Locator, Page } from '@playwright/test';

/** Presses Tab (Shift+Tab backwards) until the target has the focus, as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, backwards = false) {
  for (let i = 0; i < 300; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}
