import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { t } from '../../engine/i18n/i18n';
import { showToast } from '../../engine/stores/toasts';
import { firstPermittedPath, routeAllowed } from '../routes/resolve';
import type { RouteDef } from '../routes/table';
import { useAccess } from './access';

export function AccessDenied() {
  return (
    <section className="empty-state" aria-labelledby="access-denied">
      <h1 id="access-denied">{t('Access denied')}</h1>
      <p>{t('The user has no view permissions available.')}</p>
    </section>
  );
}

/**
 * Sends the user to the first permitted menu page (shell spec: routes), or shows Access denied. `denied`: the page
 * the user asked for and may not open, said plainly on arrival ('Access denied', not a silent redirect).
 */
export function FirstPermitted({ denied }: { denied?: RouteDef }) {
  const access = useAccess();
  const path = firstPermittedPath(access);
  useEffect(() => {
    if (denied && path)
      showToast({
        message: t('Access denied: you do not have permission to open {title}.', { title: t(denied.title) }),
        type: 'error',
      });
  }, [denied, path]);
  return path ? <Navigate to={path} replace /> : <AccessDenied />;
}

/** Route guard: permission (every/some) of the route and its parents, and the theme's disabled routes. */
export function Guarded({ route, children }: { route: RouteDef; children: ReactNode }) {
  const access = useAccess();
  if (!routeAllowed(route.name, access)) return <FirstPermitted denied={route} />;
  return <>{children}</>;
}
