import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { t } from '../../engine/i18n/i18n';
import { markContentShown } from '../../engine/pages/first-content';
import type { RouteDef } from '../routes/table';

// Route content is loaded on demand so the first load stays small (the form
// engine comes with the form route or the first opened form only).
const RoutePage = lazy(() => import('../pages/RoutePage').then((m) => ({ default: m.RoutePage })));

const formRouteModules = import.meta.glob<{ FormRoute: ComponentType }>('../forms/FormRoute.tsx');
const loadFormRoute = formRouteModules['../forms/FormRoute.tsx'];
const FormRoute = loadFormRoute ? lazy(() => loadFormRoute().then((m) => ({ default: m.FormRoute }))) : undefined;
// The studio brings the code editor with it, on this route only.
const StudioPage = lazy(() => import('../studio/StudioPage').then((m) => ({ default: m.StudioPage })));

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
  // A page document says when it has shown its content (PageView); a form or the studio does not wait for that.
  useEffect(() => {
    if (Form || studio) markContentShown();
  }, [Form, studio]);
  return (
    <Suspense fallback={<Loading />}>
      {Form ? <Form /> : studio ? <StudioPage /> : <RoutePage page={route.page} />}
    </Suspense>
  );
}
