import type { HotspotClient } from '../server/devices/protocol';

// A simulated router's hotspot users, as its `hotspot` answer reports them
// (docs/devices-protocol.md): the users configured on its hotspots (the
// console's hotspot users of the device) sign in now and then from a device
// of their own (a new MAC and the first free address of the hotspot's
// network), move traffic while signed in, and sign out; a reboot or a
// drop-out signs everyone out. Chance is the router's generator.

export interface HotspotUser {
  /** The device's hotspot (1-based). */
  hotspot: number;
  username: string;
  /** The hotspot's own address; clients get addresses of its /24 network. */
  hotspotIp: string;
  /** Signed in when the simulation starts (as the console last heard of it). */
  client?: Pick<HotspotClient, 'mac' | 'ip' | 'download' | 'upload'>;
}

/** A signed-out user signs in after this long on average (seconds), a signed-in one signs out. */
const SIGN_IN_S = 2 * 3600;
const SIGN_OUT_S = 3600;
/** Downloaded a second by a signed-in client on average (bytes); uploaded an eighth of it. */
const DOWNLOAD_PER_SECOND = 20_000;
const FIRST_CLIENT_HOST = 10;

export class SimulatedHotspots {
  private readonly users: HotspotUser[];

  constructor(
    users: HotspotUser[],
    private readonly random: () => number,
  ) {
    this.users = users.map((u) => ({ ...u, client: u.client && { ...u.client } }));
  }

  get configured(): boolean {
    return this.users.length > 0;
  }

  clients(): HotspotClient[] {
    return this.users.flatMap((u) => (u.client ? [{ hotspot: u.hotspot, username: u.username, ...u.client }] : []));
  }

  /** Moves the users on by `dt` seconds. */
  step(dt: number): void {
    for (const user of this.users) {
      if (user.client) {
        if (this.chance(dt, SIGN_OUT_S)) user.client = undefined;
        else {
          const download = Math.round(DOWNLOAD_PER_SECOND * dt * (0.5 + this.random()));
          user.client.download += download;
          user.client.upload += Math.round(download / 8);
        }
      } else if (this.chance(dt, SIGN_IN_S)) {
        const ip = this.freeAddress(user);
        if (ip) user.client = { mac: this.mac(), ip, download: 0, upload: 0 };
      }
    }
  }

  /** Everyone is signed out (the router went down). */
  signOutAll(): void {
    for (const user of this.users) user.client = undefined;
  }

  private chance(dt: number, meanS: number) {
    return this.random() < 1 - Math.exp(-dt / meanS);
  }

  /** A locally administered MAC address. */
  private mac() {
    const octet = () =>
      Math.floor(this.random() * 256)
        .toString(16)
        .padStart(2, '0');
    return ['02', ...Array.from({ length: 5 }, octet)].join(':');
  }

  private freeAddress(user: HotspotUser) {
    const prefix = user.hotspotIp.split('.').slice(0, 3).join('.');
    const taken = new Set(this.users.filter((u) => u.client && u.hotspot === user.hotspot).map((u) => u.client!.ip));
    for (let host = FIRST_CLIENT_HOST; host < 255; host++) {
      const ip = `${prefix}.${host}`;
      if (ip !== user.hotspotIp && !taken.has(ip)) return ip;
    }
    return undefined;
  }
}
