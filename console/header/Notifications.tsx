import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { http, serverMessage } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';
import { alertToast } from '../../engine/device/alerts';
import { unseenBadge, unseenOf, withArrival, type Notification } from '../../engine/domain/notifications';
import { formatCell } from '../../engine/format/formatters';
import { realtime } from '../../engine/realtime/socket';
import { showToast } from '../../engine/stores/toasts';
import { emitReloadData } from '../../engine/submit/events';
import { useSessionUser } from '../app/access';
import { Icon } from '../layout/icons';
import { Dropdown } from './Dropdown';
import { formatDateTime } from '../i18n/time';

async function fetchNotifications(): Promise<Notification[]> {
  const response = await http.get<{ data?: Notification[] }>('/notifications', { skipCancel: true });
  return response.data?.data ?? [];
}

/** Notifications bell (forms spec §2, §4): unseen badge, mark seen on close, live arrivals on top. */
export function Notifications() {
  const user = useSessionUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Notification[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setItems(await fetchNotifications());
      setError(null);
    } catch (failure) {
      setError(serverMessage(failure, t('Failed to get notifications.')));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!user) return;
    return realtime.subscribe(`notifications.${user.id}`, 'WebNotificationCreated', (payload) => {
      const notification = payload.data as Notification | undefined;
      if (notification) setItems((list) => withArrival(list, notification));
      const toast = alertToast(notification);
      if (toast) showToast(toast);
    });
  }, [user]);

  const unseen = unseenOf(items);

  const onOpenChange = useCallback(
    (next: boolean) => {
      setOpen(next);
      if (next || unseen.length === 0) return;
      // Closing sends the unseen ids, then reloads the list.
      void http
        .put('/notifications', { id: unseen.map((item) => item.id) }, { skipCancel: true })
        .then(load)
        .catch(() => undefined);
    },
    [unseen, load],
  );

  const onAllPage = location.pathname === '/notifications';
  const label = unseen.length ? t('Notifications ({count} unseen)', { count: unseen.length }) : t('Notifications');

  return (
    <Dropdown
      open={open}
      onOpenChange={onOpenChange}
      label={t('Notifications')}
      panelLabel={label}
      className="notifications"
      trigger={
        <>
          <Icon name="bell" />
          {unseen.length > 0 && (
            <span className="counter" aria-hidden="true">
              {unseenBadge(unseen.length)}
            </span>
          )}
          {unseen.length > 0 && <span className="visually-hidden">{label}</span>}
        </>
      }
    >
      <h2 className="dropdown-title">{t('Notifications')}</h2>
      {error && (
        <p className="dropdown-empty" role="alert">
          {error}
        </p>
      )}
      {!error && items.length === 0 && <p className="dropdown-empty">{t('No notifications')}</p>}
      {items.length > 0 && (
        <ul className="notification-list">
          {items.map((item) => (
            <li key={item.id} className={item.seen_at ? '' : 'unseen'}>
              <span className="notification-type">{t(formatCell('notificationType', item.type, {}))}</span>
              <p>{item.summary}</p>
              <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
            </li>
          ))}
        </ul>
      )}
      <div className="dropdown-footer">
        <Link
          to="/notifications"
          onClick={(event) => {
            if (onAllPage) {
              // On the all-notifications page the link reloads the data instead of navigating.
              event.preventDefault();
              emitReloadData({});
              void load();
            }
            onOpenChange(false);
          }}
        >
          {t('Show all notifications')}
        </Link>
      </div>
    </Dropdown>
  );
}
