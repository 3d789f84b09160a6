/** How long what waits for the first page content waits at most (pages that never say they showed it). */
export const FIRST_CONTENT_WAIT_MS = 3000;

let contentShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => (contentShown = resolve));

/**
 * The first page has shown its content (a list its rows): what the first
 * paint does not need (the socket client, the header widgets) may load now.
 */
export function markContentShown(): void {
  // After the frame that paints it.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(contentShown, 0));
  else contentShown();
}

/** Settles once the first page has painted its content, or after FIRST_CONTENT_WAIT_MS. */
export function afterFirstContent(): Promise<void> {
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, FIRST_CONTENT_WAIT_MS))]);
}
