// Topics of the device protocol (docs/devices-protocol.md): the vendor's
// monitoring topics (TYPE/get, TYPE/id, get/SERIAL/command,
// TYPE/SERIAL/PARAMETER) and our control channel (fleet/SERIAL/request,
// fleet/SERIAL/reply). Every topic may sit under a namespace prefix
// ("" by default; tests on a shared broker use a unique one). Parsing
// accepts only topics of these shapes with a valid serial: wildcards,
// empty levels, odd bytes and unknown shapes parse to undefined.

/** `router` on RUT, TCR and TRB2; `device` on TRB1. */
export const DEVICE_TYPES = ['router', 'device'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** A router's serial as printed on its label: digits only (the add-device form's rule). */
export const SERIAL_PATTERN = /^[0-9]{1,20}$/;

/** The first level of the control channel's topics. */
export const CONTROL_ROOT = 'fleet';

/** A namespace prefix: empty, or levels of letters, digits, `_`, `-` and `.`, each followed by `/`. */
const PREFIX_PATTERN = /^(?:[A-Za-z0-9_.-]+\/)*$/;

export type ParsedTopic =
  | { kind: 'discover'; type: DeviceType }
  | { kind: 'id'; type: DeviceType }
  | { kind: 'command'; serial: string }
  | { kind: 'value'; type: DeviceType; serial: string; parameter: string }
  | { kind: 'request'; serial: string }
  | { kind: 'reply'; serial: string };

const isType = (level: string): level is DeviceType => (DEVICE_TYPES as readonly string[]).includes(level);
const PARAMETER_LEVEL = /^[a-z][a-z0-9_]{0,31}$/;

export interface Topics {
  readonly prefix: string;
  /** Where `id` is asked (devices subscribe). */
  discover(type: DeviceType): string;
  /** Where serials answer `id`. */
  id(type: DeviceType): string;
  /** Where a parameter name is asked of one device. */
  command(serial: string): string;
  /** Where one device answers a parameter. */
  value(type: DeviceType, serial: string, parameter: string): string;
  /** Where the server sends a control request to one device. */
  request(serial: string): string;
  /** Where one device answers control requests. */
  reply(serial: string): string;
  /** The topic's meaning, or undefined when it is none of the protocol's. */
  parse(topic: string): ParsedTopic | undefined;
}

function checkSerial(serial: string): string {
  if (!SERIAL_PATTERN.test(serial)) throw new Error(`Not a device serial: ${JSON.stringify(serial)}`);
  return serial;
}

function parseLevels(levels: string[]): ParsedTopic | undefined {
  const [first, second, third] = levels;
  if (levels.length === 2 && isType(first) && second === 'get') return { kind: 'discover', type: first };
  if (levels.length === 2 && isType(first) && second === 'id') return { kind: 'id', type: first };
  if (levels.length === 3 && first === 'get' && third === 'command' && SERIAL_PATTERN.test(second))
    return { kind: 'command', serial: second };
  if (levels.length === 3 && first === CONTROL_ROOT && SERIAL_PATTERN.test(second)) {
    if (third === 'request') return { kind: 'request', serial: second };
    if (third === 'reply') return { kind: 'reply', serial: second };
    return undefined;
  }
  if (levels.length === 3 && isType(first) && SERIAL_PATTERN.test(second) && PARAMETER_LEVEL.test(third))
    return { kind: 'value', type: first, serial: second, parameter: third };
  return undefined;
}

/** The protocol's topics under `prefix` ("" or levels ending in `/`, e.g. `test-42/`). */
export function topicsFor(prefix = ''): Topics {
  if (!PREFIX_PATTERN.test(prefix)) throw new Error(`Not a topic prefix: ${JSON.stringify(prefix)}`);
  return {
    prefix,
    discover: (type) => `${prefix}${type}/get`,
    id: (type) => `${prefix}${type}/id`,
    command: (serial) => `${prefix}get/${checkSerial(serial)}/command`,
    value: (type, serial, parameter) => {
      if (!PARAMETER_LEVEL.test(parameter)) throw new Error(`Not a parameter: ${JSON.stringify(parameter)}`);
      return `${prefix}${type}/${checkSerial(serial)}/${parameter}`;
    },
    request: (serial) => `${prefix}${CONTROL_ROOT}/${checkSerial(serial)}/request`,
    reply: (serial) => `${prefix}${CONTROL_ROOT}/${checkSerial(serial)}/reply`,
    parse(topic) {
      if (typeof topic !== 'string' || !topic.startsWith(prefix) || topic.length > 256) return undefined;
      return parseLevels(topic.slice(prefix.length).split('/'));
    },
  };
}
