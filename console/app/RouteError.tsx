import { useRouteError } from 'react-router-dom';
import { t } from '../../engine/i18n/i18n';
import { chunkReloadDue, isChunkLoadError } from '../../engine/session/chunk-reload';

const RELOAD_FLAG = 'chunk_reload_at';

/** A chunk-loading failure reloads the page (shell spec §4), at most once a minute. */
export function reloadForChunkError(): boolean {
  if (!chunkReloadDue(Number(sessionStorage.getItem(RELOAD_FLAG) ?? 0), Date.now())) return false;
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
