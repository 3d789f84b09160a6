import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Actor } from '../auth/actor';
import { resolveActor } from '../auth/authenticate';
import { ACCESS_COOKIE } from '../auth/sessions';
import { sameOrigin } from '../realtime/hub';
import { openSsh, openTcp, type DeviceStream } from './device-stream';
import { isRefusal, linkFor, recordUse, type Link } from './links';
import { END_CODES } from './registry';

// The terminal and desktop relay: a websocket at RELAY_PATH?key=<link key>
// on the console's origin. The key names the session and so the entry; the
// device connection goes to that entry's address and port, nothing the
// browser says. Text frames carry control messages (JSON), binary frames the
// connection's bytes, relayed as they are and counted, never read or logged.
//
//   browser → server  {"type":"start","cols":80,"rows":24[,"username","password"]}
//                     {"type":"resize","cols":…,"rows":…}     binary: keystrokes
//   server → browser  {"type":"session","protocol","name","device_name","expires_at"}
//                     {"type":"ready"}   binary: output
//                     close code END_CODES.* with the reason for the user

export const RELAY_PATH = '/api/remote/relay';
/** The protocols this relay speaks (SFTP and WebUI have their own endpoints). */
export const RELAYED = ['ssh', 'telnet', 'vnc'] as const;
const START_TIMEOUT_MS = 10_000;
/** Device output waits while the browser has this much unsent. */
const HIGH_WATER = 1 << 20;

const cookieActor = (app: FastifyInstance, request: IncomingMessage) => {
  const token = new RegExp(`(?:^|;\\s*)${ACCESS_COOKIE}=([^;]+)`).exec(request.headers.cookie ?? '')?.[1];
  return resolveActor(app, token ? decodeURIComponent(token) : undefined).catch(() => null);
};

interface Start {
  type: 'start';
  cols: number;
  rows: number;
  username?: string;
  password?: string;
}

const dimension = (value: unknown, fallback: number) =>
  Number.isInteger(value) && (value as number) > 0 && (value as number) <= 1000 ? (value as number) : fallback;

function control(data: RawData): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(String(data));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function deviceFor(link: Link, start: Start, events: Parameters<typeof openTcp>[2]): DeviceStream | string {
  const target = { host: link.host, port: link.port };
  if (link.protocol === 'telnet') return openTcp(target, true, events);
  if (link.protocol === 'vnc') return openTcp(target, false, events);
  const username = link.username ?? (typeof start.username === 'string' ? start.username.slice(0, 128) : '');
  const password = link.password ?? (typeof start.password === 'string' ? start.password.slice(0, 256) : '');
  if (!username) return 'The remote access has no credentials; enter them to connect.';
  return openSsh(target, { username, password }, { cols: start.cols, rows: start.rows }, events);
}

function relay(app: FastifyInstance, socket: WebSocket, link: Link, actor: Actor | null, start: Start) {
  const { ctx } = app;
  const bytes = { input: 0, output: 0 };
  let untrack = () => undefined as void;
  let finished = false;
  const finish = (code: number, reason: string) => {
    if (finished) return;
    finished = true;
    untrack();
    device?.end();
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
    void recordUse(
      ctx,
      link.historyId,
      actor?.user.id ?? null,
      link.protocol,
      `${link.host}:${link.port}`,
      bytes,
    ).catch(() => undefined);
  };
  const made = deviceFor(link, start, {
    ready: () => socket.send(JSON.stringify({ type: 'ready' })),
    data: (chunk) => {
      bytes.output += chunk.length;
      socket.send(chunk);
      if (socket.bufferedAmount > HIGH_WATER) {
        device?.pause();
        const drain = setInterval(() => {
          if (socket.bufferedAmount > HIGH_WATER && socket.readyState === socket.OPEN) return;
          clearInterval(drain);
          device?.resume();
        }, 20);
      }
    },
    closed: (reason) => finish(END_CODES.device, reason),
  });
  const device = typeof made === 'string' ? null : made;
  if (!device) return finish(END_CODES.invalid, made as string);
  untrack = ctx.remote.track({
    historyId: link.historyId,
    sessionId: actor?.sessionId ?? null,
    expiresAt: link.expiresAt,
    end: finish,
  });
  socket.on('message', (data, binary) => {
    if (binary) {
      const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      bytes.input += chunk.length;
      return device.write(chunk);
    }
    const message = control(data);
    if (message?.type === 'resize')
      device.resize(dimension(message.cols, start.cols), dimension(message.rows, start.rows));
  });
  socket.on('close', () => finish(END_CODES.ended, 'The browser closed the connection.'));
  socket.on('error', () => finish(END_CODES.ended, 'The browser connection failed.'));
}

/** The first message, kept from the moment the socket opens (it may arrive while the link is being checked). */
function firstMessage(socket: WebSocket): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), START_TIMEOUT_MS);
    socket.once('message', (data, binary) => {
      clearTimeout(timer);
      resolve(binary ? null : control(data));
    });
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(null);
    });
  });
}

async function serve(app: FastifyInstance, socket: WebSocket, request: IncomingMessage, key: string | null) {
  const first = firstMessage(socket);
  const actor = await cookieActor(app, request);
  const link = await linkFor(app.ctx, key, actor, RELAYED).catch(() => ({
    code: END_CODES.invalid,
    message: 'The link is invalid or has expired.',
  }));
  if (isRefusal(link)) return socket.close(link.code, link.message);
  const message = await first;
  if (socket.readyState !== socket.OPEN) return;
  if (message?.type !== 'start') return socket.close(END_CODES.protocol, 'No start message.');
  const start = { ...message, cols: dimension(message.cols, 80), rows: dimension(message.rows, 24) } as Start;
  socket.send(
    JSON.stringify({
      type: 'session',
      protocol: link.protocol,
      name: link.name,
      device_name: link.deviceName,
      expires_at: link.expiresAt,
    }),
  );
  relay(app, socket, link, actor, start);
}

/** Serves the relay's websocket on the app's HTTP server (beside socket.io, which keeps its own path). */
export function attachRelay(app: FastifyInstance): void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  app.server.on('upgrade', (request: IncomingMessage, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://relay');
    if (url.pathname !== RELAY_PATH) return;
    // A page of another site cannot open the relay with the user's cookies.
    if (!sameOrigin(request.headers.origin, request.headers.host)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      ws.binaryType = 'nodebuffer';
      void serve(app, ws, request, url.searchParams.get('key'));
    });
  });
  app.addHook('preClose', async () => {
    await app.ctx.remote.close();
    for (const ws of sockets.clients) ws.terminate();
    sockets.close();
  });
}
