import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// `npm run serve` (and so `npm start`): the server, and with FLEET_SIMULATE
// the fleet simulator beside it as a program of its own
// (docs/fleet-simulator.md). FLEET_SIMULATE=1 plays every device of the
// server's database; a larger number N plays them and N discovered devices
// more. Without FLEET_SIMULATE the server runs in this process as
// server/main.ts alone would. With it, the server and the simulator are
// child processes: the simulator starts once the server listens (seeded, its
// broker up) on the broker the server names, and stops with it; a signal
// stops both; the exit code is the server's.

const ROOT = path.resolve(import.meta.dirname, '..');

/** The discovered devices to add, or null when FLEET_SIMULATE is off; throws on a value that is neither. */
function fleetSetting(value: string | undefined): number | null {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === '0' || text === 'false') return null;
  if (text === '1' || text === 'true') return 0;
  if (/^[0-9]{1,6}$/.test(text)) return Number(text);
  throw new Error(
    `FLEET_SIMULATE must be 1 (the database's devices) or a number of discovered devices to add, not "${value}".`,
  );
}

/** The broker a line of the server's output names ("MQTT broker … mqtt://host:port"), if any. */
const brokerOf = (line: string) => /MQTT broker.*?\b(mqtts?:\/\/\S+)/.exec(line)?.[1];

const tsx = (script: string, args: string[], stdout: 'inherit' | 'pipe') =>
  spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    stdio: ['ignore', stdout, 'inherit'],
    env: process.env,
  });

/** The external broker without its credentials (those are the gateway's; each device signs in as itself). */
function deviceBroker(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString().replace(/\/$/, '');
}

function startBoth(discovered: number) {
  const server = tsx('server/main.ts', [], 'pipe');
  let simulator: ChildProcess | null = null;
  let broker = process.env.MQTT_URL ? deviceBroker(process.env.MQTT_URL) : undefined;
  let listening = false;
  let pending = '';
  const startSimulator = () => {
    if (simulator || !listening || !broker) return;
    const args = ['--seeded', '--broker', broker, ...(discovered ? ['--discovered', String(discovered)] : [])];
    simulator = tsx('sim/cli.ts', args, 'inherit');
    simulator.on('exit', (code, signal) => {
      if (code !== 0 && !stopping) console.error(`Fleet simulator stopped (${code ?? signal}); the server runs on.`);
    });
  };
  server.stdout!.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      broker ??= brokerOf(line);
      if (line.includes('Console and API on')) listening = true;
    }
    startSimulator();
  });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    simulator?.kill(signal);
    server.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  server.on('exit', (code, signal) => {
    stopping = true;
    simulator?.kill('SIGTERM');
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}

let discovered: number | null;
try {
  discovered = fleetSetting(process.env.FLEET_SIMULATE);
} catch (error) {
  console.error(`Configuration error: ${(error as Error).message}`);
  process.exit(1);
}
if (discovered === null) await import('../server/main');
else startBoth(discovered);
