import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { theme } from '../theme/theme';
import { t } from '../../engine/i18n/i18n';
import { helpUrl } from '../../engine/theme/help';
import { fillPath, pathParamsPresent } from '../../engine/routes/path';
import { routeIndex } from '../routes/resolve';
import type { RouteDef } from '../routes/table';
import { useEntityName } from './entityName';
import { useFormTitle } from './formTitle';
import { useCurrentRoute } from './useCurrentRoute';

const NO_TRAIL: RouteDef[] = [];

/** Route trail plus the current route title; a detail route shows its item's name (the device, the company). */
export function Breadcrumbs() {
  const current = useCurrentRoute();
  const params = useParams();
  const trail = (current && routeIndex.get(current.name)?.trail) || NO_TRAIL;
  const entity = useEntityName(current ? [...trail, current] : NO_TRAIL, params);
  // The generic form screen is named after its form ("Move device resources", not "Form").
  const formTitle = useFormTitle(current?.name === 'form' ? params.name : undefined);
  const label = (route: RouteDef) => {
    if (entity?.route === route) return entity.name;
    if (route === current && formTitle) return formTitle;
    return t(route.title);
  };
  const title = current ? label(current) : '';
  const documentTitle = [title, entity && entity.route !== current ? entity.name : '', theme.appName]
    .filter(Boolean)
    .join(' · ');
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  if (!current) return null;
  const help = helpUrl(theme, current.name);
  return (
    <nav aria-label={t('Breadcrumb')} className="breadcrumbs">
      <ol>
        {trail.map((route) => (
          <li key={route.name}>
            {pathParamsPresent(route.path, params) ? (
              <Link to={fillPath(route.path, params)}>{label(route)}</Link>
            ) : (
              label(route)
            )}
          </li>
        ))}
        <li aria-current="page">{label(current)}</li>
      </ol>
      {help && (
        <a className="breadcrumbs__help" href={help} target="_blank" rel="noopener noreferrer">
          {t('Help')}
        </a>
      )}
    </nav>
  );
}
