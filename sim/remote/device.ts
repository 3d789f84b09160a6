// What a simulated router lends its remote services: its identity, its
// current state (read on every command, so answers follow the simulation)
// and its own reboot.

export interface DeviceState {
  /** Seconds since the device started. */
  uptime: number;
  wanIp?: string;
  lanIp?: string;
  mac?: string;
  model?: string;
  firmware?: string;
  status?: 'online' | 'offline' | 'rebooting';
}

export interface RemoteDevice {
  serial: string;
  name: string;
  getState(): DeviceState;
  reboot(): void | Promise<void>;
}

/** The account the device's SSH, Telnet and WebUI accept (a remote access entry stores the same). */
export interface DeviceCredentials {
  username: string;
  password: string;
}

export const DEFAULT_CREDENTIALS: DeviceCredentials = { username: 'root', password: 'admin01' };
