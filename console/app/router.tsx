import { lazy, Suspense, useMemo, useRef } from 'react';
import { BrowserRouter, matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { http, ROUTE_CHANGED } from '../../engine/http/client';
import { loginUrl } from '../../engine/session/redirect';
import { routes, type RouteDef } from '../routes/table';
import { Layout } from '../layout/Layout';
import { CurrentRouteContext } from '../layout/useCurrentRoute';
import { IndexTab, TabsLayout } from './TabsLayout';
import { FirstPermitted, Guarded } from './Guarded';
import { Loading, RouteContent } from './RouteContent';
import { RouteErrorBoundary } from './RouteError';
import { Root } from './Root';
import { NotFound } from './NotFound';
import { Logout } from './Logout';
import { useSessionUser } from './access';

const LoginPage = lazy(() => import('../login/LoginPage').then((m) => ({ default: m.LoginPage })));

export interface RouteHandle {
  route: RouteDef;
}

function toRouteObject(route: RouteDef): RouteObject {
  const handle: RouteHandle = { route };
  if (!route.tabs) {
    return { path: route.path, handle, element: <Guarded route={route}>{<RouteContent route={route} />}</Guarded> };
  }
  // The index shows the tab at the route's own path (the users table) or sends to the first permitted tab.
  const indexTab = route.tabs.find((tab) => tab.path === route.path);
  const children: RouteObject[] = [
    {
      index: true,
      ...(indexTab ? { handle: { route: indexTab } satisfies RouteHandle } : {}),
      element: <IndexTab route={route} />,
    },
    ...route.tabs.filter((tab) => tab !== indexTab).map(toRouteObject),
  ];
  return {
    path: route.path,
    handle,
    element: (
      <Guarded route={route}>
        <TabsLayout route={route} />
      </Guarded>
    ),
    children,
  };
}

/** The app's routes need a session; without one they go to the login page. */
function RequireSession() {
  const user = useSessionUser();
  if (!user) return <Navigate to={loginUrl(window.location)} replace />;
  return <Layout />;
}

const standaloneNames = new Set(['logout', 'not-found', 'account.login']);

/** A standalone connection page at any path (start-up chose it because the path contains its segment). */
function standaloneRoute(route: RouteDef, path: string): RouteObject {
  return {
    path,
    handle: { route } satisfies RouteHandle,
    element: (
      <main className="standalone">
        <RouteContent route={route} />
      </main>
    ),
  };
}

/**
 * The routes of this page load. When start-up chose a standalone page by path
 * (shell spec §2: a path *containing* rms-connect/desktop, …/ssh, …/telnet or
 * …/sftp), that page answers every path; otherwise the full application.
 */
export function appRoutes(standalone?: string): RouteObject[] {
  const inApp = routes.filter((route) => !route.standalone);
  const connect = routes.filter((route) => route.standalone && !standaloneNames.has(route.name));
  const chosen = connect.find((route) => route.name === standalone);
  const root = (
    <RouteErrorBoundary>
      <Root />
    </RouteErrorBoundary>
  );
  if (chosen) return [{ element: root, children: [standaloneRoute(chosen, '*')] }];
  return [
    {
      element: root,
      children: [
        {
          path: '/account/login',
          element: (
            <Suspense fallback={<Loading />}>
              <LoginPage />
            </Suspense>
          ),
        },
        { path: '/404', element: <NotFound /> },
        { path: '/logout', element: <Logout /> },
        ...connect.map((route) => standaloneRoute(route, route.path)),
        {
          element: (
            <RouteErrorBoundary>
              <RequireSession />
            </RouteErrorBoundary>
          ),
          children: [
            { index: true, element: <FirstPermitted /> },
            ...inApp.map(toRouteObject),
            { path: '*', element: <FirstPermitted /> },
          ],
        },
      ],
    },
  ];
}

/** The deepest matched route of the table. */
function currentRoute(routes: RouteObject[], pathname: string): RouteDef | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const route = (matches[i].route.handle as RouteHandle | undefined)?.route;
    if (route) return route;
  }
  return undefined;
}

/**
 * Pending requests are cancelled on a route change (shell spec §4): when the
 * routes render for a new path, before the new route renders (and starts its own).
 */
function useCancelOnRouteChange(pathname: string) {
  const shown = useRef(pathname);
  if (shown.current === pathname) return;
  shown.current = pathname;
  http.cancelPending(ROUTE_CHANGED);
}

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  useCancelOnRouteChange(pathname);
  const current = useMemo(() => currentRoute(routes, pathname), [routes, pathname]);
  return <CurrentRouteContext value={current}>{useRoutes(routes)}</CurrentRouteContext>;
}

/**
 * The app at the browser's location. Declarative routing (no data router: the
 * routes load nothing before they render), which keeps React Router's part of
 * the first load small (issue 10).
 */
export function AppRouter({ standalone }: { standalone?: string }) {
  const routes = useMemo(() => appRoutes(standalone), [standalone]);
  return (
    <BrowserRouter>
      <AppRoutes routes={routes} />
    </BrowserRouter>
  );
}
