import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
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

function RouteError({ error }: { error: unknown }) {
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

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  location: Location;
  failure?: { error: unknown };
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  // A new location renders the routes afresh (going back from a failed page works).
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { location: props.location, failure: undefined };
  }

  override render() {
    return this.state.failure ? <RouteError error={this.state.failure.error} /> : this.props.children;
  }
}

/** What fails to render (or to load) below shows the error in its place, until the location changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
