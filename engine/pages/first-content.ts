/** How long what waits for the first page content waits at most when no page has said it will show content. */
export const FIRST_CONTENT_WAIT_MS = 3000;
/** …and at most when a page has said so (expectContent) but never shows it: a load that hangs. */
export const EXPECTED_CONTENT_WAIT_MS = 15_000;

let contentShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => (contentShown = resolve));
let expected = false;

/**
 * The first page has shown its content (a list its rows): what the first
 * paint does not need (the socket client, the header widgets) may load now.
 */
export function markContentShown(): void {
  // After the frame that paints it.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(contentShown, 0));
  else contentShown();
}

/**
 * The page being opened will say when it has shown its content (a page
 * document; a list once its rows are in): what waits for the first content
 * waits for it past FIRST_CONTENT_WAIT_MS, so a slow list call does not let
 * the header widgets and the socket client load before the rows (issue 31:
 * they had, 17 KB gzip of script, whenever the rows took over 3 s).
 */
export function expectContent(): void {
  expected = true;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Settles once the first page has painted its content; or after FIRST_CONTENT_WAIT_MS if no page has said it will,
 * else after EXPECTED_CONTENT_WAIT_MS.
 */
export function afterFirstContent(): Promise<void> {
  const fallback = wait(FIRST_CONTENT_WAIT_MS).then(() =>
    expected ? wait(EXPECTED_CONTENT_WAIT_MS - FIRST_CONTENT_WAIT_MS) : undefined,
  );
  return Promise.race([shown, fallback]);
}
