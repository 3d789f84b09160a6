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
