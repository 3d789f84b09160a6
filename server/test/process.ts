import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// The real entry points as child processes, the way the development scripts
// start them (tsx as Node's loader), or compiled as `npm run serve` does (plain
// Node): the server (server/main.ts) for configuration errors, shutdown and
// several instances, on loopback and an ephemeral port unless the environment
// names one; the database commands (server/db/cli.ts).

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ScriptProcess {
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  /** Its standard output and error so far. */
  output(): string;
}

/**
 * A TypeScript script run with tsx in an environment of PATH, HOME and `env`; `cwd`: the folder it starts in
 * (default the project's), whose node_modules it loads packages from.
 */
export function spawnScript(script: string, args: string[], env: Record<string, string>, cwd = ROOT): ScriptProcess {
  return spawnNode(['--import', 'tsx', script, ...args], env, cwd);
}

/** Node itself with `args` (no loader: compiled JavaScript), in an environment of PATH, HOME and `env`. */
export function spawnNode(args: string[], env: Record<string, string>, cwd = ROOT): ScriptProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, exited, output: () => text };
}

export interface ServerProcess extends ScriptProcess {
  url: string;
}

// The embedded MQTT broker on a free port: this machine's Mosquitto holds 1883.
const SERVER_ENV = { PORT: '0', MQTT_PORT: '0', LOG_LEVEL: 'warn' };

export const spawnServer = (env: Record<string, string>, cwd = ROOT): ScriptProcess =>
  spawnScript('server/main.ts', [], { ...SERVER_ENV, ...env }, cwd);

/**
 * Starts the server and waits until it listens: server/main.ts through tsx, or with `nodeArgs` plain Node on those
 * arguments (the compiled server, as `npm run serve` starts it).
 */
export async function startServerProcess(
  env: Record<string, string>,
  { cwd = ROOT, timeoutMs = 60_000, nodeArgs = undefined as string[] | undefined } = {},
): Promise<ServerProcess> {
  const started = nodeArgs ? spawnNode(nodeArgs, { ...SERVER_ENV, ...env }, cwd) : spawnServer(env, cwd);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start within ${timeoutMs} ms:\n${started.output()}`)),
      timeoutMs,
    );
    const check = () => {
      const match = /Console and API on (http:\/\/\S+)/.exec(started.output());
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1].replace('localhost', '127.0.0.1'));
    };
    started.child.stdout!.on('data', check);
    void started.exited.then((code) => reject(new Error(`exited ${code} before listening:\n${started.output()}`)));
  });
  return { ...started, url };
}

/** Stops the servers still running (SIGTERM) and waits for each to exit. */
export async function stopServerProcesses(servers: (ServerProcess | undefined)[]): Promise<void> {
  for (const server of servers) {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
}
