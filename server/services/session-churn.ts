// How the simulated clients of the VPN hubs' demo data plane come and
// go, one simulator step at a time: an idle client connects with
// CONNECT_CHANCE, a connected one disconnects with DISCONNECT_CHANCE or else
// moves traffic. The randomness is a parameter, so a test decides it.

/** Numbers in [0, 1), like Math.random. */
export type Random = () => number;

export const CONNECT_CHANCE = 0.3;
export const DISCONNECT_CHANCE = 0.1;

export type Churn = 'connect' | 'disconnect' | 'traffic' | 'idle';

/** What a client does this step. */
export function churn(connected: boolean, random: Random): Churn {
  if (connected) return random() < DISCONNECT_CHANCE ? 'disconnect' : 'traffic';
  return random() < CONNECT_CHANCE ? 'connect' : 'idle';
}

/** Bytes moved this step: up to `most`. */
export const bytesUpTo = (most: number, random: Random) => Math.floor(random() * most);
