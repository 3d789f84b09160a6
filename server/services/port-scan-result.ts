// What a device answers to the control channel's port_scan, port_check and esim_check
// (docs/devices-protocol.md), read strictly, and a port scan's result in the
// vendor's channel shape, as RMS API clients read it: keyed by device id,
// each with a status and its Ethernet ports (`id`, `type` WAN or LAN,
// `name`), every port with the LAN devices seen on it (`mac`, `ip`,
// `vendor`, `port`: the port's name). A device's answer that is not of this
// shape is refused whole, never stored or passed on.

export interface SeenDevice {
  mac: string;
  ip: string;
  /** The maker of the network card, '' when unknown. */
  vendor: string;
}

export interface ScanPort {
  id: number;
  type: 'WAN' | 'LAN';
  name: string;
  devices: (SeenDevice & { port: string })[];
}

type DevicePort = Omit<ScanPort, 'devices'> & { devices: SeenDevice[] };

/** Why a device's answer is not passed on. */
export const NOT_UNDERSTOOD = 'The device answered in a shape the protocol does not define.';

const MAX_PORTS = 64;
const MAX_SEEN = 256;
const MAC = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i;
const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;
const text = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readSeen(value: unknown): SeenDevice | undefined {
  if (!isObject(value) || !text(value.mac, 17) || !MAC.test(value.mac as string)) return undefined;
  if (!text(value.ip, 15) || !IPV4.test(value.ip as string) || !text(value.vendor ?? '', 64)) return undefined;
  return { mac: String(value.mac).toLowerCase(), ip: String(value.ip), vendor: String(value.vendor ?? '') };
}

function readPort(value: unknown): DevicePort | undefined {
  if (!isObject(value) || !Number.isInteger(value.id) || (value.id as number) < 1) return undefined;
  if ((value.type !== 'WAN' && value.type !== 'LAN') || !text(value.name, 32) || !value.name) return undefined;
  const devices = value.devices ?? [];
  if (!Array.isArray(devices) || devices.length > MAX_SEEN) return undefined;
  const seen = devices.map(readSeen);
  if (seen.some((device) => !device)) return undefined;
  return { id: value.id as number, type: value.type, name: value.name as string, devices: seen as SeenDevice[] };
}

/** A port_scan result's ports; undefined when it is not the protocol's shape. */
export function readPortScan(result: Record<string, unknown> | undefined): DevicePort[] | undefined {
  const ports = result?.ports;
  if (!Array.isArray(ports) || ports.length > MAX_PORTS) return undefined;
  const read = ports.map(readPort);
  if (read.some((port) => !port) || new Set(read.map((port) => port!.id)).size !== read.length) return undefined;
  return read as DevicePort[];
}

/** A port_check result's open ports, of those asked; undefined when it is not the protocol's shape. */
export function readPortCheck(result: Record<string, unknown> | undefined, asked: number[]): number[] | undefined {
  const open = result?.open;
  if (!Array.isArray(open) || !open.every((port) => Number.isInteger(port))) return undefined;
  return asked.filter((port) => open.includes(port));
}

/** An esim_check result: whether the device has an eSIM and whether it took its bootstrap profile. */
export function readEsimCheck(
  result: Record<string, unknown> | undefined,
): { esim: boolean; bootstrapped: boolean } | undefined {
  const { esim, bootstrapped } = result ?? {};
  if (typeof esim !== 'boolean' || typeof bootstrapped !== 'boolean' || (bootstrapped && !esim)) return undefined;
  return { esim, bootstrapped };
}

/** A device's scan result: its ports, each device seen named with its port. */
export function portScanResult(
  deviceId: number,
  ports: readonly DevicePort[],
): Record<string, { status: 'completed'; ports: ScanPort[] }> {
  const scanned = ports.map((port) => ({
    ...port,
    devices: port.devices.map((device) => ({ ...device, port: port.name })),
  }));
  return { [String(deviceId)]: { status: 'completed', ports: scanned } };
}
