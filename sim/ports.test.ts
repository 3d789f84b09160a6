import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prng } from '../fixtures/devices';
import { readPortCheck, readPortScan } from '../server/services/port-scan-result';
import { planFor } from './control';
import { ethernetPorts, portScan } from './ports';
import { DEFAULT_BEHAVIOUR, SimulatedRouter } from './router';

// A simulated router's answers to port_scan and port_check: its model's
// Ethernet ports with the LAN devices it sees, and the asked ports it
// listens on, in the shape the server reads (every serial and model).

const T0 = Date.UTC(2026, 11, 1, 12);
const router = (serial: string, model: string) =>
  new SimulatedRouter({ serial, model, uptime: 100 }, prng(1), T0, { ...DEFAULT_BEHAVIOUR, dropoutsPerHour: 0 });
const resultOf = (rut: SimulatedRouter, action: string, args: Record<string, unknown> = {}) => {
  const steps = planFor(rut, { v: 1, id: 'request-0001', action, args }, T0);
  const last = steps.at(-1)!;
  return last.kind === 'reply' ? last.reply : undefined;
};

describe('simulated router ports', () => {
  it("names a model's ports: the first the WAN when there are several, one LAN port alone", () => {
    expect(ethernetPorts(0)).toEqual([]);
    expect(ethernetPorts(1)).toEqual([{ id: 1, type: 'LAN', name: 'LAN1' }]);
    expect(ethernetPorts(3)).toEqual([
      { id: 1, type: 'WAN', name: 'WAN' },
      { id: 2, type: 'LAN', name: 'LAN1' },
      { id: 3, type: 'LAN', name: 'LAN2' },
    ]);
  });

  it('answers a port scan the server reads, the same each time, LAN devices only on LAN ports', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{10}$/),
        fc.constantFrom('RUT955', 'RUT240', 'TRB140', 'TCR100', 'RUTX11'),
        (serial, model) => {
          const rut = router(serial, model);
          const reply = resultOf(rut, 'port_scan');
          expect(reply?.status).toBe('result');
          const ports = readPortScan(reply!.status === 'result' ? reply!.result : undefined);
          expect(ports).toBeDefined();
          expect(ports!.filter((p) => p.type === 'WAN').every((p) => p.devices.length === 0)).toBe(true);
          expect(portScan(router(serial, model))).toEqual(portScan(rut));
        },
      ),
    );
  });

  it('answers which asked ports it listens on; asked nothing, an error', () => {
    const rut = router('1100000123', 'RUT955');
    const reply = resultOf(rut, 'port_check', { ports: [22, 80, 8080] });
    expect(reply).toMatchObject({ status: 'result', result: { open: [22, 80] } });
    expect(readPortCheck(reply!.status === 'result' ? reply!.result : undefined, [22, 80, 8080])).toEqual([22, 80]);
    expect(resultOf(rut, 'port_check', { ports: 'all' })).toMatchObject({
      status: 'error',
      error: { code: 'invalid_args' },
    });
  });

  it('answers its eSIM as its model has one', () => {
    expect(resultOf(router('1100000123', 'RUT955'), 'esim_check')).toMatchObject({
      status: 'result',
      result: { esim: false, bootstrapped: false },
    });
    const withEsim = ['RUTM50', 'RUTX50', 'RUTM11', 'TRB500'].map((model) =>
      resultOf(router('1100000123', model), 'esim_check'),
    );
    expect(withEsim.some((reply) => reply?.status === 'result' && reply.result.esim === true)).toBe(true);
  });
});
