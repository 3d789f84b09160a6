import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useParams } from 'react-router-dom';
import { t } from '../../engine/i18n/i18n';
import { fillPath } from '../../engine/routes/path';
import { indexTab, pathFor, routeAllowed } from '../routes/resolve';
import type { RouteDef } from '../routes/table';
import { useAccess } from './access';
import { FirstPermitted } from './Guarded';
import { RouteContent } from './RouteContent';

const ItemHeader = lazy(() => import('../pages/ItemHeader').then((m) => ({ default: m.ItemHeader })));

function useVisibleTabs(route: RouteDef): RouteDef[] {
  const access = useAccess();
  return (route.tabs ?? []).filter((tab) => !tab.hiddenTab && routeAllowed(tab.name, access));
}

/** Tabs of a route as links to nested routes, with the active tab's content below. */
export function TabsLayout({ route }: { route: RouteDef }) {
  const params = useParams();
  const tabs = useVisibleTabs(route);
  const stripRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // A missing item (the header's 404) has no tabs to show: its header says it was not found.
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    // On a narrow screen the strip scrolls: keep the active tab in sight (without moving the page).
    const strip = stripRef.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
    const [box, tab] = [strip.getBoundingClientRect(), active.getBoundingClientRect()];
    strip.scrollLeft += tab.left - box.left - (box.width - tab.width) / 2;
  }, [pathname]);
  return (
    <div className="tabs-layout">
      {/* A route whose page document heads its tabs (the device) shows it above them. */}
      {route.header && (
        <Suspense fallback={null}>
          <ItemHeader page={route.page} listPath={route.parent ? pathFor(route.parent) : '/'} onMissing={setMissing} />
        </Suspense>
      )}
      {/* A strip with one tab is noise (a guest sees only "Users" of the Users tabs). */}
      {tabs.length > 1 && !missing && (
        <nav ref={stripRef} className="tabs" aria-label={t('{title} tabs', { title: t(route.title) })}>
          {tabs.map((tab) => (
            <NavLink key={tab.name} to={fillPath(tab.path, params)} end={tab.path === route.path} className="tab">
              {t(tab.title)}
            </NavLink>
          ))}
        </nav>
      )}
      {!missing && (
        <div className="tab-panel">
          <Outlet />
        </div>
      )}
    </div>
  );
}

/**
 * Index of a tabbed route: its own index tab in place when permitted, else a
 * redirect to its default or first permitted tab (engine/routes/index-tab.ts).
 */
export function IndexTab({ route }: { route: RouteDef }) {
  const params = useParams();
  const target = indexTab(route.name, useAccess());
  if (!target) return <FirstPermitted />;
  if (target.path === route.path) return <RouteContent route={target} />;
  return <Navigate to={fillPath(target.path, params)} replace />;
}
