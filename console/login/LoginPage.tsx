import { useId, useState, type FormEvent } from 'react';
import { http, serverMessage } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';
import { continueTarget, stripSelfRedirect } from '../../engine/session/redirect';
import { theme } from '../theme/theme';

/** The page's continue_url, without a redirect to the current location (shell spec §5). */
function requestedContinueUrl(): string | null {
  const search = stripSelfRedirect(window.location.search, window.location.pathname);
  return new URLSearchParams(search).get('continue_url');
}

function afterSignIn(answered: string | undefined): string {
  return continueTarget(requestedContinueUrl(), window.location) ?? continueTarget(answered, window.location) ?? '/';
}

/** The sign-in page at /account/login: GET /api/health for the XSRF cookie, then POST /api/account/login. */
export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await http.get('/health', { skipCancel: true });
      const continueUrl = requestedContinueUrl();
      const response = await http.post<{ data?: { location?: string } }>(
        '/account/login',
        { email: email.trim(), password, ...(continueUrl ? { continue_url: continueUrl } : {}) },
        { skipCancel: true },
      );
      window.location.assign(afterSignIn(response.data?.data?.location));
    } catch (failure) {
      setError(serverMessage(failure));
      setBusy(false);
    }
  }

  return (
    <main className="login-page">
      <form className="login-card" onSubmit={submit} aria-labelledby="login-title" noValidate>
        <div className="login-brand">
          <img src={theme.logo} alt="" width={40} height={40} />
          <span>{theme.appName}</span>
        </div>
        <h1 id="login-title">{t('Sign in')}</h1>
        <label className="field">
          <span>{t('E-mail')}</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </label>
        <label className="field">
          <span>{t('Password')}</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </label>
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !email || !password}>
          {t('Sign in')}
        </button>
      </form>
    </main>
  );
}
