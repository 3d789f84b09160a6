import { useId, useState, type FormEvent } from 'react';
import { firstErrorItem, http, HttpError } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';
import { sameHostTarget, stripSelfRedirect } from '../../engine/session/redirect';
import { theme } from '../theme/theme';

function continueTarget(answered: string | undefined): string {
  const search = stripSelfRedirect(window.location.search, window.location.pathname);
  const requested = new URLSearchParams(search).get('continue_url');
  return sameHostTarget(requested, window.location) ?? sameHostTarget(answered, window.location) ?? '/';
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
      const continueUrl = new URLSearchParams(window.location.search).get('continue_url') ?? undefined;
      const response = await http.post<{ data?: { location?: string } }>(
        '/account/login',
        { email: email.trim(), password, ...(continueUrl ? { continue_url: continueUrl } : {}) },
        { skipCancel: true },
      );
      window.location.assign(continueTarget(response.data?.data?.location));
    } catch (failure) {
      const message =
        failure instanceof HttpError ? (firstErrorItem(failure.data)?.message ?? failure.message) : String(failure);
      setError(message);
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
