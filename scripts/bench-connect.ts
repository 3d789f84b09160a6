import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { buildApp } from '../server/app';
import { percentile, signIn } from './bench-http';

// `npm run bench:connect` (docs/benchmarks.md): BENCH_SESSIONS (50)
// concurrent RMS Connect terminal sessions on one server instance
// (server/main.ts, a process of its own), each an
// SSH session through the relay (browser websocket → server → SSH) to the
// fleet simulator's SSH server (sim/remote/main.ts, a process of its own,
// one for all: a router's restricted shell). Each session types BENCH_KEYS (40) characters, one at
// a time every BENCH_KEY_MS (20 ms), all sessions at once: the keystroke echo
// latency (a key sent until its echo arrives on the websocket), p50 and
// p95. Then every session runs `echo` of a 1,000-character text (the shell's line is at most 1,024) in a loop
// for BENCH_SECONDS (10): the bytes relayed a second to the browsers, all
// sessions together. Prints a table with the aim (echo p95 under
// 50 ms on loopback).

const env = process.env;
const SESSIONS = Number(env.BENCH_SESSIONS ?? 50);
const KEYS = Number(env.BENCH_KEYS ?? 40);
const KEY_MS = Number(env.BENCH_KEY_MS ?? 20);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const USER = 'admin@example.com';
const PROMPT = 'root@Bench:~# ';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ROOT = path.resolve(import.meta.dirname, '..');

/** A TypeScript program as a process of its own; answers it once its output matches `ready`. */
async function start(script: string, args: string[], extraEnv: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { PATH: env.PATH, HOME: env.HOME, ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  process.once('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  while (!ready.test(output)) {
    if (child.exitCode !== null) throw new Error(`${script} stopped:\n${output}`);
    await sleep(100);
  }
  return { child, output: () => output };
}

// The server, the simulated router and the "browsers" (this process) each on their own event loop.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-bench-connect-'));
const dbFile = path.join(dir, 'bench.db');
const seeding = await buildApp({ dbFile, reset: true, devices: 20, logLevel: 'silent' });
await seeding.close();
const server = await start(
  'server/main.ts',
  [],
  { DB_FILE: dbFile, PORT: '0', MQTT_PORT: '0', LOG_LEVEL: 'warn', TOKEN_KEY: randomBytes(32).toString('base64') },
  /Console and API on/,
);
const base = /Console and API on (http:\/\/\S+)/.exec(server.output())![1].replace('localhost', '127.0.0.1');
const simulated = await start(
  'sim/remote/main.ts',
  ['--name', 'Bench', '--ssh-port', '0', '--telnet-port', '0', '--http-port', '0'],
  {},
  /"ssh"/,
);
const router = JSON.parse(
  simulated
    .output()
    .split('\n')
    .find((line) => line.includes('"ssh"'))!,
) as {
  ssh: { port: number };
};

const cookie = await signIn(base, USER);
const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)![1]);
const api = async (method: string, url: string, body?: unknown) => {
  const reply = await fetch(`${base}/api${url}`, {
    method,
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await reply.json()) as { data?: unknown; meta?: { channel: string } };
  if (!reply.ok) throw new Error(`${method} ${url}: ${reply.status} ${JSON.stringify(json)}`);
  return json;
};
const socket: Socket = io(base, { transports: ['websocket'], extraHeaders: { cookie } });
await new Promise<void>((resolve, reject) => {
  socket.once('connect', () => resolve());
  socket.once('connect_error', reject);
});
/** The data an action channel completes with. */
const completion = (channel: string) =>
  new Promise<Record<string, unknown>>((resolve) => {
    const onDone = (event: { channel: string; data: Record<string, unknown> }) => {
      if (event.channel !== channel) return;
      socket.off('ActionCompleted', onDone);
      resolve(event.data);
    };
    socket.on('ActionCompleted', onDone);
    socket.emit('subscribe', channel);
  });

const [device] = (await api('GET', '/devices?limit=1&fields=id')).data as { id: number }[];
console.log(`Opening ${SESSIONS} SSH sessions through the relay...`);

interface Session {
  socket: WebSocket;
  screen: string;
  received: number;
  /** Called with the screen each time output arrives. */
  onOutput?: () => void;
}

async function openSession(i: number): Promise<Session> {
  const entry = (await api('POST', '/devices/remote-access', {
    device_id: device.id,
    name: `Bench_${i}`,
    protocol: 'ssh',
    destination_ip: '127.0.0.1',
    destination_port: router.ssh.port,
    username: 'root',
    password: 'admin01',
  })) as { data: { id: number } };
  const { meta } = await api('POST', `/devices/connect/${entry.data.id}`, { duration: 600 });
  const { url } = (await completion(meta!.channel)) as { url: string };
  const key = new URL(url, base).searchParams.get('key')!;
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/remote/relay?key=${encodeURIComponent(key)}`, {
    headers: { origin: base, cookie },
  });
  const session: Session = { socket: ws, screen: '', received: 0 };
  ws.on('message', (data, binary) => {
    if (!binary) return;
    const text = String(data);
    session.received += (data as Buffer).length;
    session.screen = (session.screen + text).slice(-8192);
    session.onOutput?.();
  });
  ws.on('open', () => ws.send(JSON.stringify({ type: 'start', cols: 200, rows: 50 })));
  await until(session, () => session.screen.includes(PROMPT), 20_000);
  return session;
}

function until(session: Session, done: () => boolean, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (done()) return resolve();
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms: ${session.screen.slice(-200)}`)), ms);
    session.onOutput = () => {
      if (!done()) return;
      clearTimeout(timer);
      session.onOutput = undefined;
      resolve();
    };
  });
}

const sessions: Session[] = [];
for (let i = 0; i < SESSIONS; i += 10)
  sessions.push(
    ...(await Promise.all(Array.from({ length: Math.min(10, SESSIONS - i) }, (_, j) => openSession(i + j)))),
  );

console.log(`Typing ${KEYS} keys in each session, every ${KEY_MS} ms, all sessions at once...`);
const echoes: number[] = [];
await Promise.all(
  sessions.map(async (session, s) => {
    await sleep((s * KEY_MS) / SESSIONS);
    for (let k = 0; k < KEYS; k++) {
      const key = String.fromCharCode(97 + (k % 26));
      const before = session.received;
      const sent = performance.now();
      const echoed = until(session, () => session.received > before && session.screen.endsWith(key), 5000);
      session.socket.send(Buffer.from(key), { binary: true });
      await echoed;
      echoes.push(performance.now() - sent);
      await sleep(KEY_MS);
    }
    // The typed line is a command the shell does not know; the prompt comes back.
    session.socket.send(Buffer.from('\r'), { binary: true });
    await until(session, () => session.screen.endsWith(PROMPT), 5000);
  }),
);

console.log(`Relaying output for ${SECONDS} s...`);
const text = 'x'.repeat(1000);
const started = performance.now();
const before = sessions.reduce((sum, s) => sum + s.received, 0);
let running = true;
await Promise.all(
  sessions.map(async (session) => {
    while (running) {
      const from = session.received;
      // The command's echo, its output and the prompt again.
      const done = until(
        session,
        () => session.received > from + text.length && session.screen.endsWith(PROMPT),
        10_000,
      );
      session.socket.send(Buffer.from(`echo ${text}\r`), { binary: true });
      await done;
      if (performance.now() - started > SECONDS * 1000) running = false;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const relayed = sessions.reduce((sum, s) => sum + s.received, 0) - before;

echoes.sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`\n${SESSIONS} SSH sessions on one server instance, loopback, ${os.cpus().length} cores\n`);
console.log('| measure | value | aim |\n|---|---|---|');
console.log(
  `| keystroke echo p50 / p95 (${echoes.length} keys) | ${ms(percentile(echoes, 50))} / ${ms(percentile(echoes, 95))} | p95 < 50 ms |`,
);
console.log(
  `| bytes relayed to the browsers / s (${seconds.toFixed(1)} s) | ${(relayed / seconds / 1e6).toFixed(2)} MB/s | |`,
);

for (const session of sessions) session.socket.close();
socket.disconnect();
for (const { child } of [server, simulated]) child.kill('SIGTERM');
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
