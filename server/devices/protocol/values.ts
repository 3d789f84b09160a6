import { isIP } from 'node:net';
import { MAX_HOTSPOT_BYTES, readHotspotClients } from './hotspot';

// The monitoring parameters (the vendor's "Monitoring via MQTT", and our
// extensions: the mobile data counters `sim`, `rx_day`, `tx_day` and the
// hotspot clients `hotspot`, which RutOS's publisher does not answer) and how a value is read from its plain-text payload:
// numbers where numbers belong, within bounds; text only printable and
// short. A value that fails is refused with the reason, never stored.

export const PARAMETERS = [
  'temperature',
  'operator',
  'signal',
  'network',
  'connection',
  'wan',
  'uptime',
  'name',
  'digital1',
  'digital2',
  'analog',
  'sim',
  'rx_day',
  'tx_day',
  'hotspot',
] as const;
export type Parameter = (typeof PARAMETERS)[number];

/** What a value reads as: temperature in tenths of a degree Celsius (as the payload), signal in dBm, uptime in seconds. */
export type ParameterValue = number | string;

export type ParseResult = { ok: true; value: ParameterValue } | { ok: false; reason: string };

/** The largest value payload read, in bytes (the hotspot clients' list may be longer). */
export const MAX_VALUE_BYTES = 256;
const maxBytes = (parameter: Parameter) => (parameter === 'hotspot' ? MAX_HOTSPOT_BYTES : MAX_VALUE_BYTES);

const INTEGER = /^-?[0-9]{1,12}$/;
const DECIMAL = /^-?[0-9]{1,9}(?:\.[0-9]{1,6})?$/;
// Printable text: no control characters (C0, DEL, C1), no line or paragraph separators.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const integer =
  (min: number, max: number) =>
  (text: string): ParseResult => {
    if (!INTEGER.test(text)) return { ok: false, reason: 'not an integer' };
    const raw = Number(text);
    if (raw < min || raw > max) return { ok: false, reason: `out of range ${min}..${max}` };
    return { ok: true, value: raw };
  };

const decimal =
  (min: number, max: number) =>
  (text: string): ParseResult => {
    if (!DECIMAL.test(text)) return { ok: false, reason: 'not a number' };
    const value = Number(text);
    return value < min || value > max ? { ok: false, reason: `out of range ${min}..${max}` } : { ok: true, value };
  };

const text =
  (max: number, pattern?: RegExp) =>
  (value: string): ParseResult => {
    if (!value.length || value.length > max) return { ok: false, reason: `not 1..${max} characters` };
    if (UNPRINTABLE.test(value)) return { ok: false, reason: 'unprintable characters' };
    if (pattern && !pattern.test(value)) return { ok: false, reason: 'not of the expected form' };
    return { ok: true, value };
  };

const READERS: Record<Parameter, (text: string) => ParseResult> = {
  /** Tenths of a degree Celsius (-40.0..150.0 °C), kept as tenths: the RMS API answers them so (389 is 38.9 °C). */
  temperature: integer(-400, 1500),
  operator: text(64),
  /** dBm, -150..0. */
  signal: integer(-150, 0),
  network: text(16, /^[0-9A-Za-z+ /-]+$/),
  connection: text(32),
  wan: (value) => (isIP(value) ? { ok: true, value } : { ok: false, reason: 'not an IP address' }),
  /** Seconds, up to 2^32 - 1. */
  uptime: integer(0, 4294967295),
  name: text(64),
  digital1: integer(0, 1),
  digital2: integer(0, 1),
  analog: decimal(-1e6, 1e6),
  /** The SIM slot in use, 1 or 2. */
  sim: integer(1, 2),
  /** Mobile data received and sent today on that SIM, in bytes (the device's day counters). */
  rx_day: integer(0, 999_999_999_999),
  tx_day: integer(0, 999_999_999_999),
  /** The clients signed in to the device's hotspots (server/devices/protocol/hotspot.ts), kept as sent. */
  hotspot: (value) => {
    const read = readHotspotClients(value);
    return read.ok ? { ok: true, value } : read;
  },
};

export const isParameter = (name: string): name is Parameter => (PARAMETERS as readonly string[]).includes(name);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The payload as text: valid UTF-8 within `maxBytes`, trimmed of surrounding white space; undefined otherwise. */
export function payloadText(payload: Uint8Array, maxBytes = MAX_VALUE_BYTES): string | undefined {
  if (payload.byteLength > maxBytes) return undefined;
  try {
    return utf8.decode(payload).trim();
  } catch {
    return undefined;
  }
}

/** Reads one parameter's value from its payload. */
export function parseValue(parameter: string, payload: Uint8Array | string): ParseResult {
  if (!isParameter(parameter)) return { ok: false, reason: 'unknown parameter' };
  const max = maxBytes(parameter);
  const value = typeof payload === 'string' ? payload.trim() : payloadText(payload, max);
  if (value === undefined) return { ok: false, reason: `not UTF-8 text of at most ${max} bytes` };
  if (Buffer.byteLength(value) > max) return { ok: false, reason: `over ${max} bytes` };
  return READERS[parameter](value);
}
