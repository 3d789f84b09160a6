import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { t } from '../../engine/i18n/i18n';
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

/** Sends the user to the first permitted menu page, or shows Access denied. */
export function FirstPermitted() {
  const access = useAccess();
  const path = firstPermittedPath(access);
  return path ? <Navigate to={path} replace /> : <AccessDenied />;
}

/** Route guard: permission (every/some) of the route and its parents, and the theme's disabled routes. */
export function Guarded({ route, children }: { route: RouteDef; children: ReactNode }) {
  const access = useAccess();
  if (!routeAllowed(route.name, access)) return <FirstPermitted />;
  return <>{children}</>;
}
