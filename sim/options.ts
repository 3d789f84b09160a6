import { parseArgs } from 'node:util';
import { databaseTarget } from '../server/db/open';
import type { FleetDevice } from './fleet';
import { databaseDevices, discoveredDevices } from './sources';

// The simulator's command line (sim/cli.ts runs it; docs/fleet-simulator.md):
//   npm run fleet:simulate -- --devices 50 --broker mqtt://127.0.0.1:1883
// runs 50 routers the console has never seen (discovered devices);
//   npm run fleet:simulate -- --seeded [--devices N] [--discovered M]
// runs the devices of the console's database (DATABASE_URL or DB_FILE, as the
// server reads them; or --database), signed in with their MQTT secrets.

export const USAGE = `Usage: npm run fleet:simulate -- [options]
  --broker URL          the broker (default: MQTT_URL, else mqtt://127.0.0.1:1883)
  --devices N           N discovered routers; with --seeded, the first N devices of the database
  --seeded              simulate the devices of the console's database (DATABASE_URL, else DB_FILE)
  --database TARGET     that database instead: an SQLite file or a postgres:// URL (implies --seeded)
  --discovered M        add M discovered routers (serials the console does not know)
  --prefix P            topic namespace prefix, as the server's (default: MQTT_TOPIC_PREFIX or none)
  --seed S              chance seed (default 1): the same seed plays the same fleet
  --reboot-ms MS        how long a reboot keeps a router silent (default: FLEET_REBOOT_MS, else 8000)
  --dropouts-per-hour R drop-outs per router and hour (default: FLEET_DROPOUTS_PER_HOUR, else 0.5; 0: none)
  --quiet               no line per refused request or connection error`;

export class UsageError extends Error {}

export interface CliOptions {
  broker: string;
  database?: string;
  devices?: number;
  discovered: number;
  prefix: string;
  seed: number;
  rebootMs?: number;
  dropoutsPerHour?: number;
  quiet: boolean;
}

function count(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !Number.isFinite(n))
    throw new UsageError(`--${name} takes a number, not "${value}".`);
  return n;
}

/** Reads the command line (and the environment's defaults). */
export function readOptions(argv: string[], env: Record<string, string | undefined>): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        broker: { type: 'string' },
        devices: { type: 'string' },
        seeded: { type: 'boolean' },
        database: { type: 'string' },
        discovered: { type: 'string' },
        prefix: { type: 'string' },
        seed: { type: 'string' },
        'reboot-ms': { type: 'string' },
        'dropouts-per-hour': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) throw new UsageError('');
  const broker = values.broker ?? env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  if (!/^mqtts?:\/\/[^/\s]+/.test(broker)) throw new UsageError(`--broker takes an mqtt:// URL, not "${broker}".`);
  const seeded = values.seeded || values.database !== undefined;
  const devices = count('devices', values.devices);
  const discovered = count('discovered', values.discovered) ?? 0;
  if (!seeded && devices === undefined && !discovered)
    throw new UsageError('Say how many devices: --devices N, or --seeded.');
  return {
    broker,
    database: seeded ? (values.database ?? databaseTarget(env)) : undefined,
    devices,
    discovered: seeded ? discovered : discovered + (devices ?? 0),
    prefix: values.prefix ?? env.MQTT_TOPIC_PREFIX ?? '',
    seed: count('seed', values.seed) ?? 1,
    rebootMs: count('reboot-ms', values['reboot-ms'] ?? env.FLEET_REBOOT_MS),
    dropoutsPerHour: count('dropouts-per-hour', values['dropouts-per-hour'] ?? env.FLEET_DROPOUTS_PER_HOUR),
    quiet: values.quiet ?? false,
  };
}

/** The routers the options ask for: the database's first, then the discovered ones. */
export async function fleetDevices(options: CliOptions): Promise<{ seeded: number; devices: FleetDevice[] }> {
  const seeded = options.database ? await databaseDevices(options.database, options.devices) : [];
  return { seeded: seeded.length, devices: [...seeded, ...discoveredDevices(options.discovered, options.seed)] };
}
