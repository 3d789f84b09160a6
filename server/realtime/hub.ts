import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Actor } from '../auth/actor';

// Realtime over socket.io on the same origin (websocket transport). Clients
// `subscribe` / `unsubscribe` to named channels; a channel the caller may not
// read answers `subscription_error` with status 403.
//
// Channels:
//   notifications.{user_id}  private: WebNotificationCreated {channel, data: notification}
//   action.{uuid}            private to the user who started a bulk operation:
//                            ActionProgress {channel, total, done, failed, status}
//                            ActionCompleted {channel, total, done, failed, status: 'completed'}
//   company.{company_id}     devices of a company the caller may act on: DeviceUpdated

function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export type ResolveSocketActor = (cookieHeader: string | undefined) => Promise<Actor | null>;

interface ActionState {
  userId: number;
  last?: { event: string; payload: unknown };
}

export class Realtime {
  private io: Server | null = null;
  private readonly actions = new Map<string, ActionState>();

  attach(server: HttpServer, resolve: ResolveSocketActor): void {
    this.io = new Server(server, {
      path: '/socket.io',
      transports: ['websocket'],
      serveClient: false,
      // Same origin only: a page of another site cannot open a socket with our cookies.
      allowRequest: (req, callback) => {
        const same = sameOrigin(req.headers.origin, req.headers.host);
        callback(same ? null : 'Cross-origin socket refused', same);
      },
    });
    this.io.use(async (socket, next) => {
      const actor = await resolve(socket.handshake.headers.cookie).catch(() => null);
      if (!actor) return next(new Error('Unauthenticated.'));
      socket.data.actor = actor;
      next();
    });
    this.io.on('connection', (socket) => this.onConnection(socket));
  }

  private channelName(input: unknown): string | null {
    const name = typeof input === 'string' ? input : (input as { channel?: unknown } | null)?.channel;
    return typeof name === 'string' && name.length > 0 && name.length < 200 ? name : null;
  }

  /** Whether an actor may read a channel. */
  allowed(actor: Actor, channel: string): boolean {
    const [kind, id] = channel.split(/\.(.*)/s);
    if (kind === 'notifications') return id === String(actor.user.id);
    if (kind === 'action') return this.actions.get(channel)?.userId === actor.user.id;
    if (kind === 'company') return actor.companyIds === null || actor.companyIds.includes(Number(id));
    return false;
  }

  private onConnection(socket: Socket): void {
    const actor = socket.data.actor as Actor;
    socket.on('subscribe', (input: unknown, ack?: (r: unknown) => void) => {
      const channel = this.channelName(input);
      if (!channel || !this.allowed(actor, channel)) {
        const error = { channel, status: 403, message: 'You are not allowed to subscribe to this channel.' };
        socket.emit('subscription_error', error);
        if (typeof ack === 'function') ack({ success: false, ...error });
        return;
      }
      void socket.join(channel);
      if (typeof ack === 'function') ack({ success: true, channel });
      socket.emit('subscribed', { channel });
      const last = this.actions.get(channel)?.last;
      if (last) socket.emit(last.event, last.payload);
    });
    socket.on('unsubscribe', (input: unknown, ack?: (r: unknown) => void) => {
      const channel = this.channelName(input);
      if (channel) void socket.leave(channel);
      if (typeof ack === 'function') ack({ success: true, channel });
    });
  }

  publish(channel: string, event: string, payload: Record<string, unknown>): void {
    const message = { channel, ...payload };
    const action = this.actions.get(channel);
    if (action) action.last = { event, payload: message };
    this.io?.to(channel).emit(event, message);
  }

  notifyUser(userId: number, notification: Record<string, unknown>): void {
    this.publish(`notifications.${userId}`, 'WebNotificationCreated', { data: notification });
  }

  /** A new private channel for a bulk operation of a user. */
  createActionChannel(userId: number): string {
    const channel = `action.${randomUUID()}`;
    this.actions.set(channel, { userId });
    if (this.actions.size > 5000) this.actions.delete(this.actions.keys().next().value as string);
    return channel;
  }

  close(): void {
    // Only the sockets: the HTTP server belongs to Fastify, which closes it.
    this.io?.disconnectSockets(true);
    this.io?.engine.close();
    this.io = null;
  }
}
