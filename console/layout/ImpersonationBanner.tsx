import { t } from '../../engine/i18n/i18n';
import { isImpersonating } from '../../engine/session/user';
import { useSessionUser } from '../app/access';

/** Shown while impersonating (shell spec §2); the header holds the cancel button. */
export function ImpersonationBanner() {
  const user = useSessionUser();
  if (!isImpersonating(user)) return null;
  return (
    <div className="impersonation-banner" role="status">
      {t('You are impersonating {email}.', { email: user?.email ?? '' })}
    </div>
  );
}
