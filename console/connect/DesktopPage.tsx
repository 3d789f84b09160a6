// The remote desktop page (rms-connect/desktop): noVNC's RFB client over the
// server's relay to the VNC address of the link's remote access entry. The
// desktop scales to the window and takes the keyboard when clicked or on
// connect; Paste sends the clipboard's text, Ctrl+Alt+Del the key
// combination; a closed connection says so and offers Reconnect; the
// session's time left shows. A desktop link is shareable, like an SSH one
// (shell spec: the page opens without login with its key).
import RFB from '@novnc/novnc';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { t } from '../../engine/i18n/i18n';
import { ConnectionClosed, linkKeyOfPage, LinkStatus, useLink, type ConnectPageProps, type LinkInfo } from './link';
import { openRelay } from './relay-client';
import { ShareLink } from './ShareLink';
import { TimeLeft } from './TimeLeft';
import './connect.css';

export function DesktopPage({ title }: ConnectPageProps) {
  const key = linkKeyOfPage();
  const state = useLink(key);
  if (state.kind !== 'ready') return <LinkStatus state={state} title={title} />;
  return <DesktopView linkKey={key} link={state.link} />;
}

function DesktopView({ linkKey, link }: { linkKey: string; link: LinkInfo }) {
  const host = useRef<HTMLDivElement>(null);
  const rfb = useRef<RFB | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [closed, setClosed] = useState<string | null>(null);
  const [askPassword, setAskPassword] = useState(false);
  const [endsAt] = useState(() => Date.now() + link.ttl * 1000);

  useEffect(() => {
    setClosed(null);
    const relay = openRelay(
      linkKey,
      { cols: 80, rows: 24 },
      {},
      {
        session: () => undefined,
        ready: (socket) => {
          const client = new RFB(host.current!, socket);
          client.scaleViewport = true;
          client.focusOnClick = true;
          client.background = 'transparent';
          client.addEventListener('connect', () => client.focus());
          client.addEventListener('credentialsrequired', () => setAskPassword(true));
          rfb.current = client;
        },
        output: () => undefined,
        closed: (reason) => {
          setAskPassword(false);
          setClosed(reason || t('The connection was closed.'));
        },
      },
    );
    return () => {
      rfb.current?.disconnect();
      rfb.current = null;
      relay.close();
    };
  }, [linkKey, attempt]);

  const paste = () => void navigator.clipboard?.readText().then((text) => rfb.current?.clipboardPasteFrom(text));
  const sendPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    rfb.current?.sendCredentials({ password: String(new FormData(event.currentTarget).get('password')) });
    setAskPassword(false);
  };

  return (
    <section className="connect-page" aria-label={t('Remote desktop')}>
      <header className="connect-header">
        <h1>
          {link.name} <small>{link.device_name}</small>
        </h1>
        <TimeLeft endsAt={endsAt} />
        <button className="fc-btn" type="button" onClick={paste}>
          {t('Paste')}
        </button>
        <button className="fc-btn" type="button" onClick={() => rfb.current?.sendCtrlAltDel()}>
          {t('Send Ctrl+Alt+Del')}
        </button>
        <ShareLink />
      </header>
      {askPassword && (
        <form className="connect-account" onSubmit={sendPassword}>
          <label>
            {t('Password')} <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <button className="fc-btn" type="submit">
            {t('Connect')}
          </button>
        </form>
      )}
      {closed !== null && <ConnectionClosed reason={closed} onReconnect={() => setAttempt((n) => n + 1)} />}
      <div className="connect-desktop" ref={host} role="application" aria-label={t('Remote desktop screen')} />
    </section>
  );
}
