import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';

// Dashboard images: what a file really is (PNG or JPEG by its bytes, not its
// name or declared type), its size read from the header before any pixel is
// decoded (so a huge image is refused cheaply), the full decode that proves
// the file is whole, and a thumbnail scaled down by area averaging.

export type ImageMime = 'image/png' | 'image/jpeg';

export interface Decoded {
  mime: ImageMime;
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row by row. */
  data: Uint8Array;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type and size a file's header declares, or null when it is neither PNG nor JPEG. */
export function imageHeader(bytes: Buffer): { mime: ImageMime; width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { mime: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  // JPEG: walk the segments to the first start-of-frame marker (C0-CF but C4, C8, CC).
  for (let at = 2; at + 9 < bytes.length;) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { mime: 'image/jpeg', width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    }
    at += 2 + length;
  }
  return null;
}

/** The image's pixels, or null when the file does not decode as the type its header declares. */
export function decodeImage(bytes: Buffer, mime: ImageMime): Decoded | null {
  try {
    if (mime === 'image/png') {
      const png = PNG.sync.read(bytes);
      return { mime, width: png.width, height: png.height, data: png.data };
    }
    const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 64 });
    return { mime, width: image.width, height: image.height, data: image.data };
  } catch {
    return null;
  }
}

/** The size that fits a box, keeping the aspect ratio; never larger than the image. */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Scales an image down to width x height: each target pixel the average of the source area it covers. */
export function scaleDown(image: Decoded, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  const sx = image.width / width;
  const sy = image.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      const sum = [0, 0, 0, 0];
      for (let yy = y0; yy < y1; yy++) {
        for (let xx = x0; xx < x1; xx++) {
          const i = (yy * image.width + xx) * 4;
          for (let c = 0; c < 4; c++) sum[c] += image.data[i + c];
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) out[o + c] = Math.round(sum[c] / count);
    }
  }
  return out;
}

/** The thumbnail of an image, in the image's own format, fitting the box. */
export function thumbnail(image: Decoded, maxWidth: number, maxHeight: number): Buffer {
  const size = fitWithin(image.width, image.height, maxWidth, maxHeight);
  const data = scaleDown(image, size.width, size.height);
  if (image.mime === 'image/jpeg') return jpeg.encode({ ...size, data }, 85).data;
  const png = new PNG(size);
  png.data = Buffer.from(data);
  return PNG.sync.write(png);
}
