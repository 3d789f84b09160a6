import { describe, expect, it } from 'vitest';
import { portScanResult, readEsimCheck, readPortCheck, readPortScan } from './port-scan-result';

const lan = {
  id: 2,
  type: 'LAN',
  name: 'LAN1',
  devices: [{ mac: '02:00:00:00:01:0A', ip: '192.168.1.10', vendor: 'Teltonika' }],
};
const wan = { id: 1, type: 'WAN', name: 'WAN', devices: [] };

describe('port scan result', () => {
  it("reads a port_scan answer of the protocol's shape, the MAC in lower case", () => {
    expect(readPortScan({ ports: [wan, lan] })).toEqual([
      wan,
      { ...lan, devices: [{ mac: '02:00:00:00:01:0a', ip: '192.168.1.10', vendor: 'Teltonika' }] },
    ]);
    expect(readPortScan({ ports: [] })).toEqual([]);
  });

  it('refuses a port_scan answer out of shape whole', () => {
    for (const result of [
      undefined,
      {},
      { ports: 'LAN1' },
      { ports: [{ ...wan, type: 'SFP' }] },
      { ports: [{ ...wan, id: 0 }] },
      { ports: [wan, wan] },
      { ports: [{ ...lan, devices: [{ mac: 'not a mac', ip: '192.168.1.10' }] }] },
      { ports: [{ ...lan, devices: [{ mac: '02:00:00:00:01:0a', ip: '<script>' }] }] },
      { ports: [{ ...lan, devices: [{ mac: '02:00:00:00:01:0a', ip: '192.168.1.10', vendor: 'x'.repeat(65) }] }] },
      { ports: Array.from({ length: 65 }, (_, i) => ({ ...wan, id: i + 1 })) },
    ])
      expect(readPortScan(result as never), String(JSON.stringify(result)).slice(0, 80)).toBeUndefined();
  });

  it('reads a port_check answer: the asked ports among the open ones', () => {
    expect(readPortCheck({ open: [22, 80, 9999] }, [22, 8080])).toEqual([22]);
    expect(readPortCheck({ open: ['22'] }, [22])).toBeUndefined();
    expect(readPortCheck({}, [22])).toBeUndefined();
  });

  it('reads an esim_check answer: two booleans, never bootstrapped without an eSIM', () => {
    expect(readEsimCheck({ esim: true, bootstrapped: false })).toEqual({ esim: true, bootstrapped: false });
    expect(readEsimCheck({ esim: false, bootstrapped: true })).toBeUndefined();
    expect(readEsimCheck({ esim: 'yes', bootstrapped: false })).toBeUndefined();
    expect(readEsimCheck(undefined)).toBeUndefined();
  });

  it('keys the result by device id, each device seen named with its port', () => {
    expect(portScanResult(7, readPortScan({ ports: [wan, lan] })!)).toEqual({
      7: {
        status: 'completed',
        ports: [
          { id: 1, type: 'WAN', name: 'WAN', devices: [] },
          {
            id: 2,
            type: 'LAN',
            name: 'LAN1',
            devices: [{ mac: '02:00:00:00:01:0a', ip: '192.168.1.10', vendor: 'Teltonika', port: 'LAN1' }],
          },
        ],
      },
    });
  });
});
