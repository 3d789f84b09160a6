import { isIP } from 'node:net';

// The `hotspot` extension parameter (docs/devices-protocol.md): the clients
// signed in to the device's hotspots, one entry per client separated by `;`,
// each `<hotspot index> <user name> <MAC> <IP> <downloaded> <uploaded>`
// (bytes since the client signed in); `-` when none is. Written by the fleet
// simulator, read by the gateway, which keeps the hotspot sessions by it.

export interface HotspotClient {
  /** The device's hotspot (1-based), as the console numbers them. */
  hotspot: number;
  username: string;
  mac: string;
  ip: string;
  download: number;
  upload: number;
}

/** The longest `hotspot` payload read, in bytes (30 clients and more). */
export const MAX_HOTSPOT_BYTES = 2048;

const NONE = '-';
const MAC = /^[0-9a-f]{2}(?::[0-9a-f]{2}){5}$/i;
const USERNAME = /^[\x21-\x7e]{1,64}$/;
const COUNT = /^[0-9]{1,15}$/;
const INDEX = /^[1-9][0-9]{0,2}$/;

export function writeHotspotClients(clients: HotspotClient[]): string {
  if (!clients.length) return NONE;
  return clients.map((c) => [c.hotspot, c.username, c.mac, c.ip, c.download, c.upload].join(' ')).join(';');
}

/** The clients of a `hotspot` payload, or why it is refused. */
export function readHotspotClients(
  text: string,
): { ok: true; clients: HotspotClient[] } | { ok: false; reason: string } {
  if (text === NONE) return { ok: true, clients: [] };
  const clients: HotspotClient[] = [];
  const seen = new Set<string>();
  for (const entry of text.split(';')) {
    const parts = entry.trim().split(/ +/);
    if (parts.length !== 6) return { ok: false, reason: 'an entry is not "index user MAC IP downloaded uploaded"' };
    const [index, username, mac, ip, download, upload] = parts;
    if (!INDEX.test(index)) return { ok: false, reason: 'a hotspot index is not 1..999' };
    if (!USERNAME.test(username)) return { ok: false, reason: 'a user name is not 1..64 printable characters' };
    if (!MAC.test(mac)) return { ok: false, reason: 'a MAC address is not of the form 02:00:00:00:00:01' };
    if (isIP(ip) !== 4) return { ok: false, reason: 'a client address is not an IPv4 address' };
    if (!COUNT.test(download) || !COUNT.test(upload)) return { ok: false, reason: 'a byte count is not an integer' };
    const key = `${index} ${username}`;
    if (seen.has(key)) return { ok: false, reason: 'a user is signed in twice on one hotspot' };
    seen.add(key);
    clients.push({
      hotspot: Number(index),
      username,
      mac: mac.toLowerCase(),
      ip,
      download: Number(download),
      upload: Number(upload),
    });
  }
  return { ok: true, clients };
}
