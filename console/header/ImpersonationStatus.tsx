import { http, serverMessage } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';
import { confirm } from '../../engine/prompts/confirm';
import { showToast } from '../../engine/stores/toasts';
import { Submenu } from './Submenu';
import { formatDateTime } from '../i18n/time';

/** Impersonation until {time} with 'Revoke access' (forms spec §2, §4). */
export function ImpersonationStatus({ until }: { until: Date }) {
  async function revoke() {
    try {
      await confirm({ title: t('Revoke impersonation access?'), confirmText: t('Revoke access') });
    } catch {
      return;
    }
    try {
      await http.post('/user/revoke-impersonation-access', undefined, { skipCancel: true });
      window.location.reload();
    } catch (error) {
      showToast({ message: serverMessage(error), type: 'error' });
    }
  }
  return (
    <Submenu label={t('Impersonation')} detail={formatDateTime(until)}>
      <p>
        {t('Impersonation until')} <time dateTime={until.toISOString()}>{formatDateTime(until)}</time>
      </p>
      <button type="button" className="btn btn-small btn-danger" onClick={revoke}>
        {t('Revoke access')}
      </button>
    </Submenu>
  );
}
