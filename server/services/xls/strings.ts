import type { Segments } from './segments';

// The string structures of BIFF8: XLUnicodeString (LABEL, STRING: a 2-byte
// character count and a flag byte) and XLUnicodeRichExtendedString (SST:
// the same, then when flagged a count of formatting runs and the size of a
// phonetic block, both skipped after the characters). Flag bit 0: UTF-16LE
// instead of 8-bit characters; bit 2: phonetic block; bit 3: rich text runs.

const HIGH_BYTE = 0x01;
const EXTENDED = 0x04;
const RICH = 0x08;
const RUN_SIZE = 4;

export function unicodeString(data: Segments): string {
  const count = data.u16();
  return data.chars(count, (data.u8() & HIGH_BYTE) !== 0);
}

export function richExtendedString(data: Segments): string {
  const count = data.u16();
  const flags = data.u8();
  const runs = flags & RICH ? data.u16() : 0;
  const phonetic = flags & EXTENDED ? data.u32() : 0;
  const text = data.chars(count, (flags & HIGH_BYTE) !== 0);
  data.skip(runs * RUN_SIZE);
  data.skip(phonetic);
  return text;
}
