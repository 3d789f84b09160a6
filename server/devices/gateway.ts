import { randomUUID } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { AppContext } from '../context';
import { runAsLeader } from '../cluster/leader';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker';
import { ControlChannel, type ControlTimeouts } from './control-channel';
import { dispatchPending } from './device-jobs';
import { DeviceDirectory } from './directory';
import { DiscoveredDevices } from './discovered';
import { startPoller } from './poller';
import { DeviceRateLimit } from './rate-limit';
import { Recorder } from './recorder';
import {
  decodeReply,
  parseValue,
  payloadText,
  SERIAL_PATTERN,
  topicsFor,
  type Parameter,
  type Topics,
} from './protocol';

// The device gateway (docs/devices-protocol.md): one MQTT connection to the
// broker (the embedded one unless MQTT_URL names another). Device messages
// are subscribed as MQTT 5 shared subscriptions on an external broker, so
// each is handled by one server instance; control replies by every
// instance (the one that sent the request answers it). The poll schedule
// runs on one instance, the Redis leader when several share the work.

export interface GatewayOptions {
  /** An external broker; unset: the embedded broker on host:port. */
  url?: string;
  host: string;
  port: number;
  username: string;
  /** The gateway user's password (the embedded broker makes one when unset). */
  password?: string;
  topicPrefix: string;
  /** Whether serials without a device record may connect to the embedded broker (to be discovered). */
  enrollment: boolean;
  discoveryMs: number;
  answerMs: number;
  /** Overrides every device's poll interval (tests, benchmarks). */
  pollIntervalMs?: number;
  /** Overrides the intervals of the extension groups: mobile data counters, hotspot clients (tests). */
  extensionIntervalMs?: number;
  controlTimeouts?: ControlTimeouts;
  /** Messages a device may send a second, and at once. */
  rate?: { perSecond: number; burst: number };
}

export interface DeviceGateway {
  topics: Topics;
  control: ControlChannel;
  /** The embedded broker's URL, or the external one's (without credentials). */
  brokerUrl: string;
  /** Device messages this instance handled (each one once across instances). */
  handled(): number;
  /** Whether this instance runs the poll schedule now. */
  polling(): boolean;
  /** Drops a device's connection to the embedded broker (its secret changed). */
  disconnect(serial: string): void;
  close(): Promise<void>;
}

type Log = { info(message: string): void; warn(message: string): void };

const SHARE_GROUP = 'fleet-gateway';
/**
 * How much the poller may leave unsent on the broker's connection before the devices still due wait for its next
 * tick: a fleet's first round (15 requests a device within seconds of start) had queued 1 GB at 100,000 devices.
 */
export const UNSENT_BYTES = 1 << 20;

function publicUrl(url: string) {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString().replace(/\/$/, '');
}

export async function startDeviceGateway(ctx: AppContext, options: GatewayOptions, log: Log): Promise<DeviceGateway> {
  const topics = topicsFor(options.topicPrefix);
  const password = options.password ?? randomUUID();
  let broker: EmbeddedBroker | undefined;
  if (!options.url)
    broker = await startEmbeddedBroker({
      host: options.host,
      port: options.port,
      db: ctx.db,
      topics,
      username: options.username,
      password,
      enrollment: options.enrollment,
      log: (level, message) => log[level](message),
    });
  const url = options.url ?? broker!.url;
  // aedes speaks MQTT 3.1.1; an external broker gets MQTT 5 and shared subscriptions.
  const shared = Boolean(options.url);
  const clientOptions: IClientOptions = {
    username: options.username,
    password,
    clientId: `fleet-gateway-${randomUUID()}`,
    protocolVersion: shared ? 5 : 4,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    keepalive: 30,
  };
  const client: MqttClient = mqtt.connect(url, clientOptions);
  const share = (filter: string) => (shared ? `$share/${SHARE_GROUP}/${filter}` : filter);
  const p = topics.prefix;
  const filters = [`${p}router/id`, `${p}device/id`, `${p}router/+/+`, `${p}device/+/+`].map(share);
  const subscribe = () =>
    client
      .subscribeAsync([...filters, `${p}fleet/+/reply`], { qos: 1 })
      .catch((error: unknown) => log.warn(`device gateway: subscribing failed: ${String(error)}`));
  let connectedOnce = false;
  client.on('connect', (connack) => {
    log.info(`device gateway: connected to ${publicUrl(url)}${connectedOnce ? ' again' : ''}`);
    // A session the broker did not keep needs its subscriptions again (mqtt.js resubscribes what it knows).
    if (!connectedOnce || !connack.sessionPresent) void subscribe();
    connectedOnce = true;
  });
  client.on('offline', () => log.warn(`device gateway: lost the broker ${publicUrl(url)}; reconnecting`));
  client.on('error', (error) => log.warn(`device gateway: ${error.message}`));

  const directory = new DeviceDirectory(ctx.db);
  const discovered = new DiscoveredDevices(ctx.db);
  const recorder = new Recorder(ctx, log.warn.bind(log), (deviceId) => {
    dispatchPending(ctx, deviceId).catch((error: unknown) =>
      log.warn(`device gateway: pending jobs: ${String(error)}`),
    );
  });
  const limit = new DeviceRateLimit(options.rate?.perSecond, options.rate?.burst);
  const control = new ControlChannel(
    async (serial, payload) => {
      await client.publishAsync(topics.request(serial), payload, { qos: 1 });
    },
    log.warn.bind(log),
    options.controlTimeouts,
  );

  let handled = 0;
  async function handle(topic: string, payload: Buffer) {
    const parsed = topics.parse(topic);
    if (!parsed || parsed.kind === 'discover' || parsed.kind === 'command' || parsed.kind === 'request') return;
    handled += 1;
    const serial = parsed.kind === 'id' ? payloadText(payload, 32) : parsed.serial;
    if (!serial || !SERIAL_PATTERN.test(serial)) {
      log.warn(`device gateway: ignored a message on ${JSON.stringify(topic.slice(0, 100))}: not a serial`);
      return;
    }
    const allowed = limit.take(serial);
    if (allowed !== 'ok') {
      if (allowed === 'drop-and-log') log.warn(`device gateway: device ${serial} sends too fast; dropping messages`);
      return;
    }
    const device = await directory.bySerial(serial);
    if (parsed.kind === 'reply') {
      const reply = decodeReply(payload);
      if (!reply.ok) return log.warn(`device gateway: bad control reply from ${serial}: ${reply.reason}`);
      control.reply(serial, reply.message);
      if (device) recorder.seen(device.id);
      return;
    }
    const type = parsed.type;
    if (!device) return discovered.note(serial, type, ctx.now());
    if (parsed.kind === 'id') return recorder.seen(device.id);
    const value = parseValue(parsed.parameter, payload);
    if (!value.ok) {
      log.warn(`device gateway: refused ${parsed.parameter} from ${serial}: ${value.reason}`);
      return;
    }
    recorder.seen(device.id, parsed.parameter as Parameter, value.value);
  }

  client.on('message', (topic, payload, packet) => {
    // A retained message is an old reading, not an answer.
    if (packet.retain) return;
    handle(topic, payload).catch((error: unknown) => log.warn(`device gateway: ${String(error)}`));
  });

  // Without a connection a request is dropped as before (its round then counts as missed).
  const publish = (topic: string, payload: string) => {
    if (!client.connected) return true;
    client.publish(topic, payload, { qos: 0 });
    return client.stream.writableLength < UNSENT_BYTES;
  };
  const pollerOptions = {
    discoveryMs: options.discoveryMs,
    answerMs: options.answerMs,
    intervalMs: options.pollIntervalMs,
    extensionIntervalMs: options.extensionIntervalMs,
  };
  let polling = false;
  const poll = () => {
    polling = true;
    log.info('device gateway: this instance runs the poll schedule');
    const stop = startPoller(ctx, topics, publish, pollerOptions, log.info.bind(log));
    return () => {
      polling = false;
      stop();
    };
  };
  const stopPolling = ctx.redis ? runAsLeader(ctx.redis, 'device-poller', poll) : poll();

  await Promise.race([
    new Promise((resolve) => client.once('connect', resolve)),
    new Promise((resolve) => setTimeout(resolve, 5000).unref()),
  ]);
  return {
    topics,
    control,
    brokerUrl: publicUrl(url),
    handled: () => handled,
    polling: () => polling,
    disconnect: (serial) => {
      directory.forget(serial);
      broker?.disconnect(serial);
    },
    async close() {
      await stopPolling();
      control.close();
      await recorder.close();
      await client.endAsync(true);
      await broker?.close();
    },
  };
}
