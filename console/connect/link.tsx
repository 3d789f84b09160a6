// What every rms-connect page starts with: the session its link key names
// (GET /remote/links/{key}: the entry's name, device, protocol, time left and
// whether the device's account must be typed), and the form for that account.
import { useEffect, useState, type FormEvent } from 'react';
import { http } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';

export interface LinkInfo {
  protocol: string;
  name: string;
  device_name: string;
  ttl: number;
  credentials: 'stored' | 'ask' | 'device';
}

export interface Account {
  username: string;
  password: string;
}

export type LinkState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; link: LinkInfo };

/** The page's link key (the `key` query parameter). */
export const linkKeyOfPage = () => new URLSearchParams(window.location.search).get('key') ?? '';

export function useLink(key: string): LinkState {
  const [state, setState] = useState<LinkState>({ kind: 'loading' });
  useEffect(() => {
    if (!key) return setState({ kind: 'error', message: t('Open this page with Connect on a remote access entry.') });
    http
      .get<{ data: LinkInfo }>(`/remote/links/${encodeURIComponent(key)}`)
      .then((response) => setState({ kind: 'ready', link: response.data!.data }))
      .catch(() => setState({ kind: 'error', message: t('The link is invalid or has expired.') }));
  }, [key]);
  return state;
}

/** The props of an rms-connect page: its route's title (SSH, Telnet, SFTP). */
export interface ConnectPageProps {
  title: string;
}

/** The loading and error states of a link under the page's title, or null once it is ready. */
export function LinkStatus({ state, title }: { state: LinkState; title: string }) {
  if (state.kind === 'ready') return null;
  return (
    <section className="connect-page" aria-labelledby="connect-title">
      <h1 id="connect-title">{t(title)}</h1>
      {state.kind === 'loading' ? <p role="status">{t('Loading…')}</p> : <p role="alert">{state.message}</p>}
    </section>
  );
}

export function AccountForm({ onSubmit, error }: { onSubmit(account: Account): void; error?: string }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSubmit({ username: String(form.get('username')), password: String(form.get('password')) });
  };
  return (
    <form className="connect-account" onSubmit={submit}>
      {error && <p role="alert">{error}</p>}
      <label>
        {t('Username')} <input name="username" autoComplete="username" required />
      </label>
      <label>
        {t('Password')} <input name="password" type="password" autoComplete="current-password" />
      </label>
      <button className="fc-btn" type="submit">
        {t('Connect')}
      </button>
    </form>
  );
}

/** A connection's end, in the words the server gave, with Reconnect. */
export function ConnectionClosed({ reason, onReconnect }: { reason: string; onReconnect(): void }) {
  return (
    <div className="connect-closed" role="status">
      <strong>{t('Connection closed')}</strong> <span>{reason}</span>{' '}
      <button className="fc-btn" type="button" onClick={onReconnect}>
        {t('Reconnect')}
      </button>
    </div>
  );
}
