import type { Actor } from '../auth/actor';
import type { AppContext } from '../context';

// Operations the RMS API answers asynchronously ({success, meta: {channel}})
// that this server completes within the call: the result is published as
// ActionCompleted on a new private channel of the caller before the answer,
// and the hub replays it to the subscriber who comes after.

export interface ActionResult {
  total: number;
  done: number;
  failed: number;
  /** What the operation made (a link, statuses), when it made something. */
  data?: unknown;
}

/** Publishes a finished operation's result on a new channel and answers the channel envelope. */
export async function reportDone(ctx: AppContext, actor: Actor, result: ActionResult) {
  const channel = await ctx.realtime.createActionChannel(actor.user.id);
  await ctx.realtime.publish(channel, 'ActionCompleted', { ...result, status: 'completed' });
  return { success: true as const, meta: { channel } };
}

/**
 * Answers the channel envelope at once and publishes the operation's result on the channel when `work` ends (a
 * question to a device): the subscriber who comes before or after hears it.
 */
export async function reportWhenDone(
  ctx: AppContext,
  actor: Actor,
  work: () => Promise<ActionResult>,
  log: (message: string) => void,
) {
  const channel = await ctx.realtime.createActionChannel(actor.user.id);
  void work()
    .then((result) => ctx.realtime.publish(channel, 'ActionCompleted', { ...result, status: 'completed' }))
    .catch((error: unknown) => log(`channel ${channel}: ${String(error)}`));
  return { success: true as const, meta: { channel } };
}
