// Numbers of BIFF8 cells as the text an import reads: an RK value (a 30-bit
// integer or the high 30 bits of a double, either one possibly times 100)
// decoded, and any number written out without an exponent, so a serial
// such as 1234567890 stays "1234567890" (never 1.23456789e9 or ".0").

const scratch = Buffer.alloc(8);

export function rkNumber(rk: number): number {
  let value: number;
  if (rk & 0x02) value = rk >> 2;
  else {
    scratch.writeUInt32LE(0, 0);
    scratch.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = scratch.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}

/** Digits as JavaScript writes them below 1e21 (no exponent there), in full above; NaN and infinities empty. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
}
