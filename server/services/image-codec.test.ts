import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { decodeImage, fitWithin, imageHeader, scaleDown, thumbnail } from './image-codec';

const rgba = (width: number, height: number, at: (x: number, y: number) => number) => {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.fill(at(x, y), (y * width + x) * 4, (y * width + x) * 4 + 4);
  return data;
};

describe('image codec', () => {
  it('reads the type and size from the header, whatever the bytes claim elsewhere', () => {
    const png = new PNG({ width: 7, height: 3 });
    expect(imageHeader(PNG.sync.write(png))).toEqual({ mime: 'image/png', width: 7, height: 3 });
    const jpg = jpeg.encode({ width: 9, height: 5, data: rgba(9, 5, () => 128) }).data;
    expect(imageHeader(jpg)).toEqual({ mime: 'image/jpeg', width: 9, height: 5 });
    expect(imageHeader(Buffer.from('GIF89a......'))).toBeNull();
    expect(imageHeader(Buffer.from([0xff, 0xd8, 0x00, 0x00]))).toBeNull();
    expect(decodeImage(jpg.subarray(0, 30), 'image/jpeg')).toBeNull();
  });

  it('fits a box keeping the aspect ratio, never enlarging', () => {
    expect(fitWithin(640, 480, 320, 180)).toEqual({ width: 240, height: 180 });
    expect(fitWithin(2048, 100, 320, 180)).toEqual({ width: 320, height: 16 });
    expect(fitWithin(10, 10, 320, 180)).toEqual({ width: 10, height: 10 });
    expect(fitWithin(5000, 1, 320, 180)).toEqual({ width: 320, height: 1 });
  });

  it('averages the source area of each target pixel', () => {
    // 4x2 columns 0, 100, 200, 40 → 2x1: (0+100)/2 and (200+40)/2.
    const columns = [0, 100, 200, 40];
    const image = { mime: 'image/png' as const, width: 4, height: 2, data: rgba(4, 2, (x) => columns[x]) };
    expect([...scaleDown(image, 2, 1)]).toEqual([50, 50, 50, 50, 120, 120, 120, 120]);
    const small = PNG.sync.read(thumbnail(image, 2, 2));
    expect([small.width, small.height]).toEqual([2, 1]);
  });
});
