import { useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { t } from '../../engine/i18n/i18n';
import { clearErrorLog, errorLog } from '../../engine/stores/error-log';
import { Icon } from '../layout/icons';
import { Dropdown } from './Dropdown';
import { formatDateTime } from '../i18n/time';

/**
 * The header's error widget (shell spec §2): this session's recent failed requests and script errors, newest
 * first, each with its time, message and call; cleared on demand. The trigger counts them.
 */
export function ErrorLog() {
  const { entries } = useSnapshot(errorLog);
  const [open, setOpen] = useState(false);
  // Shown once something has failed, like the announcements once there are some: a phone's header has no room
  // for a widget with nothing to say. Cleared, it stays open (saying so) until closed.
  if (!entries.length && !open) return null;
  const label = entries.length ? t('Errors ({count})', { count: entries.length }) : t('Errors');
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      label={label}
      panelLabel={t('Recent errors')}
      className="error-log"
      trigger={
        <>
          <Icon name="warning" />
          {entries.length > 0 && (
            <span className="counter" aria-hidden="true">
              {entries.length}
            </span>
          )}
        </>
      }
    >
      <h2 className="dropdown-title">{t('Recent errors')}</h2>
      {entries.length === 0 && <p className="dropdown-empty">{t('No errors')}</p>}
      {entries.length > 0 && (
        <ul className="notification-list error-log-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <p>{entry.message}</p>
              {entry.request && (
                <code className="error-log-request">
                  {entry.request}
                  {entry.status ? ` · ${entry.status}` : ''}
                </code>
              )}
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </li>
          ))}
        </ul>
      )}
      <div className="dropdown-footer">
        <button type="button" className="btn btn-small" onClick={clearErrorLog}>
          {t('Clear')}
        </button>
      </div>
    </Dropdown>
  );
}
