import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Actor } from '../auth/actor';
import type { SharedRedis } from '../cluster/redis';
import { memoryActionStore, redisActionStore, type ActionStore } from './actions';
import { statusData, type StatusData } from './status-channel';

// Realtime over socket.io on the same origin (websocket transport), opened
// with the session cookie or a personal access token. Clients `subscribe` /
// `unsubscribe` to named channels; a channel the caller may not read answers
// `subscription_error` with status 403.
//
// Channels:
//   notifications.{user_id}  private: WebNotificationCreated {channel, data: notification}
//   action.{uuid}            private to the user who started a bulk operation:
//                            ActionProgress {channel, total, done, failed, status}
//                            ActionCompleted {channel, total, done, failed, status: 'completed'}
//   company.{company_id}     devices of a company the caller may act on: DeviceUpdated
//
// With Redis (several instances) events reach the sockets of every instance
// through the socket.io Redis adapter, and the action channels' owners and
// events live in Redis (./actions.ts). Clients that poll instead read an
// action channel's events so far in the vendor's shape from the HTTP status
// channel (statusOf, GET /status/channel/{channel}), by the same rules.

export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** What a socket's handshake authenticates with: the session cookie, or a personal access token. */
export interface SocketCredentials {
  cookie?: string;
  /** From `auth: {token}`, a `token` query parameter or `Authorization: Bearer`; it wins over the cookie. */
  token?: string;
}
export type ResolveSocketActor = (credentials: SocketCredentials) => Promise<Actor | null>;

/** The personal access token of a handshake, wherever the client put it. */
function handshakeToken(handshake: Socket['handshake']): string | undefined {
  const auth = (handshake.auth as { token?: unknown } | undefined)?.token;
  const query = handshake.query.token;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(handshake.headers.authorization ?? '')?.[1];
  const token = typeof auth === 'string' ? auth : typeof query === 'string' ? query : bearer;
  return token || undefined;
}
/** Whether the session a socket was opened in is still live for its user (checked on every subscribe). */
export type CheckSocketSession = (actor: Actor) => Promise<boolean>;

/** The refusal of a channel the caller may not read, on the socket and the HTTP status channel alike. */
export const CHANNEL_FORBIDDEN = 'You are not allowed to subscribe to this channel.';

/** The room of every socket opened in a session, so that ending the session disconnects them. */
const sessionRoom = (sessionId: string) => `session.${sessionId}`;

export class Realtime {
  private io: Server | null = null;
  private readonly actions: ActionStore;

  constructor(private readonly redis?: SharedRedis) {
    this.actions = redis ? redisActionStore(redis) : memoryActionStore();
  }

  private checkSession: CheckSocketSession = async () => false;

  attach(server: HttpServer, resolve: ResolveSocketActor, checkSession: CheckSocketSession): void {
    this.checkSession = checkSession;
    this.io = new Server(server, {
      path: '/socket.io',
      transports: ['websocket'],
      serveClient: false,
      ...(this.redis
        ? {
            adapter: createAdapter(this.redis.connect(), this.redis.connect(), {
              key: `${this.redis.prefix}socket.io`,
            }),
          }
        : {}),
      // Same origin only: a page of another site cannot open a socket with our cookies.
      allowRequest: (req, callback) => {
        const same = sameOrigin(req.headers.origin, req.headers.host);
        callback(same ? null : 'Cross-origin socket refused', same);
      },
    });
    this.io.use(async (socket, next) => {
      const credentials = { cookie: socket.handshake.headers.cookie, token: handshakeToken(socket.handshake) };
      const actor = await resolve(credentials).catch(() => null);
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
  async allowed(actor: Actor, channel: string): Promise<boolean> {
    const [kind, id] = channel.split(/\.(.*)/s);
    if (kind === 'notifications') return id === String(actor.user.id);
    if (kind === 'action') return (await this.actions.owner(channel)) === actor.user.id;
    if (kind === 'company') return actor.companyIds === null || actor.companyIds.includes(Number(id));
    return false;
  }

  private onConnection(socket: Socket): void {
    const actor = socket.data.actor as Actor;
    void socket.join(sessionRoom(actor.sessionId));
    socket.on('subscribe', async (input: unknown, ack?: (r: unknown) => void) => {
      const channel = this.channelName(input);
      if (!(await this.checkSession(actor).catch(() => false))) {
        const error = { channel, status: 401, message: 'The session has ended.' };
        socket.emit('subscription_error', error);
        if (typeof ack === 'function') ack({ success: false, ...error });
        socket.disconnect(true);
        return;
      }
      if (!channel || !(await this.allowed(actor, channel).catch(() => false))) {
        const error = { channel, status: 403, message: CHANNEL_FORBIDDEN };
        socket.emit('subscription_error', error);
        if (typeof ack === 'function') ack({ success: false, ...error });
        return;
      }
      void socket.join(channel);
      if (typeof ack === 'function') ack({ success: true, channel });
      socket.emit('subscribed', { channel });
      const last = channel.startsWith('action.') ? await this.actions.last(channel).catch(() => null) : null;
      if (last) socket.emit(last.event, last.payload);
    });
    socket.on('unsubscribe', (input: unknown, ack?: (r: unknown) => void) => {
      const channel = this.channelName(input);
      if (channel) void socket.leave(channel);
      if (typeof ack === 'function') ack({ success: true, channel });
    });
  }

  /** Sends an event to a channel's subscribers on every instance; never rejects. */
  async publish(channel: string, event: string, payload: Record<string, unknown>): Promise<void> {
    const message = { channel, ...payload };
    if (channel.startsWith('action.'))
      await this.actions.record(channel, { event, payload: message }).catch(() => undefined);
    this.io?.to(channel).emit(event, message);
  }

  /**
   * A channel's events so far in the vendor's Status API shape for an actor (action channels keep theirs; the
   * others are live only, so none): 'forbidden' for a channel the actor may not read, 'unknown' for an action
   * channel nobody started (or long expired).
   */
  async statusOf(actor: Actor, channel: string): Promise<StatusData | 'forbidden' | 'unknown'> {
    if (channel.startsWith('action.') && (await this.actions.owner(channel)) === null) return 'unknown';
    if (!(await this.allowed(actor, channel))) return 'forbidden';
    return channel.startsWith('action.') ? statusData(await this.actions.events(channel)) : {};
  }

  notifyUser(userId: number, notification: Record<string, unknown>): Promise<void> {
    return this.publish(`notifications.${userId}`, 'WebNotificationCreated', { data: notification });
  }

  /** A new private channel for a bulk operation of a user. */
  async createActionChannel(userId: number): Promise<string> {
    const channel = `action.${randomUUID()}`;
    await this.actions.create(channel, userId);
    return channel;
  }

  /** Disconnects every socket opened in a session (sign-out, revoke, refresh-token reuse). */
  endSession(sessionId: string): void {
    this.io?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  close(): void {
    // Only the sockets: the HTTP server belongs to Fastify, which closes it.
    this.io?.disconnectSockets(true);
    this.io?.engine.close();
    this.io = null;
  }
}
