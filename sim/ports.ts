import { createHash } from 'node:crypto';
import { deviceCapabilities } from '../engine/device/capabilities';
import { portCount } from '../engine/device/models';
import type { SimulatedRouter } from './router';

// What a simulated router knows of its network, for the control channel's
// port_scan and port_check (docs/devices-protocol.md): its Ethernet ports
// (the model's count; the first is the WAN when there are several), the LAN
// devices it sees (a few, derived from its serial so a run repeats), and
// the TCP ports it listens on (SSH always, its web interface on models with
// a LAN), and its eSIM (esim_check: the models that have one took their
// bootstrap profile).

export interface EthernetPort {
  id: number;
  type: 'WAN' | 'LAN';
  name: string;
}

export interface LanDevice {
  mac: string;
  ip: string;
  vendor: string;
}

/** The Ethernet ports of a model with `count` ports. */
export function ethernetPorts(count: number): EthernetPort[] {
  return Array.from({ length: count }, (_, i) => {
    const wan = i === 0 && count > 1;
    return { id: i + 1, type: wan ? 'WAN' : 'LAN', name: wan ? 'WAN' : `LAN${count > 1 ? i : 1}` };
  });
}

const VENDORS = ['Teltonika', 'Raspberry Pi Trading', 'Hikvision', 'Siemens', ''];

/** The port_scan result: the router's ports, each with the LAN devices seen on it (none on the WAN). */
export function portScan(router: SimulatedRouter): { ports: (EthernetPort & { devices: LanDevice[] })[] } {
  const hash = createHash('sha256').update(router.serial).digest();
  const ports = ethernetPorts(portCount(router.model));
  const lans = ports.filter((port) => port.type === 'LAN');
  const seen = lans.length ? hash[0] % 4 : 0;
  const devices = new Map<number, LanDevice[]>();
  for (let i = 0; i < seen; i++) {
    const port = lans[hash[1 + i] % lans.length];
    const mac = ['02', ...[...hash.subarray(8 + 4 * i, 13 + 4 * i)].map((b) => b.toString(16).padStart(2, '0'))];
    devices.set(port.id, [
      ...(devices.get(port.id) ?? []),
      { mac: mac.join(':'), ip: `192.168.1.${100 + i}`, vendor: VENDORS[hash[20 + i] % VENDORS.length] },
    ]);
  }
  return { ports: ports.map((port) => ({ ...port, devices: devices.get(port.id) ?? [] })) };
}

/** The TCP ports the router listens on. */
export const listeningPorts = (router: SimulatedRouter) => (portCount(router.model) > 0 ? [22, 80, 443] : [22]);

/** The port_check result: which of the asked ports (`args.ports`, numbers) the router listens on. */
export function portCheck(router: SimulatedRouter, asked: unknown): { open: number[] } | undefined {
  if (!Array.isArray(asked) || !asked.every((p) => Number.isInteger(p))) return undefined;
  const listening = listeningPorts(router);
  return { open: (asked as number[]).filter((port) => listening.includes(port)) };
}

/** The esim_check result: a model with an eSIM has taken its bootstrap profile. */
export function esimCheck(router: SimulatedRouter): { esim: boolean; bootstrapped: boolean } {
  const esim = deviceCapabilities(router.model, router.firmware).has_esim;
  return { esim, bootstrapped: esim };
}
