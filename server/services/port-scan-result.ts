// The result of a port scan (GET /devices/{id}/port-scan/) in the vendor's
// channel shape, as RMS API clients read it: keyed by device id, each with a
// status and its Ethernet ports (`id`, `type` WAN or LAN, `name`), every port
// with the LAN devices seen on it (`mac`, `ip`, `vendor`, `port`: the port's
// name). One builder, whatever reports the ports and the devices seen.

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

/** The Ethernet ports of a model with `count` ports: the first is the WAN on models with more than one. */
export function ethernetPorts(count: number): Omit<ScanPort, 'devices'>[] {
  return Array.from({ length: count }, (_, i) => {
    const wan = i === 0 && count > 1;
    return { id: i + 1, type: wan ? 'WAN' : 'LAN', name: wan ? 'WAN' : `LAN${count > 1 ? i : 1}` };
  });
}

/**
 * A device's scan result: its ports, each with the devices seen on it (`seen` by port id; a device seen on a
 * port the model does not have is left out).
 */
export function portScanResult(
  deviceId: number,
  ports: Omit<ScanPort, 'devices'>[],
  seen: ReadonlyMap<number, readonly SeenDevice[]>,
): Record<string, { status: 'completed'; ports: ScanPort[] }> {
  const scanned = ports.map((port) => ({
    ...port,
    devices: (seen.get(port.id) ?? []).map((device) => ({ ...device, port: port.name })),
  }));
  return { [String(deviceId)]: { status: 'completed', ports: scanned } };
}
