import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CREDENTIALS, type DeviceCredentials, type RemoteDevice } from './device';
import { listenSsh } from './ssh';
import { listenTelnet } from './telnet';
import { listenVnc } from './vnc';
import { listenWebUi } from './webui';

// The remote services of one simulated router: SSH (with SFTP), Telnet, a
// WebUI and a VNC desktop, each on its own port of `host` (loopback by default; port 0 takes
// free ports). The fleet simulator starts them per device, or a few shared
// by many devices; `sim/remote/main.ts` runs them on their own.

export type { DeviceCredentials, RemoteDevice } from './device';

interface Address {
  host: string;
  port: number;
}

export interface RemoteServices {
  ssh: Address;
  telnet: Address;
  http: Address;
  vnc: Address;
  credentials: DeviceCredentials;
  /** The device's SFTP root on the host (a temporary folder, removed on close). */
  sftpRoot: string;
  /** SSH, Telnet and VNC connections open now. */
  connections(): number;
  close(): Promise<void>;
}

export interface RemoteServiceOptions {
  host?: string;
  credentials?: DeviceCredentials;
  ports?: { ssh?: number; telnet?: number; http?: number; vnc?: number };
}

export async function startRemoteServices(
  device: RemoteDevice,
  options: RemoteServiceOptions = {},
): Promise<RemoteServices> {
  const host = options.host ?? '127.0.0.1';
  const credentials = options.credentials ?? DEFAULT_CREDENTIALS;
  const sftpRoot = await mkdtemp(path.join(os.tmpdir(), `sim-sftp-${device.serial.replace(/\W/g, '')}-`));
  await writeFile(path.join(sftpRoot, 'README.txt'), `Files of ${device.name} (${device.serial}).\n`);
  const started = await Promise.allSettled([
    listenSsh(device, credentials, sftpRoot, host, options.ports?.ssh),
    listenTelnet(device, credentials, host, options.ports?.telnet),
    listenWebUi(device, credentials, host, options.ports?.http),
    listenVnc(device, host, options.ports?.vnc),
  ]);
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const close = async () => {
    await Promise.all(servers.map((server) => server.close()));
    await rm(sftpRoot, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await close();
    throw (failed as PromiseRejectedResult).reason;
  }
  const [ssh, telnet, http, vnc] = servers;
  const address = (server: Address) => ({ host: server.host, port: server.port });
  const connections = () => ssh.connections() + telnet.connections() + vnc.connections();
  return {
    ssh: address(ssh),
    telnet: address(telnet),
    http: address(http),
    vnc: address(vnc),
    credentials,
    sftpRoot,
    connections,
    close,
  };
}
