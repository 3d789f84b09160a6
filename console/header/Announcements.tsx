import { useEffect, useState } from 'react';
import { announcementTitle } from '../../engine/domain/announcements';
import { http } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';
import { Icon } from '../layout/icons';
import { Dropdown } from './Dropdown';

/** Dismissal is remembered under a key dated 2025-03-07 (forms spec §4). */
export const ANNOUNCEMENTS_DISMISSED_KEY = 'system_announcements_dismissed_2025-03-07';

/** The sanitiser (DOMPurify), loaded when the list first opens: the first paint does not need it. */
type Sanitize = (typeof import('../../engine/domain/sanitize'))['sanitizeHtml'];

interface Announcement {
  id: number;
  type: string;
  summary: string;
}

/** System announcements: shown only when some exist; sanitised HTML bodies. */
export function Announcements() {
  const [items, setItems] = useState<Announcement[]>([]);
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(ANNOUNCEMENTS_DISMISSED_KEY) === '1');
  const [sanitize, setSanitize] = useState<Sanitize | null>(null);

  useEffect(() => {
    if (!open || sanitize) return;
    void import('../../engine/domain/sanitize').then((module) => setSanitize(() => module.sanitizeHtml));
  }, [open, sanitize]);

  const load = () =>
    http
      .get<{ data?: Announcement[] }>('/announcements', { skipCancel: true })
      .then((response) => setItems(response.data?.data ?? []))
      .catch(() => setItems([]));

  useEffect(() => {
    void load();
  }, []);

  // The icon shows while announcements exist; an open list stays open when the ones it showed were withdrawn.
  if (items.length === 0 && !open) return null;

  function onOpenChange(next: boolean) {
    setOpen(next);
    // Opening reads the list again: an announcement may have been withdrawn (or added) since the page loaded.
    if (next) void load();
    // The badge is dismissed by opening or closing the list.
    localStorage.setItem(ANNOUNCEMENTS_DISMISSED_KEY, '1');
    setDismissed(true);
  }

  return (
    <Dropdown
      open={open}
      onOpenChange={onOpenChange}
      label={t('System announcements')}
      className="announcements"
      trigger={
        <>
          <Icon name="megaphone" />
          {!dismissed && <span className="counter counter--dot" aria-hidden="true" />}
        </>
      }
    >
      <h2 className="dropdown-title">{t('System announcements')}</h2>
      {items.length === 0 ? (
        <p className="dropdown-empty">{t('No system announcements')}</p>
      ) : (
        <ul className="notification-list">
          {items.map((item) => (
            <li key={item.id}>
              <strong>{t(announcementTitle(item.type))}</strong>
              {sanitize && (
                <div className="announcement-body" dangerouslySetInnerHTML={{ __html: sanitize(item.summary) }} />
              )}
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
}
