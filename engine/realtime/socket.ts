import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { afterFirstContent } from '../pages/first-content';

/** Socket options of forms spec §7 and §9: websocket only, 5 reconnection attempts. */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  transports: ['websocket'],
  reconnectionAttempts: 5,
  withCredentials: true,
  path: '/socket.io',
};

export type RealtimeHandler = (payload: { channel?: string; [key: string]: unknown }) => void;
type SocketFactory = (url: string | undefined, options: typeof SOCKET_OPTIONS) => Socket | Promise<Socket>;

const defaultFactory: SocketFactory = async (url, options) => {
  // The first paint does not need the socket client: it loads after the first page content.
  await afterFirstContent();
  const { io } = await import('socket.io-client');
  return url ? io(url, options) : io(options);
};

/**
 * One socket for the app. Channels are subscribed by name and ref-counted by
 * handler; a handler added twice is kept once (no duplicate listeners on
 * remount); a 403 subscription error closes that channel.
 */
export function createRealtime(factory: SocketFactory = defaultFactory) {
  let url: string | undefined;
  let socket: Socket | null = null;
  let connecting: Promise<Socket> | null = null;
  const channels = new Map<string, Map<string, Set<RealtimeHandler>>>();
  const boundEvents = new Set<string>();

  function dispatch(event: string, payload: { channel?: string }) {
    const channel = payload?.channel;
    const targets = channel ? [channels.get(channel)] : [...channels.values()];
    for (const events of targets) for (const handler of events?.get(event) ?? []) handler(payload);
  }

  function bind(target: Socket, event: string) {
    target.on(event, (payload: { channel?: string }) => dispatch(event, payload));
  }

  function connect(): Promise<Socket> {
    if (socket) return Promise.resolve(socket);
    connecting ??= Promise.resolve(factory(url, SOCKET_OPTIONS)).then((created) => {
      socket = created;
      connecting = null;
      created.on('connect', () => {
        for (const channel of channels.keys()) created.emit('subscribe', channel);
      });
      created.on('subscription_error', (error: { channel?: string; status?: number; message?: string }) => {
        console.warn('Socket subscription error', error);
        if (error?.status === 403 && error.channel) channels.delete(error.channel);
      });
      for (const event of boundEvents) bind(created, event);
      return created;
    });
    return connecting;
  }

  return {
    configure(options: { url?: string }) {
      url = options.url;
    },
    subscribe(channel: string, event: string, handler: RealtimeHandler): () => void {
      let events = channels.get(channel);
      const isNew = !events;
      if (!events) channels.set(channel, (events = new Map()));
      let handlers = events.get(event);
      if (!handlers) events.set(event, (handlers = new Set()));
      handlers.add(handler);
      const needsBinding = !boundEvents.has(event);
      boundEvents.add(event);
      void connect().then((live) => {
        if (needsBinding && live === socket && !hasListener(live, event)) bind(live, event);
        if (isNew && live.connected) live.emit('subscribe', channel);
      });
      return () => {
        const current = channels.get(channel);
        current?.get(event)?.delete(handler);
        if (current && [...current.values()].every((set) => set.size === 0)) {
          channels.delete(channel);
          socket?.emit('unsubscribe', channel);
        }
      };
    },
    /** Close the socket (after a token refresh); reconnect with the new session when channels remain. */
    reconnect() {
      const old = socket;
      socket = null;
      old?.disconnect();
      if (channels.size > 0) void connect();
    },
    close() {
      socket?.disconnect();
      socket = null;
      channels.clear();
    },
    channels: () => [...channels.keys()],
  };
}

function hasListener(socket: Socket, event: string): boolean {
  return socket.listeners(event).length > 0;
}

/** The app's realtime client. */
export const realtime = createRealtime();
