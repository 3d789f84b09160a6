// Numbers of BIFF8 cells as the text an import reads: an RK value (a 30-bit
// integer or the high 30 bits of a double, either one possibly times 100)
// decoded, and any number written out in full, so a serial such as
// 1234567890 stays "1234567890" (no exponent, no ".0").

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

export const numberText = (value: number): string =>
  Number.isInteger(value) ? BigInt(value).toString() : String(value);
