import { prng } from '../fixtures/devices';
import { topicsFor } from '../server/devices/protocol';
import { SimulatedDevice } from './device';
import { DEFAULT_BEHAVIOUR, SimulatedRouter, type RouterBehaviour, type RouterIdentity } from './router';

// The fleet simulator's module API: N simulated routers on one broker,
// started in-process (server tests, the browser tests, the benchmark) or by
// the command line (sim/cli.ts). Each router has its own connection and
// credentials; a one-second tick moves the routers' values on and takes a
// router off the broker while it drops out.

export type FleetDevice = RouterIdentity & { secret?: string };

export interface FleetOptions {
  /** mqtt://host:port of the broker. */
  broker: string;
  devices: FleetDevice[];
  /** The topic namespace prefix, as the server's MQTT_TOPIC_PREFIX ("" by default). */
  prefix?: string;
  /** Seeds the routers' chance (each router its own generator from it and its serial). */
  seed?: number;
  behaviour?: Partial<RouterBehaviour>;
  /** Connections opened at once while starting (a big fleet ramps up). */
  concurrency?: number;
  /** Where lines about refused requests and connection errors go (default: nowhere). */
  log?: (line: string) => void;
  now?: () => number;
}

export interface Fleet {
  readonly devices: SimulatedDevice[];
  /** The devices the broker refused (bad or missing credentials), with its reason; they stay off. */
  readonly refused: { serial: string; reason: string }[];
  /** The simulated device of a serial. */
  device(serial: string): SimulatedDevice | undefined;
  /** Disconnects every device; the fleet is gone. */
  stop(): Promise<void>;
}

const TICK_MS = 1000;

const serialSeed = (serial: string) =>
  [...serial].reduce((hash, c) => (Math.imul(hash, 31) + c.charCodeAt(0)) >>> 0, 7);

/** Starts the fleet; resolves when every device is connected and subscribed, or refused by the broker. */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const now = options.now ?? Date.now;
  const behaviour = { ...DEFAULT_BEHAVIOUR, ...options.behaviour };
  const deviceOptions = {
    broker: options.broker,
    topics: topicsFor(options.prefix ?? ''),
    now,
    log: options.log ?? (() => undefined),
  };
  const seed = options.seed ?? 1;
  const devices = options.devices.map((spec) => {
    const router = new SimulatedRouter(spec, prng(seed ^ serialSeed(spec.serial)), now(), behaviour);
    return new SimulatedDevice(router, { serial: spec.serial, secret: spec.secret }, deviceOptions);
  });
  const bySerial = new Map(devices.map((device) => [device.router.serial, device]));
  const stop = async () => {
    clearInterval(timer);
    await Promise.all(devices.map((device) => device.stop()));
  };
  const timer = setInterval(() => {
    for (const device of devices) device.tick();
  }, TICK_MS);
  timer.unref();
  const refused: Fleet['refused'] = [];
  const concurrency = Math.max(1, options.concurrency ?? 50);
  let next = 0;
  const worker = async () => {
    while (next < devices.length) {
      const device = devices[next++];
      await device.connect().catch((error: Error) => {
        refused.push({ serial: device.router.serial, reason: error.message });
        deviceOptions.log(error.message);
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, devices.length) }, worker));
  return { devices, refused, device: (serial) => bySerial.get(serial), stop };
}
