import type { FastifyInstance } from 'fastify';

// A counter that moves on every write, so read caches (session callers, list
// totals) stay correct: an entry is valid only for the version it was
// computed at. Unsafe requests bump it when they start and when they finish
// (a read that began during a write cannot outlive it); background work
// (bulk device operations) bumps it per chunk. With several instances every
// local bump is announced to the others (server/cluster/invalidation.ts),
// and a write's response leaves only once its announcement has.

export class DataVersion {
  value = 0;
  /** Tells the other instances about a local write (set when they share Redis). */
  announce: (() => Promise<void>) | null = null;
  private announced: Promise<void> = Promise.resolve();

  bump(): void {
    this.value += 1;
    if (this.announce) this.announced = this.announce().catch(() => undefined);
  }

  /** A write made on another instance: caches drop, nothing is announced again. */
  bumpFromElsewhere(): void {
    this.value += 1;
  }

  /** Resolves once the last local bump has reached the other instances. */
  settled(): Promise<void> {
    return this.announced;
  }
}

/** A small cache of values computed at a data version. */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: number; value: T }>();

  constructor(
    private readonly version: DataVersion,
    private readonly max = 1000,
  ) {}

  /** The data version now: what is computed from data read now is stored at it. */
  get current(): number {
    return this.version.value;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry && entry.version === this.version.value ? entry.value : undefined;
  }

  /** Stores a value computed from data read at `version`. */
  set(key: string, value: T, version: number): void {
    if (version !== this.version.value) return;
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerDataVersion(app: FastifyInstance, version: DataVersion): void {
  app.addHook('onRequest', async (request) => {
    if (!SAFE.has(request.method)) version.bump();
  });
  // Before the answer leaves: a caller who reads next, on any instance, sees the write.
  app.addHook('onSend', async (request) => {
    if (SAFE.has(request.method)) return;
    version.bump();
    await version.settled();
  });
}
