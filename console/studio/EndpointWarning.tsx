import type { ApiRoute } from './api';
import { RoutePicker } from './RoutePicker';
import { t } from '../../engine/i18n/i18n';

// A form whose method and endpoint no server route answers would render and then
// fail with a 404 on submit: say so, and offer the API's routes to pick from.

export interface EndpointWarningProps {
  method: string;
  endpoint: string;
  onPick(route: ApiRoute): void;
}

export function EndpointWarning({ method, endpoint, onPick }: EndpointWarningProps) {
  return (
    <div className="studio-warning" role="alert">
      <p>
        {t('No server route answers {method} {endpoint}: a submit would fail with 404.', {
          method: method.toUpperCase(),
          endpoint,
        })}
      </p>
      <RoutePicker label={t('Pick an endpoint of the API')} onPick={onPick} />
    </div>
  );
}
