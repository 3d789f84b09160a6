import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// The real entry points as child processes, the way the npm scripts start
// them (tsx as Node's loader): the server (server/main.ts) for configuration
// errors, shutdown and several instances, on loopback and an ephemeral port
// unless the environment names one; the database commands (server/db/cli.ts).

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
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
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

export const spawnServer = (env: Record<string, string>, cwd = ROOT): ScriptProcess =>
  spawnScript('server/main.ts', [], { PORT: '0', LOG_LEVEL: 'warn', ...env }, cwd);

/** Starts the server and waits until it listens. */
export async function startServerProcess(
  env: Record<string, string>,
  { cwd = ROOT, timeoutMs = 60_000 } = {},
): Promise<ServerProcess> {
  const started = spawnServer(env, cwd);
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
