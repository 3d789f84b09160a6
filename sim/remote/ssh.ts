import { generateKeyPairSync, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import ssh2, { type Connection } from 'ssh2';
import type { DeviceCredentials, RemoteDevice } from './device';
import { lineSession } from './session';
import { runCommand } from './shell';
import { serveSftp } from './sftp';

// The device's SSH server: password authentication with the device's
// account, a shell (with or without a terminal), single commands (exec) and
// the SFTP subsystem rooted in the device's folder. Nothing reaches the host.

const same = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

function onClient(client: Connection, device: RemoteDevice, credentials: DeviceCredentials, root: string) {
  client.on('authentication', (context) => {
    if (
      context.method === 'password' &&
      same(context.username, credentials.username) &&
      same(context.password, credentials.password)
    )
      return context.accept();
    context.reject(['password']);
  });
  client.on('ready', () => {
    client.on('session', (acceptSession) => {
      const session = acceptSession();
      session.on('pty', (accept) => accept?.());
      session.on('window-change', (accept) => accept?.());
      session.on('env', (accept) => accept?.());
      session.on('shell', (accept) => {
        const channel = accept();
        const shell = lineSession(
          device,
          (text) => channel.write(text),
          () => {
            channel.exit(0);
            channel.end();
          },
        );
        channel.on('data', (data: Buffer) => shell.input(data));
        shell.start();
      });
      session.on('exec', (accept, _reject, info) => {
        const channel = accept();
        void runCommand(info.command, device).then((result) => {
          if (result.output) channel.write(`${result.output}\n`);
          channel.exit(0);
          channel.end();
        });
      });
      session.on('sftp', (accept) => serveSftp(accept(), root));
    });
  });
  client.on('error', () => client.end());
}

export interface Listening {
  host: string;
  port: number;
  /** Connections open now. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A fresh ECDSA P-256 host key in PEM. Not ssh2's own generateKeyPairSync:
 * about one ed25519 key in 256 it makes cannot be parsed back
 * (mscdex/ssh2#1390, #1513), which failed a test and, over a fleet of a few
 * hundred simulated routers, some router's SSH nearly every start.
 */
function generateHostKey(): string {
  return generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    privateKeyEncoding: { type: 'sec1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
}

export function listenSsh(
  device: RemoteDevice,
  credentials: DeviceCredentials,
  root: string,
  host: string,
  port = 0,
): Promise<Listening> {
  const hostKey = generateHostKey();
  const clients = new Set<Connection>();
  const server = new ssh2.Server({ hostKeys: [hostKey], ident: `SSH-2.0-dropbear_sim_${device.serial}` }, (client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    onClient(client, device, credentials, root);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      resolve({
        host,
        port: address.port,
        connections: () => clients.size,
        close: () =>
          new Promise<void>((done) => {
            for (const client of clients) client.end();
            server.close(() => done());
          }),
      });
    });
  });
}
