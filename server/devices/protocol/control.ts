import { payloadText } from './values';

// The control channel (docs/devices-protocol.md): the server publishes a
// request {v, id, action, args} on fleet/SERIAL/request; the device answers
// on fleet/SERIAL/reply with {v, id, status} where status is accepted,
// progress (with a percentage), result (with a result object) or error
// (with a code and message). Delivery is at least once: the server may send
// a request again with the same id, and a device runs one id once.

export const CONTROL_VERSION = 1;

/** The largest control payload read, in bytes. */
export const MAX_CONTROL_BYTES = 16 * 1024;

/** The actions the server sends; a device answers any other with error `unsupported_action`. */
export const ACTIONS = [
  'reboot',
  'update_metrics_data',
  'command',
  'firmware_update',
  'config_update',
  'port_scan',
  'port_check',
  'esim_check',
] as const;
export type Action = (typeof ACTIONS)[number];

export const REPLY_STATUSES = ['accepted', 'progress', 'result', 'error'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];

/** A request id: 8 to 64 letters, digits, `-` or `_`, unique per request (the server uses UUIDs). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const ACTION_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
const ERROR_CODE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_MESSAGE = 512;

type Args = Record<string, unknown>;

export interface ControlRequest {
  v: typeof CONTROL_VERSION;
  id: string;
  /** One of ACTIONS when the server sends it; any action name when read (the device refuses unknown ones). */
  action: string;
  args: Args;
}

export type ControlReply =
  | { v: typeof CONTROL_VERSION; id: string; status: 'accepted' }
  | { v: typeof CONTROL_VERSION; id: string; status: 'progress'; progress: number; message?: string }
  | { v: typeof CONTROL_VERSION; id: string; status: 'result'; result: Args }
  | { v: typeof CONTROL_VERSION; id: string; status: 'error'; error: { code: string; message: string } };

export type Decoded<T> = { ok: true; message: T } | { ok: false; reason: string };

const isObject = (value: unknown): value is Args =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readJson(payload: Uint8Array | string): Decoded<Args> {
  const text = typeof payload === 'string' ? payload : payloadText(payload, MAX_CONTROL_BYTES);
  if (text === undefined || Buffer.byteLength(text) > MAX_CONTROL_BYTES)
    return { ok: false, reason: `not UTF-8 JSON of at most ${MAX_CONTROL_BYTES} bytes` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (!isObject(value)) return { ok: false, reason: 'not a JSON object' };
  if (value.v !== CONTROL_VERSION) return { ok: false, reason: `not version ${CONTROL_VERSION}` };
  if (typeof value.id !== 'string' || !REQUEST_ID_PATTERN.test(value.id)) return { ok: false, reason: 'bad id' };
  return { ok: true, message: value };
}

const shortText = (value: unknown) => (typeof value === 'string' && value.length <= MAX_MESSAGE ? value : undefined);

/** A request as its payload. */
export function encodeRequest(id: string, action: Action, args: Args = {}): string {
  if (!REQUEST_ID_PATTERN.test(id)) throw new Error(`Not a request id: ${JSON.stringify(id)}`);
  const payload = JSON.stringify({ v: CONTROL_VERSION, id, action, args } satisfies ControlRequest);
  if (Buffer.byteLength(payload) > MAX_CONTROL_BYTES) throw new Error(`Request over ${MAX_CONTROL_BYTES} bytes`);
  return payload;
}

/** Reads a request (the device side). */
export function decodeRequest(payload: Uint8Array | string): Decoded<ControlRequest> {
  const read = readJson(payload);
  if (!read.ok) return read;
  const { id, action, args = {} } = read.message;
  if (typeof action !== 'string' || !ACTION_PATTERN.test(action)) return { ok: false, reason: 'bad action' };
  if (!isObject(args)) return { ok: false, reason: 'args not an object' };
  return { ok: true, message: { v: CONTROL_VERSION, id: id as string, action, args } };
}

/** A reply as its payload (the device side). */
export function encodeReply(reply: ControlReply): string {
  const checked = decodeReply(JSON.stringify(reply));
  if (!checked.ok) throw new Error(`Not a reply (${checked.reason})`);
  return JSON.stringify(checked.message);
}

/** Reads a reply: its status and only that status's fields, checked. */
export function decodeReply(payload: Uint8Array | string): Decoded<ControlReply> {
  const read = readJson(payload);
  if (!read.ok) return read;
  const v = CONTROL_VERSION;
  const { id, status, progress, message, result, error } = read.message as Args & { id: string };
  switch (status) {
    case 'accepted':
      return { ok: true, message: { v, id, status } };
    case 'progress': {
      if (typeof progress !== 'number' || !Number.isFinite(progress) || progress < 0 || progress > 100)
        return { ok: false, reason: 'progress not 0..100' };
      if (message !== undefined && shortText(message) === undefined) return { ok: false, reason: 'bad message' };
      const reply: ControlReply = { v, id, status, progress };
      return { ok: true, message: message === undefined ? reply : { ...reply, message: message as string } };
    }
    case 'result':
      if (result !== undefined && !isObject(result)) return { ok: false, reason: 'result not an object' };
      return { ok: true, message: { v, id, status, result: result ?? {} } };
    case 'error': {
      const { code, message: text } = isObject(error) ? error : {};
      if (typeof code !== 'string' || !ERROR_CODE_PATTERN.test(code)) return { ok: false, reason: 'bad error code' };
      const errorText = shortText(text ?? '');
      if (errorText === undefined) return { ok: false, reason: 'bad error message' };
      return { ok: true, message: { v, id, status, error: { code, message: errorText } } };
    }
    default:
      return { ok: false, reason: 'bad status' };
  }
}

/** Whether a reply ends its request (a later reply for the same id is a duplicate). */
export const isFinal = (status: ReplyStatus) => status === 'result' || status === 'error';

/**
 * The device side of idempotent request ids: remembers the last `size` requests and each one's latest
 * reply, so a request delivered again is answered with that reply instead of being run twice.
 */
export class RequestMemory {
  private readonly replies = new Map<string, ControlReply | null>();
  constructor(private readonly size = 256) {}

  /** True when the id is new (run it); false when it was seen (answer with `latest(id)` if any). */
  begin(id: string): boolean {
    if (this.replies.has(id)) return false;
    this.replies.set(id, null);
    if (this.replies.size > this.size) this.replies.delete(this.replies.keys().next().value as string);
    return true;
  }

  record(reply: ControlReply): void {
    if (this.replies.has(reply.id)) this.replies.set(reply.id, reply);
  }

  latest(id: string): ControlReply | undefined {
    return this.replies.get(id) ?? undefined;
  }
}
