// The SSH and Telnet pages (rms-connect/ssh, rms-connect/telnet): an xterm.js
// terminal over the server's relay to the device of the link's remote access
// entry. The terminal's input is named "Terminal input"; copy and paste work
// with the buttons, the selection and Ctrl+Shift+C / Ctrl+Shift+V; a closed
// connection says so and offers Reconnect; the session's time left shows. An
// SSH link is shareable (shell spec: the page opens without login with its key).
import '@xterm/xterm/css/xterm.css';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../engine/i18n/i18n';
import {
  AccountForm,
  ConnectionClosed,
  linkKeyOfPage,
  LinkStatus,
  useLink,
  type Account,
  type ConnectPageProps,
  type LinkInfo,
} from './link';
import { openRelay, type RelayConnection } from './relay-client';
import { ShareLink } from './ShareLink';
import { TimeLeft } from './TimeLeft';
import './connect.css';

export function TerminalPage({ title }: ConnectPageProps) {
  const key = linkKeyOfPage();
  const state = useLink(key);
  const [account, setAccount] = useState<Account | null>(null);
  if (state.kind !== 'ready') return <LinkStatus state={state} title={title} />;
  const { link } = state;
  if (link.credentials === 'ask' && !account) return <AccountForm onSubmit={setAccount} />;
  return <TerminalView linkKey={key} link={link} account={account ?? {}} />;
}

function TerminalView(props: { linkKey: string; link: LinkInfo; account: { username?: string; password?: string } }) {
  const { linkKey, link, account } = props;
  const host = useRef<HTMLDivElement>(null);
  const terminal = useRef<Terminal | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [closed, setClosed] = useState<string | null>(null);
  const [endsAt] = useState(() => Date.now() + link.ttl * 1000);

  useEffect(() => {
    const term = new Terminal({ cursorBlink: true, convertEol: false, fontSize: 14 });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(host.current!);
    term.textarea?.setAttribute('aria-label', t('Terminal input'));
    fit.fit();
    terminal.current = term;
    setClosed(null);
    const relay: RelayConnection = openRelay(linkKey, { cols: term.cols, rows: term.rows }, account, {
      session: () => undefined,
      ready: () => term.focus(),
      output: (bytes) => term.write(bytes),
      closed: (reason) => setClosed(reason || t('The connection was closed.')),
    });
    term.onData((data) => relay.send(data));
    term.onResize(({ cols, rows }) => relay.resize(cols, rows));
    term.attachCustomKeyEventHandler((event) => {
      if (event.type !== 'keydown' || !event.ctrlKey || !event.shiftKey) return true;
      if (event.code === 'KeyC') void navigator.clipboard?.writeText(term.getSelection());
      else if (event.code === 'KeyV') void navigator.clipboard?.readText().then((text) => term.paste(text));
      else return true;
      return false;
    });
    const observer = new ResizeObserver(() => fit.fit());
    observer.observe(host.current!);
    term.focus();
    return () => {
      observer.disconnect();
      relay.close();
      term.dispose();
      terminal.current = null;
    };
  }, [linkKey, account, attempt]);

  const copy = () => void navigator.clipboard?.writeText(terminal.current?.getSelection() ?? '');
  const paste = () =>
    void navigator.clipboard?.readText().then((text) => {
      terminal.current?.paste(text);
      terminal.current?.focus();
    });

  return (
    <section className="connect-page" aria-label={t('Terminal')}>
      <header className="connect-header">
        <h1>
          {link.name} <small>{link.device_name}</small>
        </h1>
        <TimeLeft endsAt={endsAt} />
        <button className="fc-btn" type="button" onClick={copy}>
          {t('Copy')}
        </button>
        <button className="fc-btn" type="button" onClick={paste}>
          {t('Paste')}
        </button>
        {link.protocol === 'ssh' && <ShareLink />}
      </header>
      {closed !== null && <ConnectionClosed reason={closed} onReconnect={() => setAttempt((n) => n + 1)} />}
      <div className="connect-terminal" ref={host} />
    </section>
  );
}
