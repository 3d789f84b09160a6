import type { Page } from '@playwright/test';

const KEY = 'e2e-toasts';

/**
 * Records the text of every toast the page shows, across its reloads (in session storage). A toast shown for
 * the 300 ms before a reload (time zone, shell spec) is too short to be polled for on busy cores.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          const element = node instanceof Element ? node : node.parentElement;
          const text = node.textContent?.trim();
          if (!text || !element?.closest('.toast-host')) continue;
          const seen = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
          sessionStorage.setItem(key, JSON.stringify([...seen, text]));
        }
    }).observe(document, { childList: true, subtree: true });
  }, KEY);
}

/** The toasts recorded so far (none while the page is between documents). */
export async function toastsSeen(page: Page): Promise<string> {
  try {
    return await page.evaluate((key) => sessionStorage.getItem(key) ?? '', KEY);
  } catch {
    return '';
  }
}
