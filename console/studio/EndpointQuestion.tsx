import type { ApiRoute } from './api';
import { RoutePicker } from './RoutePicker';
import { t } from '../../engine/i18n/i18n';

// A form without an endpoint (a new form starts so): ask which API call it sends,
// from the routes the server has, instead of assuming one.

export function EndpointQuestion({ onPick }: { onPick(route: ApiRoute): void }) {
  return (
    <div className="studio-question" role="group" aria-labelledby="studio-endpoint-question">
      <p id="studio-endpoint-question">{t('Which API call does this form send? Pick it from the server’s routes.')}</p>
      <RoutePicker label={t('Endpoint')} onPick={onPick} />
    </div>
  );
}
