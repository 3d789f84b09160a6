import { malformed } from './refusal';

// A bounds-checked reader over the data of one BIFF record and the CONTINUE
// records after it (its segments). Numbers and skipped bytes run across a
// segment boundary as if the data were one; the characters of a string do
// not: each segment a string's characters continue into starts with a new
// flag byte saying whether they go on as 8-bit (compressed) or UTF-16LE.
// Reading past the last segment is malformed, never a RangeError.

export class Segments {
  private index = 0;
  private at = 0;
  /** Where each segment starts, counted over all of them; the last entry is the total. */
  private readonly starts: number[] = [0];

  constructor(private readonly segments: Buffer[]) {
    for (const segment of segments) this.starts.push(this.starts[this.starts.length - 1] + segment.length);
  }

  /** The bytes left in all segments. */
  get left(): number {
    return this.starts[this.segments.length] - this.starts[Math.min(this.index, this.segments.length)] - this.at;
  }

  /** The current segment with at least one byte left, moving past exhausted ones. */
  private current(): Buffer {
    let segment = this.segments[this.index];
    while (segment && this.at >= segment.length) {
      segment = this.segments[++this.index];
      this.at = 0;
    }
    return segment ?? malformed();
  }

  /** `count` bytes (copied only when they cross a boundary). */
  bytes(count: number): Buffer {
    const segment = this.segments[this.index];
    if (segment && this.at + count <= segment.length) {
      this.at += count;
      return segment.subarray(this.at - count, this.at);
    }
    const parts: Buffer[] = [];
    for (let need = count; need > 0;) {
      const from = this.current();
      const take = Math.min(need, from.length - this.at);
      parts.push(from.subarray(this.at, this.at + take));
      this.at += take;
      need -= take;
    }
    return Buffer.concat(parts);
  }

  u8 = () => this.bytes(1)[0];
  u16 = () => this.bytes(2).readUInt16LE(0);
  u32 = () => this.bytes(4).readUInt32LE(0);
  f64 = () => this.bytes(8).readDoubleLE(0);

  skip(count: number): void {
    if (count > this.left) malformed();
    for (let need = count; need > 0;) {
      const from = this.current();
      const take = Math.min(need, from.length - this.at);
      this.at += take;
      need -= take;
    }
  }

  /** `count` characters, 8-bit or UTF-16LE as `wide` says, re-reading the flag byte at each boundary. */
  chars(count: number, wide: boolean): string {
    let text = '';
    for (let left = count, utf16 = wide; left > 0;) {
      const segment = this.segments[this.index];
      if (!segment || this.at >= segment.length) {
        if (++this.index >= this.segments.length) return malformed();
        this.at = 0;
        utf16 = (this.u8() & 1) === 1;
        continue;
      }
      const width = utf16 ? 2 : 1;
      const take = Math.min(left, Math.floor((segment.length - this.at) / width));
      if (take === 0) return malformed();
      text += segment.toString(utf16 ? 'utf16le' : 'latin1', this.at, this.at + take * width);
      this.at += take * width;
      left -= take;
    }
    return text;
  }
}
