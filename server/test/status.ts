import { expect } from 'vitest';
import type { Client } from './harness';

// Polling the HTTP status channel as an RMS API client does (GET /status/channel/{channel}).

export type StatusMessages = Record<string, Record<string, unknown>[]>;

/** Polls a channel until its "-1" key holds a completed message; answers the channel's messages then. */
export async function statusCompleted(client: Client, channel: string): Promise<StatusMessages> {
  for (let i = 0; i < 100; i++) {
    const reply = await client.get<{ success: boolean; data: StatusMessages }>(`/status/channel/${channel}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.success).toBe(true);
    if (reply.body.data['-1']?.some((m) => m.status === 'completed')) return reply.body.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${channel} did not complete`);
}
