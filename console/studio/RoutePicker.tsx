import { useEffect, useState } from 'react';
import { listEndpoints, type ApiRoute } from './api';
import { t } from '../../engine/i18n/i18n';

// A picker of the API's routes a form can submit to (POST, PUT, PATCH, DELETE): the
// endpoint warning offers it, so do the form's properties and a new form's start.

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

export function RoutePicker({ label, onPick }: { label: string; onPick(route: ApiRoute): void }) {
  const [routes, setRoutes] = useState<ApiRoute[]>([]);
  useEffect(() => {
    void listEndpoints().then((list) => setRoutes(list.filter((r) => WRITE_METHODS.includes(r.method))));
  }, []);
  return (
    <label>
      {label}
      <select
        className="fc-input"
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
  );
}
