import { useEffect, useState } from 'react';
import { listEndpoints, type ApiRoute } from './api';
import { t } from '../../engine/i18n/i18n';

// A form whose method and endpoint no server route answers would render and then
// fail with a 404 on submit: say so, and offer the API's routes to pick from.

export interface EndpointWarningProps {
  method: string;
  endpoint: string;
  onPick(route: ApiRoute): void;
}

export function EndpointWarning({ method, endpoint, onPick }: EndpointWarningProps) {
  const [routes, setRoutes] = useState<ApiRoute[]>([]);
  useEffect(() => {
    void listEndpoints().then((list) =>
      setRoutes(list.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))),
    );
  }, []);
  return (
    <div className="studio-warning" role="alert">
      <p>
        {t('No server route answers {method} {endpoint}: a submit would fail with 404.', {
          method: method.toUpperCase(),
          endpoint,
        })}
      </p>
      <label>
        {t('Pick an endpoint of the API')}
        <select
          value=""
          onChange={(e) => {
            const route = routes[Number(e.target.value)];
            if (route) onPick(route);
          }}
        >
          <option value="">{t('Choose…')}</option>
          {routes.map((r, i) => (
            <option key={`${r.method} ${r.path}`} value={i}>
              {r.method} {r.path}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
