import { useRouteError } from 'react-router-dom';
import { t } from '../../engine/i18n/i18n';

const RELOAD_FLAG = 'chunk_reload_at';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk/i.test(
    message,
  );
}

/** A chunk-loading failure reloads the page (shell spec §4), at most once a minute. */
export function reloadForChunkError(): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_FLAG) ?? 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
  window.location.reload();
  return true;
}

export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}

export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadForChunkError()) return null;
  return (
    <section className="empty-state" role="alert">
      <h1>{t('Something went wrong')}</h1>
      <p>{error instanceof Error ? error.message : t('Server error')}</p>
      <p>
        <a href="/">{t('Back to the console')}</a>
      </p>
    </section>
  );
}
