// IPv4 addresses and netmasks as numbers, for the VPN network of a hub.

/** An IPv4 address (four decimal octets, no leading zeros) as an unsigned number; null otherwise. */
export function ipv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** An unsigned number as its dotted IPv4 address. */
export const dotted = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');

/** The prefix length of a netmask (contiguous ones, then zeros); null for anything else. */
export function prefixOf(text: string): number | null {
  const mask = ipv4(text);
  if (mask === null) return null;
  // The inverted mask plus one is a power of two exactly when the ones are contiguous.
  const hostBits = Math.log2(2 ** 32 - mask);
  return Number.isInteger(hostBits) ? 32 - hostBits : null;
}

/** Whether an address is a usable host of the network its netmask gives (neither the network nor broadcast). */
export function isHost(ip: number, prefix: number): boolean {
  const size = 2 ** (32 - prefix);
  const offset = ip % size;
  return size > 2 && offset !== 0 && offset !== size - 1;
}
