import type { Socket } from 'node:net';
import type { RemoteDevice } from './device';
import type { Listening } from './ssh';
import { listenTcp } from './tcp';

// The device's desktop over VNC: an RFB 3.8 server (RFC 6143) with no
// authentication and Raw encoding only, which every client speaks. Its
// screen is a status panel of the device (a green bar while online, one
// tick a second); a click of the first button paints a square where it
// lands, and the key "c" clears them, so input shows on the screen. Updates
// are sent as the client asks for them (an incremental request waits for a
// change).

const SCREEN = { width: 640, height: 400 } as const;
/** The colour a click paints, and the background (RGB). */
const PAINT = [255, 128, 0] as const;
const BACKGROUND = [16, 42, 67] as const;
const SQUARE = 9;
const KEY_C = 0x63;
const MAX_CUT_TEXT = 1 << 20;

interface PixelFormat {
  bytes: number;
  bigEndian: boolean;
  max: [number, number, number];
  shift: [number, number, number];
}

/** The server's own format: 32 bits, true colour, little-endian 0x00RRGGBB. */
const NATIVE: PixelFormat = { bytes: 4, bigEndian: false, max: [255, 255, 255], shift: [16, 8, 0] };

function nativeFormat(): Buffer {
  const format = Buffer.alloc(16);
  format.writeUInt8(32, 0); // bits per pixel
  format.writeUInt8(24, 1); // depth
  format.writeUInt8(0, 2); // big-endian
  format.writeUInt8(1, 3); // true colour
  NATIVE.max.forEach((max, i) => format.writeUInt16BE(max, 4 + i * 2));
  NATIVE.shift.forEach((shift, i) => format.writeUInt8(shift, 10 + i));
  return format;
}

function readFormat(data: Buffer): PixelFormat | null {
  const bits = data.readUInt8(0);
  if (![8, 16, 32].includes(bits) || !data.readUInt8(3)) return null;
  return {
    bytes: bits / 8,
    bigEndian: data.readUInt8(2) !== 0,
    max: [data.readUInt16BE(4), data.readUInt16BE(6), data.readUInt16BE(8)],
    shift: [data.readUInt8(10), data.readUInt8(11), data.readUInt8(12)],
  };
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

const union = (a: Rect | null, b: Rect): Rect => {
  if (!a) return b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
};

const clip = (r: Rect): Rect => {
  const x = Math.max(0, Math.min(r.x, SCREEN.width));
  const y = Math.max(0, Math.min(r.y, SCREEN.height));
  return { x, y, w: Math.min(r.x + r.w, SCREEN.width) - x, h: Math.min(r.y + r.h, SCREEN.height) - y };
};

/** The device's screen: RGB pixels and what changed since the client last got it. */
class Screen {
  readonly pixels = new Uint8Array(SCREEN.width * SCREEN.height * 3);
  dirty: Rect | null = null;

  constructor(private readonly device: RemoteDevice) {
    this.clear();
  }

  fill(r: Rect, [red, green, blue]: readonly number[]) {
    const area = clip(r);
    for (let y = area.y; y < area.y + area.h; y++)
      for (let x = area.x; x < area.x + area.w; x++) this.pixels.set([red, green, blue], (y * SCREEN.width + x) * 3);
    if (area.w > 0 && area.h > 0) this.dirty = union(this.dirty, area);
  }

  clear() {
    this.fill({ x: 0, y: 0, w: SCREEN.width, h: SCREEN.height }, BACKGROUND);
    this.tick();
  }

  /** The status bar: green while the device is online, grey otherwise, with a tick mark per second of uptime. */
  tick() {
    const state = this.device.getState();
    const online = (state.status ?? 'online') === 'online';
    this.fill({ x: 0, y: 0, w: SCREEN.width, h: 24 }, online ? [46, 160, 67] : [110, 110, 110]);
    const second = Math.floor(state.uptime) % 60;
    this.fill({ x: 8 + second * 10, y: 8, w: 6, h: 8 }, [255, 255, 255]);
  }

  encode(r: Rect, format: PixelFormat): Buffer {
    const out = Buffer.alloc(r.w * r.h * format.bytes);
    let at = 0;
    for (let y = r.y; y < r.y + r.h; y++)
      for (let x = r.x; x < r.x + r.w; x++) {
        const i = (y * SCREEN.width + x) * 3;
        let value = 0;
        for (let c = 0; c < 3; c++) value |= Math.round((this.pixels[i + c] * format.max[c]) / 255) << format.shift[c];
        value >>>= 0;
        if (format.bytes === 1) out.writeUInt8(value & 0xff, at);
        else if (format.bytes === 2)
          (format.bigEndian ? out.writeUInt16BE : out.writeUInt16LE).call(out, value & 0xffff, at);
        else (format.bigEndian ? out.writeUInt32BE : out.writeUInt32LE).call(out, value, at);
        at += format.bytes;
      }
    return out;
  }
}

/** How many bytes the client message starting `data` takes (0 when more must arrive first; -1 when unknown). */
function messageLength(data: Buffer): number {
  const fixed: Record<number, number> = { 0: 20, 3: 10, 4: 8, 5: 6 };
  const type = data[0];
  if (type in fixed) return data.length >= fixed[type] ? fixed[type] : 0;
  if (type === 2)
    return data.length >= 4 && data.length >= 4 + data.readUInt16BE(2) * 4 ? 4 + data.readUInt16BE(2) * 4 : 0;
  if (type === 6) {
    if (data.length < 8) return 0;
    const text = data.readUInt32BE(4);
    // Cut text the device would not keep anyway (over 1 MB) ends the connection.
    if (text > MAX_CUT_TEXT) return -1;
    return data.length >= 8 + text ? 8 + text : 0;
  }
  return -1;
}

function onConnection(socket: Socket, device: RemoteDevice) {
  const screen = new Screen(device);
  let format = NATIVE;
  let stage: 'version' | 'security' | 'init' | 'normal' = 'version';
  let buffer = Buffer.alloc(0);
  /** The client's update request that waits for a change. */
  let waiting: Rect | null = null;

  const send = (r: Rect) => {
    const area = clip(r);
    const header = Buffer.alloc(16);
    header.writeUInt8(0, 0); // FramebufferUpdate
    header.writeUInt16BE(1, 2); // one rectangle
    header.writeUInt16BE(area.x, 4);
    header.writeUInt16BE(area.y, 6);
    header.writeUInt16BE(area.w, 8);
    header.writeUInt16BE(area.h, 10);
    header.writeInt32BE(0, 12); // Raw
    socket.write(Buffer.concat([header, screen.encode(area, format)]));
  };
  const flush = () => {
    if (!waiting || !screen.dirty) return;
    const area = screen.dirty;
    screen.dirty = null;
    waiting = null;
    send(area);
  };
  const ticker = setInterval(() => {
    screen.tick();
    flush();
  }, 1000);
  socket.on('close', () => clearInterval(ticker));

  const handle = (message: Buffer) => {
    const type = message[0];
    if (type === 0) {
      const chosen = readFormat(message.subarray(4, 20));
      if (!chosen) return socket.destroy();
      format = chosen;
    } else if (type === 3) {
      const area = {
        x: message.readUInt16BE(2),
        y: message.readUInt16BE(4),
        w: message.readUInt16BE(6),
        h: message.readUInt16BE(8),
      };
      if (message[1] === 0) {
        // A full request is answered at once (and what was dirty goes with it).
        screen.dirty = null;
        waiting = null;
        return send(area);
      }
      waiting = area;
      flush();
    } else if (type === 4) {
      if (message[1] && message.readUInt32BE(4) === KEY_C) {
        screen.clear();
        flush();
      }
    } else if (type === 5) {
      if (message[1] & 1) {
        const half = Math.floor(SQUARE / 2);
        screen.fill(
          { x: message.readUInt16BE(2) - half, y: message.readUInt16BE(4) - half, w: SQUARE, h: SQUARE },
          PAINT,
        );
        flush();
      }
    }
  };

  socket.write('RFB 003.008\n');
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (stage === 'version') {
        if (buffer.length < 12) return;
        if (!/^RFB 003\.00[378]\n$/.test(buffer.subarray(0, 12).toString('latin1'))) return socket.destroy();
        buffer = buffer.subarray(12);
        stage = 'security';
        socket.write(Buffer.from([1, 1])); // one security type: None
      } else if (stage === 'security') {
        if (buffer.length < 1) return;
        if (buffer[0] !== 1) return socket.destroy();
        buffer = buffer.subarray(1);
        stage = 'init';
        socket.write(Buffer.alloc(4)); // SecurityResult: OK
      } else if (stage === 'init') {
        if (buffer.length < 1) return;
        buffer = buffer.subarray(1);
        stage = 'normal';
        const name = Buffer.from(device.name, 'utf8');
        const size = Buffer.alloc(4);
        size.writeUInt16BE(SCREEN.width, 0);
        size.writeUInt16BE(SCREEN.height, 2);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(name.length, 0);
        socket.write(Buffer.concat([size, nativeFormat(), length, name]));
      } else {
        if (!buffer.length) return;
        const length = messageLength(buffer);
        if (length < 0) return socket.destroy();
        if (length === 0) return;
        handle(buffer.subarray(0, length));
        buffer = buffer.subarray(length);
      }
    }
  });
}

export function listenVnc(device: RemoteDevice, host: string, port = 0): Promise<Listening> {
  return listenTcp(host, port, (socket) => onConnection(socket, device));
}
