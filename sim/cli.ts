import { startFleet } from './fleet';
import { fleetDevices, readOptions, UsageError, USAGE } from './options';

// The fleet simulator as a program of its own: `npm run fleet:simulate -- --devices N --broker URL`
// (the options: sim/options.ts, docs/fleet-simulator.md). Stops cleanly on SIGINT and SIGTERM.

async function main() {
  const options = readOptions(process.argv.slice(2), process.env);
  const { seeded, devices } = await fleetDevices(options);
  const behaviour = {
    ...(options.rebootMs !== undefined ? { rebootMs: options.rebootMs } : {}),
    ...(options.dropoutsPerHour !== undefined ? { dropoutsPerHour: options.dropoutsPerHour } : {}),
  };
  const fleet = await startFleet({
    broker: options.broker,
    devices,
    prefix: options.prefix,
    seed: options.seed,
    behaviour,
    log: options.quiet ? undefined : (line) => console.error(line),
  });
  console.log(
    `Fleet simulator: ${devices.length} devices on ${options.broker} (${seeded} from the database, ${devices.length - seeded} discovered)` +
      (fleet.refused.length ? `; ${fleet.refused.length} refused by the broker` : ''),
  );
  const stop = () => void fleet.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: Error) => {
  console.error(
    error instanceof UsageError ? `${error.message}\n${USAGE}`.trim() : `Fleet simulator: ${error.message}`,
  );
  process.exit(error instanceof UsageError ? 2 : 1);
});
