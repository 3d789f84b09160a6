import { useState } from 'react';
import { http } from '../../engine/http/client';
import { RESEND_FAILED, RESEND_SENT, resendFailureMessage } from '../../engine/session/activation';
import { showToast } from '../../engine/stores/toasts';
import { t } from '../../engine/i18n/i18n';
import type { StartupNotice } from '../../engine/session/load-user';
import { theme } from '../theme/theme';

function NoticePage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="notice-page">
      <section className="notice-card" aria-labelledby="notice-title">
        <img src={theme.logo} alt="" width={40} height={40} />
        <h1 id="notice-title">{title}</h1>
        {children}
      </section>
    </main>
  );
}

function LogoutLink() {
  return (
    <p>
      <a href="/logout">{t('Logout')}</a>
    </p>
  );
}

/** EMAIL_NOT_VERIFIED: the auth notice with resend activation. */
function AuthNotice() {
  const [sending, setSending] = useState(false);
  async function resend() {
    setSending(true);
    try {
      await http.post('/account/user/activation/resend');
      showToast({ message: t(RESEND_SENT), type: 'success' });
    } catch (error) {
      showToast({ message: resendFailureMessage(error, t(RESEND_FAILED)), type: 'error' });
    } finally {
      setSending(false);
    }
  }
  return (
    <NoticePage title={t('Verify your e-mail address')}>
      <p>{t('Your e-mail address is not verified yet. Follow the link in the confirmation e-mail to continue.')}</p>
      <button type="button" className="btn btn-primary" onClick={resend} disabled={sending}>
        {t('Resend activation e-mail')}
      </button>
      <LogoutLink />
    </NoticePage>
  );
}

export function StartupNoticePage({ code }: { code: StartupNotice }) {
  if (code === 'EMAIL_NOT_VERIFIED') return <AuthNotice />;
  if (code === 'NOT_INVITED_EXTERNAL_USER') {
    return (
      <NoticePage title={t('Single sign-on')}>
        <p>{t('The external user has not been invited.')}</p>
        <LogoutLink />
      </NoticePage>
    );
  }
  return (
    <NoticePage title={t('Multi-factor authentication required')}>
      <p>{t('Your company requires multi-factor authentication. Set it up in your account settings to continue.')}</p>
      <LogoutLink />
    </NoticePage>
  );
}

export function MaintenancePage() {
  return (
    <NoticePage title={t('Maintenance')}>
      <p>{t('The console is under maintenance. Please try again later.')}</p>
      <p>
        <a href="/">{t('Try again')}</a>
      </p>
    </NoticePage>
  );
}

export function StartupFailurePage({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <NoticePage title={t(message)}>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {t('Try again')}
      </button>
    </NoticePage>
  );
}
