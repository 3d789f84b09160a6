import type { Page } from '@playwright/test';

/**
 * Resolves when the server confirms that a socket of the page subscribed to `channel` (its `subscribed` event).
 * Call it before the page loads: a change the server pushes before then does not reach the page.
 */
export function subscribedTo(page: Page, channel: string): Promise<void> {
  const frame = `"subscribed",${JSON.stringify({ channel })}`;
  return new Promise((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes(frame)) resolve();
      }),
    ),
  );
}
