import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { mayPublish, maySubscribe } from './access';
import { credentialOf, verifySecret } from './credentials';
import { SERIAL_PATTERN, type Topics } from './protocol';
import { MAX_CONTROL_BYTES } from './protocol';

// The embedded MQTT broker (aedes) the server runs when MQTT_URL is unset:
// devices authenticate with their serial and secret (an unknown serial, when
// enrollment is open, with any password, to be discovered), the gateway with
// its own user; every publish and subscription is checked against the
// device's own serial, and a refused one is logged and the client dropped.

/**
 * aedes' own options. `concurrency: 0` takes its message queue off: with it (100 deliveries at a time, the
 * rest queued), a burst queued behind slow deliveries (a fleet answering a poll round, 10,000 devices leaving at
 * once) is emptied by recursion when they end, and the server died of a stack overflow (mcollina/mqemitter#204,
 * open). Each client's socket still applies its own back-pressure.
 */
export const AEDES_OPTIONS = { concurrency: 0 } as const;

export interface BrokerOptions {
  host: string;
  port: number;
  db: Kysely<Database>;
  topics: Topics;
  /** The gateway's own user. */
  username: string;
  password: string;
  /** Whether serials without a device record may connect (to be discovered). */
  enrollment: boolean;
  log: (level: 'info' | 'warn', message: string) => void;
}

export interface EmbeddedBroker {
  url: string;
  port: number;
  /** Disconnects a device's client (after its secret was rotated). */
  disconnect(serial: string): void;
  close(): Promise<void>;
}

/** A port already taken: the start stops with this message, not a stack trace. */
export class BrokerPortError extends Error {}

const MAX_PACKET = MAX_CONTROL_BYTES + 1024;

function authError(): AuthenticateError {
  return Object.assign(new Error('Bad username or password'), { returnCode: 4 as const });
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES')
        reject(
          new BrokerPortError(
            `The embedded MQTT broker cannot listen on ${host}:${port} (${error.code === 'EADDRINUSE' ? 'the port is taken' : 'not allowed'}). ` +
              'Set MQTT_PORT to a free port (0 takes any free one), or MQTT_URL to use the broker already running there.',
          ),
        );
      else reject(error);
    });
    server.listen(port, host, () => resolve());
  });
}

export async function startEmbeddedBroker(options: BrokerOptions): Promise<EmbeddedBroker> {
  const { db, topics, log } = options;
  /** The serial of each device client, by client. */
  const devices = new WeakMap<Client, string>();
  const gateway = new WeakSet<Client>();
  const aedes = await Aedes.createBroker({
    ...AEDES_OPTIONS,
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8') ?? '';
      if (username === options.username) {
        if (secret.length === options.password.length && verifyPlain(secret, options.password)) {
          gateway.add(client);
          return done(null, true);
        }
        log('warn', `MQTT: refused the gateway user from ${address(client)} (bad password)`);
        return done(authError(), false);
      }
      if (!username || !SERIAL_PATTERN.test(username)) {
        log('warn', `MQTT: refused client ${client.id} from ${address(client)}: username is not a serial`);
        return done(authError(), false);
      }
      credentialOf(db, username).then(
        (known) => {
          const ok = known ? known.secretHash !== null && verifySecret(secret, known.secretHash) : options.enrollment;
          if (!ok) {
            log('warn', `MQTT: refused device ${username} from ${address(client)} (bad or missing credentials)`);
            return done(authError(), false);
          }
          devices.set(client, username);
          done(null, true);
        },
        () => done(Object.assign(new Error('Server unavailable'), { returnCode: 3 as const }), false),
      );
    },
    authorizePublish(client, packet, callback) {
      if (!client || gateway.has(client)) return callback(null);
      const serial = devices.get(client);
      const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      if (serial && payload.byteLength <= MAX_PACKET && mayPublish(topics, serial, packet.topic, payload))
        return callback(null);
      log('warn', `MQTT: refused a publish by device ${serial} on ${JSON.stringify(packet.topic.slice(0, 200))}`);
      callback(new Error('Not authorized'));
    },
    authorizeSubscribe(client, subscription, callback) {
      if (gateway.has(client)) return callback(null, subscription);
      const serial = devices.get(client);
      if (serial && maySubscribe(topics, serial, subscription.topic)) return callback(null, subscription);
      log(
        'warn',
        `MQTT: refused a subscription by device ${serial} to ${JSON.stringify(subscription.topic.slice(0, 200))}`,
      );
      // A null subscription answers the client "refused" (SUBACK 0x80) and keeps it connected.
      callback(null, null);
    },
  });
  const server = createServer(aedes.handle);
  try {
    await listen(server, options.host, options.port);
  } catch (error) {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `mqtt://${host}:${port}`,
    port,
    disconnect(serial) {
      for (const client of Object.values((aedes as unknown as { clients: Record<string, Client> }).clients))
        if (devices.get(client) === serial) client.close();
    },
    async close() {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const address = (client: Client) =>
  (client.conn as { remoteAddress?: string } | undefined)?.remoteAddress ?? 'unknown address';

function verifyPlain(given: string, expected: string): boolean {
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}
