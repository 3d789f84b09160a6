import { randomUUID } from 'node:crypto';
import type { SharedRedis } from '../cluster/redis';

// The relayed connections of this instance, by RMS Connect session (a row of
// the access history) and by the sign-in session of the user who opened
// them. Ending a session (DELETE /devices/connect/sessions/{id}), its expiry
// or the end of the user's sign-in session closes them at once; with Redis
// the end is announced to every instance, which closes its own.

/** One relayed connection: its end closes the browser's websocket and the device connection. */
export interface Relay {
  historyId: number;
  /** The sign-in session it was opened in; null for a shared link opened without signing in. */
  sessionId: string | null;
  /** When the session's time runs out (checked every second against the server's clock). */
  expiresAt: string;
  end(code: number, reason: string): void;
}

export const END_CODES = {
  ended: 4000,
  invalid: 4001,
  protocol: 4002,
  forbidden: 4003,
  expired: 4008,
  device: 4010,
  signedOut: 4011,
} as const;

type Announcement = { history?: number; session?: string };

export class RelayRegistry {
  private readonly relays = new Set<Relay>();
  private readonly instance = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private closeSubscriber: (() => Promise<void>) | null = null;

  /**
   * @param now the server's clock
   * @param stillOpen the expiry of a session whose time seemed to run out, if it is open after all (restarted); else null
   */
  constructor(
    private readonly now: () => Date,
    private readonly stillOpen: (historyId: number) => Promise<string | null>,
    private readonly redis?: SharedRedis,
  ) {}

  private get channel() {
    return `${this.redis?.prefix}remote-end`;
  }

  /** Subscribes to the other instances' announcements (with Redis). */
  async listen(): Promise<void> {
    if (!this.redis) return;
    const subscriber = this.redis.connect();
    subscriber.on('message', (_channel: string, message: string) => {
      const { from, ...announcement } = JSON.parse(message) as Announcement & { from: string };
      if (from !== this.instance) this.endHere(announcement);
    });
    await subscriber.subscribe(this.channel);
    this.closeSubscriber = async () => void (await subscriber.quit().catch(() => subscriber.disconnect()));
  }

  track(relay: Relay): () => void {
    this.relays.add(relay);
    this.timer ??= setInterval(() => void this.expire(), 1000);
    this.timer.unref();
    return () => {
      this.relays.delete(relay);
      if (!this.relays.size && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  get size(): number {
    return this.relays.size;
  }

  private async expire() {
    const now = this.now().toISOString();
    for (const relay of [...this.relays]) {
      if (relay.expiresAt > now) continue;
      const later = await this.stillOpen(relay.historyId).catch(() => null);
      if (later && later > now) relay.expiresAt = later;
      else relay.end(END_CODES.expired, 'The session time limit has been reached.');
    }
  }

  private endHere({ history, session }: Announcement) {
    for (const relay of [...this.relays]) {
      if (history !== undefined && relay.historyId === history) relay.end(END_CODES.ended, 'The session was ended.');
      else if (session !== undefined && relay.sessionId === session)
        relay.end(END_CODES.signedOut, 'You were signed out.');
    }
  }

  private async announce(announcement: Announcement) {
    this.endHere(announcement);
    await this.redis?.client
      .publish(this.channel, JSON.stringify({ ...announcement, from: this.instance }))
      .catch(() => undefined);
  }

  /** Closes every relayed connection of an RMS Connect session, on every instance. */
  endLink(historyId: number): Promise<void> {
    return this.announce({ history: historyId });
  }

  /** Closes every relayed connection opened in a sign-in session, on every instance. */
  endSession(sessionId: string): Promise<void> {
    return this.announce({ session: sessionId });
  }

  async close(): Promise<void> {
    for (const relay of [...this.relays]) relay.end(END_CODES.ended, 'The server is shutting down.');
    if (this.timer) clearInterval(this.timer);
    await this.closeSubscriber?.();
  }
}
