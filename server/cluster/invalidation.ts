import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { SharedRedis } from './redis';

// Per-process caches stay correct across instances: every local write (a
// bump of the data version) is published on a Redis channel, and every other
// instance bumps its own version on receipt — dropping its cached session
// callers, list totals and token callers, so a sign-out, a revoked session
// or a changed role or permission takes effect everywhere at once — and
// drops its in-memory copy of the documents. A reconnection to Redis drops
// them all, since announcements made meanwhile never arrive.

export async function shareInvalidation(ctx: AppContext, redis: SharedRedis): Promise<void> {
  const channel = `${redis.prefix}invalidate`;
  const instance = randomUUID();
  const subscriber = redis.connect();
  const dropCached = () => {
    ctx.version.bumpFromElsewhere();
    ctx.documents.invalidate();
  };
  subscriber.on('message', (_channel: string, from: string) => {
    if (from !== instance) dropCached();
  });
  await subscriber.subscribe(channel);
  // What was announced while the connection was down is lost: once it is subscribed again after a
  // reconnection, everything cached goes, as if each of those announcements had arrived.
  subscriber.on('ready', () => void subscriber.subscribe(channel).then(dropCached, () => undefined));
  ctx.version.announce = async () => {
    await redis.client.publish(channel, instance);
  };
}
