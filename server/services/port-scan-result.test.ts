import { describe, expect, it } from 'vitest';
import { ethernetPorts, portScanResult } from './port-scan-result';

describe('port scan result', () => {
  it("names a model's ports: the first the WAN when there are several, one LAN port alone", () => {
    expect(ethernetPorts(0)).toEqual([]);
    expect(ethernetPorts(1)).toEqual([{ id: 1, type: 'LAN', name: 'LAN1' }]);
    expect(ethernetPorts(3)).toEqual([
      { id: 1, type: 'WAN', name: 'WAN' },
      { id: 2, type: 'LAN', name: 'LAN1' },
      { id: 3, type: 'LAN', name: 'LAN2' },
    ]);
  });

  it('keys the result by device id, each port with the devices seen on it and no port invented', () => {
    const seen = new Map([
      [2, [{ mac: '02:00:00:00:01:01', ip: '192.168.1.10', vendor: 'Teltonika' }]],
      [9, [{ mac: '02:00:00:00:01:02', ip: '192.168.1.11', vendor: '' }]],
    ]);
    expect(portScanResult(7, ethernetPorts(2), seen)).toEqual({
      7: {
        status: 'completed',
        ports: [
          { id: 1, type: 'WAN', name: 'WAN', devices: [] },
          {
            id: 2,
            type: 'LAN',
            name: 'LAN1',
            devices: [{ mac: '02:00:00:00:01:01', ip: '192.168.1.10', vendor: 'Teltonika', port: 'LAN1' }],
          },
        ],
      },
    });
  });
});
