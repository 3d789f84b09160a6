import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listening } from './ssh';
import { listenVnc } from './vnc';

// The desktop's size, its background and the colour a click paints (as sim/remote/vnc.ts draws them).
const SCREEN = { width: 640, height: 400 };
const BACKGROUND = [16, 42, 67];
const PAINT = [255, 128, 0];

// The simulated router's VNC desktop, as an RFB 3.8 client sees it (RFC
// 6143): the handshake with no authentication, the screen in the client's
// pixel format, an incremental update only once something changed, a click
// painting where it lands and "c" clearing it.

let server: Listening;
beforeAll(async () => {
  server = await listenVnc(
    { serial: 'VNC-1', name: 'Router-V', getState: () => ({ uptime: 3 }), reboot: () => undefined },
    '127.0.0.1',
  );
});
afterAll(() => server.close());

/** A raw client: what it has received, and a wait for `n` more bytes. */
function client() {
  const socket: Socket = connect(server.port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let wake = () => undefined as void;
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  const take = async (n: number, ms = 3000): Promise<Buffer> => {
    const deadline = Date.now() + ms;
    while (received.length < n) {
      if (Date.now() > deadline) throw new Error(`waited for ${n} bytes, have ${received.length}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
    const head = received.subarray(0, n);
    received = received.subarray(n);
    return head;
  };
  return { socket, take, pending: () => received.length };
}

async function handshake() {
  const c = client();
  expect((await c.take(12)).toString()).toBe('RFB 003.008\n');
  c.socket.write('RFB 003.008\n');
  expect([...(await c.take(2))]).toEqual([1, 1]);
  c.socket.write(Buffer.from([1]));
  expect((await c.take(4)).readUInt32BE(0)).toBe(0);
  c.socket.write(Buffer.from([1]));
  const init = await c.take(24);
  const name = await c.take(init.readUInt32BE(20));
  return { ...c, width: init.readUInt16BE(0), height: init.readUInt16BE(2), bits: init[4], name: name.toString() };
}

const request = (incremental: boolean, x: number, y: number, w: number, h: number) => {
  const message = Buffer.alloc(10);
  message.writeUInt8(3, 0);
  message.writeUInt8(incremental ? 1 : 0, 1);
  [x, y, w, h].forEach((value, i) => message.writeUInt16BE(value, 2 + i * 2));
  return message;
};

async function update(c: Awaited<ReturnType<typeof handshake>>, bytesPerPixel = 4) {
  const header = await c.take(16);
  expect(header[0]).toBe(0);
  expect(header.readUInt16BE(2)).toBe(1);
  const rect = {
    x: header.readUInt16BE(4),
    y: header.readUInt16BE(6),
    w: header.readUInt16BE(8),
    h: header.readUInt16BE(10),
  };
  expect(header.readInt32BE(12)).toBe(0);
  return { rect, pixels: await c.take(rect.w * rect.h * bytesPerPixel) };
}

describe('the simulated VNC desktop', () => {
  it('shakes hands without authentication and names the device', async () => {
    const c = await handshake();
    expect({ width: c.width, height: c.height, bits: c.bits, name: c.name }).toEqual({
      ...SCREEN,
      bits: 32,
      name: 'Router-V',
    });
    c.socket.destroy();
  });

  it('sends the screen in the pixel format the client set', async () => {
    const c = await handshake();
    // noVNC's format: 32 bits, depth 24, little-endian, red at bit 0, green 8, blue 16.
    const format = Buffer.from([0, 0, 0, 0, 32, 24, 0, 1, 0, 255, 0, 255, 0, 255, 0, 8, 16, 0, 0, 0]);
    c.socket.write(Buffer.concat([format, request(false, 100, 100, 2, 1)]));
    const { rect, pixels } = await update(c);
    expect(rect).toEqual({ x: 100, y: 100, w: 2, h: 1 });
    const [r, g, b] = BACKGROUND;
    expect(pixels.readUInt32LE(0)).toBe(r | (g << 8) | (b << 16));
    c.socket.destroy();
  });

  it('answers an incremental request once the screen changed: a click paints where it lands, "c" clears', async () => {
    const c = await handshake();
    c.socket.write(request(false, 0, 0, SCREEN.width, SCREEN.height));
    await update(c);
    c.socket.write(request(true, 0, 0, SCREEN.width, SCREEN.height));
    // Button 1 down at (200, 150).
    c.socket.write(Buffer.from([5, 1, 0, 200, 0, 150]));
    let painted = await update(c);
    // The status bar's second tick may come first; the click's square comes in its own update.
    while (painted.rect.y < 100) {
      c.socket.write(request(true, 0, 0, SCREEN.width, SCREEN.height));
      painted = await update(c);
    }
    expect(painted.rect).toEqual({ x: 196, y: 146, w: 9, h: 9 });
    const [r, g, b] = PAINT;
    expect(painted.pixels.readUInt32LE(0)).toBe(((r << 16) | (g << 8) | b) >>> 0);
    c.socket.write(Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x63]));
    let cleared = painted;
    while (cleared.rect.h < SCREEN.height) {
      c.socket.write(request(true, 0, 0, SCREEN.width, SCREEN.height));
      cleared = await update(c);
    }
    expect(cleared.rect).toEqual({ x: 0, y: 0, w: SCREEN.width, h: SCREEN.height });
    c.socket.destroy();
  });

  it('ends a connection that does not speak RFB', async () => {
    const c = client();
    await c.take(12);
    const closed = new Promise((resolve) => c.socket.on('close', resolve));
    c.socket.write('GET / HTTP/1.1\r\n\r\n');
    await closed;
  });
});
