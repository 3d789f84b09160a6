import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { theme } from '../theme/theme';
import { t } from '../../engine/i18n/i18n';
import { fillPath, routeIndex } from '../routes/resolve';
import { useCurrentRoute } from './useCurrentRoute';

/** Route trail plus the current route title. */
export function Breadcrumbs() {
  const current = useCurrentRoute();
  const params = useParams();
  const title = current ? t(current.title) : '';
  useEffect(() => {
    document.title = title ? `${title} · ${theme.appName}` : theme.appName;
  }, [title]);
  if (!current) return null;
  const trail = routeIndex.get(current.name)?.trail ?? [];
  const canLink = (path: string) =>
    path.split('/').every((seg) => !seg.startsWith(':') || params[seg.slice(1).replace(/\?$/, '')]);
  return (
    <nav aria-label={t('Breadcrumb')} className="breadcrumbs">
      <ol>
        {trail.map((route) => (
          <li key={route.name}>
            {canLink(route.path) ? <Link to={fillPath(route.path, params)}>{t(route.title)}</Link> : t(route.title)}
          </li>
        ))}
        <li aria-current="page">{t(current.title)}</li>
      </ol>
    </nav>
  );
}
