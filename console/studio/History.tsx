import { useEffect, useState } from 'react';
import type { DocumentKind } from '../../engine/schema/document-source';
import { formatDateTime } from '../i18n/time';
import { listVersions, type VersionRow } from './api';
import { t } from '../../engine/i18n/i18n';
import { versionActionLabel } from '../../engine/schema/version-actions';

// Every version of a document with its author and time; any older one can be
// restored (a revert publishes it again as the newest version).

export interface HistoryProps {
  kind: DocumentKind;
  name: string;
  /** The published version: the list reloads when it moves. */
  current: number;
  onRevert(version: number): void;
}

export function History({ kind, name, current, onRevert }: HistoryProps) {
  const [rows, setRows] = useState<VersionRow[]>();
  useEffect(() => {
    let live = true;
    void listVersions(kind, name).then((list) => live && setRows(list));
    return () => {
      live = false;
    };
  }, [kind, name, current]);
  if (!rows) return <p aria-busy="true">{t('Loading…')}</p>;
  return (
    <table className="studio-history">
      <caption>{t('Versions of {name}', { name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('Version')}</th>
          <th scope="col">{t('Change')}</th>
          <th scope="col">{t('Author')}</th>
          <th scope="col">{t('Time')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('Actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.version}>
            <td>{row.version}</td>
            <td>{t(versionActionLabel(row.action))}</td>
            <td>{row.author}</td>
            <td>{formatDateTime(row.created_at)}</td>
            <td>
              {row.version !== current && (
                <button type="button" className="fc-btn" onClick={() => onRevert(row.version)}>
                  {t('Revert to version {version}', { version: row.version })}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
