// How the simulated clients of the data planes (VPN hubs, hotspots) come and
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

/** A seeded generator (mulberry32): the same seed gives the same steps. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
