// What each model of the fleet can answer over the vendor's monitoring
// protocol (reference/device-mqtt.md): its topic TYPE (`device` on TRB1
// gateways, `router` on everything else), whether it has a modem (signal,
// operator, network, temperature of the module, and the mobile data counters
// of our protocol extension) and which I/O inputs it has.
// A parameter a model lacks gets no answer at all, as on a real router.

import type { DeviceType, Parameter } from '../server/devices/protocol';

const MODEM: Parameter[] = ['temperature', 'operator', 'signal', 'network', 'sim', 'rx_day', 'tx_day'];
const ALWAYS: Parameter[] = ['connection', 'wan', 'uptime', 'name'];
const DIGITAL1: Parameter[] = ['digital1'];
const TWO_DIGITAL: Parameter[] = ['digital1', 'digital2'];
const FULL_IO: Parameter[] = ['digital1', 'digital2', 'analog'];

export interface ModelProfile {
  type: DeviceType;
  /** The parameters the model answers. */
  parameters: ReadonlySet<Parameter>;
  /** The model's typical signal in dBm with a good operator (its antenna and modem). */
  signalBase: number;
  /** The module's idle temperature in tenths of a degree. */
  temperatureBase: number;
}

function profile(type: DeviceType, modem: boolean, io: Parameter[], signalBase = -72, temperatureBase = 380) {
  return {
    type,
    parameters: new Set([...ALWAYS, ...(modem ? MODEM : []), ...io]),
    signalBase,
    temperatureBase,
  } satisfies ModelProfile;
}

/** The models of the fixture fleet (fixtures/devices.ts MODELS). */
const MODEL_PROFILES: Record<string, ModelProfile> = {
  RUT240: profile('router', true, DIGITAL1, -76, 420),
  RUT241: profile('router', true, DIGITAL1, -74, 410),
  RUT360: profile('router', true, DIGITAL1, -70, 400),
  RUT955: profile('router', true, FULL_IO, -72, 450),
  RUT300: profile('router', false, DIGITAL1),
  RUTX11: profile('router', true, TWO_DIGITAL, -66, 470),
  RUTX50: profile('router', true, TWO_DIGITAL, -62, 500),
  TRB140: profile('device', true, FULL_IO, -78, 390),
  TRB245: profile('router', true, FULL_IO, -74, 400),
  TRB500: profile('router', true, TWO_DIGITAL, -64, 480),
  TCR100: profile('router', true, [], -70, 430),
  TAP100: profile('router', false, []),
  TAP200: profile('router', false, []),
  TSW202: profile('router', false, []),
  TSW212: profile('router', false, []),
  OTD140: profile('router', true, [], -68, 360),
  OTD500: profile('router', true, [], -60, 420),
  DAP140: profile('router', true, DIGITAL1, -75, 400),
};

/** An unknown model is treated as a plain cellular router. */
const DEFAULT_PROFILE = profile('router', true, []);

export function modelProfile(model: string): ModelProfile {
  return MODEL_PROFILES[model] ?? (model.startsWith('TRB1') ? { ...DEFAULT_PROFILE, type: 'device' } : DEFAULT_PROFILE);
}

/** The models a discovered (unseeded) simulated device is drawn from. */
export const DISCOVERED_MODELS = ['RUT241', 'RUT955', 'RUTX11', 'TRB140', 'TRB245', 'TCR100'] as const;

/** How much an operator's network adds to (or takes from) a model's signal, in dB. */
export const OPERATOR_OFFSETS: Record<string, number> = {
  Telia: 4,
  Bite: 0,
  Tele2: -3,
  Telenor: 3,
  LMT: 1,
  Elisa: -2,
};

/** The network type a fixture connection type shows as (the `network` parameter). */
export function networkOf(connectionType: string | null | undefined): string {
  switch (connectionType) {
    case '5G-NSA':
      return '5G';
    case 'WCDMA':
      return '3G';
    default:
      return '4G';
  }
}
