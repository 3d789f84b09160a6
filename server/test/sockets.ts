import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { Client, Reply } from './harness';

// Test sockets: websocket transport, no reconnection, the client's session cookie
// (none for an anonymous socket); every socket a file opens is closed by closeSockets().

const open: Socket[] = [];

export function openSocket(url: string, client?: Client, headers: Record<string, string> = {}): Socket {
  const cookie: Record<string, string> = client ? { cookie: client.cookieHeader() } : {};
  const socket = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: { ...cookie, ...headers } });
  open.push(socket);
  return socket;
}

/** Resolves when the socket connects; rejects with the server's refusal. */
export const connected = (socket: Socket) =>
  new Promise<Socket>((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });

export const connectSocket = (url: string, client: Client) => connected(openSocket(url, client));

export function closeSockets() {
  for (const socket of open.splice(0)) socket.disconnect();
}

/** An action channel's ActionCompleted payload. */
export type Completed = { total: number; done: number; failed: number; status: string; data?: unknown };

/** Subscribes to the reply's action channel and answers its ActionCompleted (replayed once the work is done). */
export async function completed(url: string, client: Client, reply: Reply, status = 200): Promise<Completed> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const socket = await connectSocket(url, client);
  const event = new Promise<Completed>((resolve) => socket.once('ActionCompleted', resolve));
  socket.emit('subscribe', (reply.body.meta as { channel: string }).channel);
  const result = await event;
  socket.disconnect();
  return result;
}
