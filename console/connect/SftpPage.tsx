// The SFTP page (rms-connect/sftp): the device's folders over the server's
// SFTP endpoints (server/remote/sftp-route.ts) named by the link key. Open a
// folder, go up, download a file, upload one (the file input's rules: 80 MB,
// the forbidden-names warning; the progress shows as every transfer's does),
// make a folder, delete a file or a folder with everything in it. The session's time left
// shows; the server logs every operation.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { checkFile } from '../../engine/fields/file';
import { firstErrorItem } from '../../engine/contract/envelope';
import { formatBytes } from '../../engine/format/bytes';
import { http } from '../../engine/http/client';
import { HttpError } from '../../engine/http/errors';
import { t } from '../../engine/i18n/i18n';
import { saveBlob } from '../../renderer/files/downloadFile';
import { formatDateTime } from '../i18n/time';
import {
  AccountForm,
  linkKeyOfPage,
  LinkStatus,
  useLink,
  type Account,
  type ConnectPageProps,
  type LinkInfo,
} from './link';
import { TimeLeft } from './TimeLeft';
import './connect.css';

interface Entry {
  name: string;
  type: 'folder' | 'file';
  size: number;
  modified: string | null;
}

const messageOf = (error: unknown) =>
  (error instanceof HttpError && firstErrorItem(error.data)?.message) || t('Failed to connect to server');

const join = (folder: string, name: string) => `${folder === '/' ? '' : folder}/${name}`;
const parentOf = (folder: string) => folder.slice(0, folder.lastIndexOf('/')) || '/';

export function SftpPage({ title }: ConnectPageProps) {
  const key = linkKeyOfPage();
  const state = useLink(key);
  const [account, setAccount] = useState<{ error?: string; done: boolean }>({ done: false });
  if (state.kind !== 'ready') return <LinkStatus state={state} title={title} />;
  const base = `/remote/sftp/${encodeURIComponent(key)}`;
  if (state.link.credentials === 'ask' && !account.done) {
    const submit = (typed: Account) =>
      http
        .post(`${base}/account`, typed)
        .then(() => setAccount({ done: true }))
        .catch((error: unknown) => setAccount({ done: false, error: messageOf(error) }));
    return <AccountForm onSubmit={submit} error={account.error} />;
  }
  return <FileBrowser base={base} link={state.link} />;
}

function FileBrowser({ base, link }: { base: string; link: LinkInfo }) {
  const [folder, setFolder] = useState('/');
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [endsAt] = useState(() => Date.now() + link.ttl * 1000);

  const load = useCallback(
    (path: string) =>
      http
        .get<{ data: { path: string; entries: Entry[] } }>(`${base}/list`, { params: { path } })
        .then((response) => {
          setFolder(response.data!.data.path);
          setEntries(response.data!.data.entries);
          setProblem(null);
        })
        .catch((error: unknown) => setProblem(messageOf(error))),
    [base],
  );
  useEffect(() => void load('/'), [load]);

  /** Runs an operation, then shows the folder again (or says why it failed). */
  const run = (work: Promise<unknown>) =>
    work.then(() => load(folder)).catch((error: unknown) => setProblem(messageOf(error)));

  const download = (entry: Entry) =>
    run(
      http
        .get<Blob>(`${base}/file`, {
          params: { path: join(folder, entry.name) },
          responseType: 'blob',
          transferLabel: entry.name,
        })
        .then((response) => saveBlob(response.data!, entry.name)),
    );

  const upload = (file: File | undefined) => {
    if (!file) return;
    const check = checkFile(file);
    const refusal = check.error ?? check.warning;
    if (refusal) return setProblem(refusal);
    const form = new FormData();
    form.set('path', folder);
    form.set('file', file, file.name);
    return run(http.post(`${base}/file`, form));
  };

  const makeFolder = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('folder') as HTMLInputElement;
    const name = input.value.trim();
    if (!name) return;
    void run(http.post(`${base}/folders`, { path: folder, name }).then(() => (input.value = '')));
  };

  const remove = (entry: Entry) => {
    const question =
      entry.type === 'folder'
        ? t('Delete folder {name} and everything in it?', { name: entry.name })
        : t('Delete file {name}?', { name: entry.name });
    if (window.confirm(question))
      void run(http.delete(`${base}/entries`, { params: { path: join(folder, entry.name) } }));
  };

  return (
    <section className="connect-page" aria-label={t('Files')}>
      <header className="connect-header">
        <h1>
          {link.name} <small>{link.device_name}</small>
        </h1>
        <TimeLeft endsAt={endsAt} />
      </header>
      <div className="connect-toolbar">
        <button className="fc-btn" type="button" disabled={folder === '/'} onClick={() => void load(parentOf(folder))}>
          {t('Up')}
        </button>
        <span className="connect-path" aria-label={t('Folder')}>
          {folder}
        </span>
        <label className="fc-btn">
          {t('Upload file')}
          <input
            className="connect-file-input"
            type="file"
            onChange={(event) => {
              void upload(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
        </label>
        <form className="connect-new-folder" onSubmit={makeFolder}>
          <input name="folder" aria-label={t('Folder name')} placeholder={t('Folder name')} maxLength={255} />
          <button className="fc-btn" type="submit">
            {t('New folder')}
          </button>
        </form>
      </div>
      {problem && <p role="alert">{problem}</p>}
      {entries === null ? (
        !problem && <p role="status">{t('Loading…')}</p>
      ) : (
        <table className="connect-files">
          <caption className="visually-hidden">{t('Files in {folder}', { folder })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Name')}</th>
              <th scope="col">{t('Size')}</th>
              <th scope="col">{t('Modified')}</th>
              <th scope="col">{t('Actions')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 && (
              <tr>
                <td colSpan={4}>{t('The folder is empty.')}</td>
              </tr>
            )}
            {entries.map((entry) => (
              <tr key={entry.name}>
                <td>
                  {entry.type === 'folder' ? (
                    <button className="connect-link" type="button" onClick={() => void load(join(folder, entry.name))}>
                      {entry.name}/
                    </button>
                  ) : (
                    entry.name
                  )}
                </td>
                <td>{entry.type === 'file' ? formatBytes(entry.size) : '—'}</td>
                <td>
                  {entry.modified ? <time dateTime={entry.modified}>{formatDateTime(entry.modified)}</time> : '—'}
                </td>
                <td className="connect-actions">
                  {entry.type === 'file' && (
                    <button
                      className="fc-btn"
                      type="button"
                      aria-label={`${t('Download')} ${entry.name}`}
                      onClick={() => void download(entry)}
                    >
                      {t('Download')}
                    </button>
                  )}
                  <button
                    className="fc-btn page-danger"
                    type="button"
                    aria-label={`${t('Delete')} ${entry.name}`}
                    onClick={() => remove(entry)}
                  >
                    {t('Delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
