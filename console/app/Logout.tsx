import { useEffect } from 'react';
import { http } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';

/** /logout: revokes the token, then follows the answered location (the login page by default). */
export function Logout() {
  useEffect(() => {
    void http.recovery.revoke();
  }, []);
  return (
    <main className="notice-page" aria-busy="true">
      <p role="status">{t('Signing out…')}</p>
    </main>
  );
}
