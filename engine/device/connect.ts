// "Connect" on a device: the rms-connect page (shell spec §2) for each of the
// device's remote access entries whose protocol one of those pages speaks, and
// the WebUI proxy (the server's session path) for its web entries.

export interface RemoteAccessEntry {
  id: number | string;
  name?: string;
  protocol?: string;
}

const PAGE_BY_PROTOCOL: Record<string, 'ssh' | 'telnet' | 'sftp' | 'desktop'> = {
  ssh: 'ssh',
  telnet: 'telnet',
  sftp: 'sftp',
  rdp: 'desktop',
  vnc: 'desktop',
};

/** The console path of the connection page for an entry; undefined for protocols opened elsewhere (http, https). */
export function connectPath(entry: RemoteAccessEntry): string | undefined {
  const page = PAGE_BY_PROTOCOL[String(entry.protocol ?? '').toLowerCase()];
  return page ? `/rms-connect/${page}?access_id=${encodeURIComponent(String(entry.id))}` : undefined;
}

/** Whether Connect opens the entry from the console: on its rms-connect page, or (http, https) through the WebUI proxy. */
export function connectable(entry: RemoteAccessEntry): boolean {
  const protocol = String(entry.protocol ?? '').toLowerCase();
  return connectPath(entry) !== undefined || protocol === 'http' || protocol === 'https';
}
