// A chunk-loading failure (a new build replaced the old chunks) reloads the
// page (shell spec §4), at most once a minute so a broken build cannot loop.

const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** Whether an error is the browser failing to load a code chunk (the wording of Vite, Chrome, Firefox, Safari, webpack). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk/i.test(
    message,
  );
}

/** Whether to reload now, given the time of the last chunk reload (ms; 0 or an unreadable NaN for none). */
export function chunkReloadDue(last: number, now: number): boolean {
  return Number.isNaN(last) || now - last >= CHUNK_RELOAD_INTERVAL_MS;
}
