// "Connect" on the device header: one button per remote access entry of the
// device that an rms-connect page speaks (ssh, telnet, sftp, desktop) or the
// WebUI proxy opens (http, https). It
// opens a session (POST /remote/links) and its page, with the link key, in
// a new tab. Opening a session needs manage_remote_access: a read-only user
// sees no Connect.
import { useEffect, useState } from 'react';
import { openConnectTab } from './connect-tab';
import { useSnapshot } from 'valtio/react';
import { connectable, type RemoteAccessEntry } from '../../engine/device/connect';
import { http } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';
import { can } from '../../engine/permissions/can';
import { session } from '../../engine/session/user';

export function DeviceConnect({ item }: { item: Record<string, unknown> }) {
  const { user } = useSnapshot(session);
  const permitted = can(user as Parameters<typeof can>[0], 'manage_remote_access');
  const [entries, setEntries] = useState<RemoteAccessEntry[]>([]);
  const id = item.id;
  useEffect(() => {
    if (!permitted || id === undefined) return;
    const controller = new AbortController();
    http
      .get<{ data?: RemoteAccessEntry[] }>('/devices/remote-access', {
        params: { device_id: id, fields: ['id', 'name', 'protocol'], limit: 10 },
        signal: controller.signal,
      })
      .then((response) => setEntries(response.data?.data ?? []))
      .catch(() => setEntries([]));
    return () => controller.abort();
  }, [permitted, id]);
  const links = entries.filter(connectable);
  if (!links.length) return null;
  return (
    <div className="device-connect">
      {links.map((entry) => (
        <button key={String(entry.id)} className="fc-btn" type="button" onClick={() => openConnectTab(entry.id)}>
          {links.length > 1
            ? t('Connect: {name}', { name: entry.name ?? String(entry.protocol) })
            : t('Connect ({protocol})', { protocol: String(entry.protocol).toUpperCase() })}
        </button>
      ))}
    </div>
  );
}
