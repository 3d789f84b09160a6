// "Connect" on the device header: one link per remote access entry of the
// device that an rms-connect page speaks (ssh, telnet, sftp, desktop).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio/react';
import { connectPath, type RemoteAccessEntry } from '../../engine/device/connect';
import { http } from '../../engine/http/client';
import { t } from '../../engine/i18n/i18n';
import { can } from '../../engine/permissions/can';
import { session } from '../../engine/session/user';

export function DeviceConnect({ item }: { item: Record<string, unknown> }) {
  const { user } = useSnapshot(session);
  const permitted = can(user as Parameters<typeof can>[0], 'view_device_remote_access');
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
  const links = entries.flatMap((entry) => {
    const path = connectPath(entry);
    return path ? [{ entry, path }] : [];
  });
  if (!links.length) return null;
  return (
    <div className="device-connect">
      {links.map(({ entry, path }) => (
        <Link key={String(entry.id)} className="fc-btn" to={path}>
          {links.length > 1
            ? t('Connect: {name}', { name: entry.name ?? String(entry.protocol) })
            : t('Connect ({protocol})', { protocol: String(entry.protocol).toUpperCase() })}
        </Link>
      ))}
    </div>
  );
}
