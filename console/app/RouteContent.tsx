import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { t } from '../../engine/i18n/i18n';
import { markContentShown } from '../../engine/pages/first-content';
import type { RouteDef } from '../routes/table';
import type { ConnectPageProps } from '../connect/link';

// Route content is loaded on demand so the first load stays small (the form
// engine comes with the form route or the first opened form only).
const RoutePage = lazy(() => import('../pages/RoutePage').then((m) => ({ default: m.RoutePage })));

const formRouteModules = import.meta.glob<{ FormRoute: ComponentType }>('../forms/FormRoute.tsx');
const loadFormRoute = formRouteModules['../forms/FormRoute.tsx'];
const FormRoute = loadFormRoute ? lazy(() => loadFormRoute().then((m) => ({ default: m.FormRoute }))) : undefined;
// The studio brings the code editor with it, on this route only.
const StudioPage = lazy(() => import('../studio/StudioPage').then((m) => ({ default: m.StudioPage })));
// The SSH and Telnet pages bring xterm.js with them, on those pages only; the SFTP page its file browser.
const TerminalPage = lazy(() => import('../connect/TerminalPage').then((m) => ({ default: m.TerminalPage })));
const SftpPage = lazy(() => import('../connect/SftpPage').then((m) => ({ default: m.SftpPage })));
// The desktop page brings noVNC with it.
const DesktopPage = lazy(() => import('../connect/DesktopPage').then((m) => ({ default: m.DesktopPage })));
const CONNECT_PAGES: Record<string, ComponentType<ConnectPageProps> | undefined> = {
  'rms-connect.ssh': TerminalPage,
  'rms-connect.telnet': TerminalPage,
  'rms-connect.sftp': SftpPage,
  'rms-connect.desktop': DesktopPage,
};

export function Loading() {
  return (
    <div className="route-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {t('Loading…')}
    </div>
  );
}

/** `<RoutePage page={route.page}/>` (contract 9); the generic form route renders FormRoute (contract 3), /studio the form studio. */
export function RouteContent({ route }: { route: RouteDef }) {
  const Form = route.name === 'form' ? FormRoute : undefined;
  const studio = route.name === 'studio';
  const Connect = Object.hasOwn(CONNECT_PAGES, route.name) ? CONNECT_PAGES[route.name] : undefined;
  // A page document says when it has shown its content (PageView); a form, the studio or a connection page does not wait for that.
  useEffect(() => {
    if (Form || studio || Connect) markContentShown();
  }, [Form, studio, Connect]);
  return (
    <Suspense fallback={<Loading />}>
      {Form ? (
        <Form />
      ) : studio ? (
        <StudioPage />
      ) : Connect ? (
        <Connect title={route.title} />
      ) : (
        <RoutePage page={route.page} />
      )}
    </Suspense>
  );
}
