import { writeHotspotClients, type DeviceType, type Parameter } from '../server/devices/protocol';
import { SimulatedHotspots, type HotspotUser } from './hotspot';
import { modelProfile, networkOf, OPERATOR_OFFSETS, type ModelProfile } from './models';

// One simulated router's state, without any I/O: the values it answers over
// the monitoring protocol and how they move with time. Signal and module
// temperature drift around the model's (and the operator's) typical values,
// uptime counts from the last boot, a reboot or a drop-out makes the router
// silent for a while (a reboot resets its uptime), a firmware install
// changes its firmware and reboots it; its hotspot users sign in and out
// (hotspot.ts). Time and chance are injected, so
// tests replay a router exactly.

export interface RouterIdentity {
  serial: string;
  model: string;
  name?: string;
  operator?: string | null;
  /** The fixture's connection type (LTE, 5G-NSA, WCDMA, Ethernet…), shown as the network type. */
  connectionType?: string | null;
  wanIp?: string | null;
  firmware?: string;
  /** Seconds the router has been up when the simulation starts. */
  uptime?: number;
  /** The users of its hotspots (a router without any answers no `hotspot`). */
  hotspotUsers?: HotspotUser[];
}

export interface RouterBehaviour {
  /** How long a reboot keeps the router silent (ms). */
  rebootMs: number;
  /** Expected drop-outs per hour of a router (0: never). */
  dropoutsPerHour: number;
  /** How long a drop-out lasts (ms, the lower and upper bound). */
  dropoutMs: [number, number];
  /** The signal's random walk, dB per √second. */
  signalNoise: number;
}

export const DEFAULT_BEHAVIOUR: RouterBehaviour = {
  rebootMs: 8000,
  dropoutsPerHour: 0.5,
  dropoutMs: [20_000, 120_000],
  signalNoise: 0.35,
};

/** The signal's pull back to its typical value: the time constant in seconds. */
const SIGNAL_TAU = 300;
const TEMPERATURE_TAU = 600;
/** Tenths of a degree per √second. */
const TEMPERATURE_NOISE = 0.6;
/** Mobile data received a second on average (bytes; about 300 MB a day), sent a quarter of it. */
const RX_PER_SECOND = 3500;
/** A rebooted module comes back this much cooler (tenths of a degree) and warms up again. */
const REBOOT_COOLING = 40;

/** A standard normal draw (Box–Muller) from a uniform generator. */
function gauss(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export type Silence = { reason: 'reboot' | 'dropout'; until: number };

export class SimulatedRouter {
  readonly serial: string;
  readonly model: string;
  readonly profile: ModelProfile;
  name: string;
  firmware: string;
  readonly operator: string;
  readonly network: string;
  readonly wanIp: string;
  private signal: number;
  private temperature: number;
  private readonly signalBase: number;
  private bootAt: number;
  private lastStep: number;
  private silence: Silence | null = null;
  private digital = [0, 0];
  private analog = 0;
  /** Today's mobile data counters (bytes), restarted at each UTC midnight. */
  private data = { day: '', rx: 0, tx: 0 };
  private readonly hotspots: SimulatedHotspots;

  constructor(
    identity: RouterIdentity,
    private readonly random: () => number,
    now: number,
    private readonly behaviour: RouterBehaviour = DEFAULT_BEHAVIOUR,
  ) {
    this.serial = identity.serial;
    this.model = identity.model;
    this.profile = modelProfile(identity.model);
    this.name = identity.name ?? identity.model;
    this.firmware = identity.firmware ?? `${identity.model}_R_00.07.06.10`;
    this.operator = identity.operator ?? 'Telia';
    this.network = networkOf(identity.connectionType);
    this.wanIp =
      identity.wanIp ??
      `10.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}.${1 + Math.floor(random() * 250)}`;
    this.signalBase = this.profile.signalBase + (OPERATOR_OFFSETS[this.operator] ?? 0);
    this.signal = this.signalBase + 4 * gauss(random);
    this.temperature = this.profile.temperatureBase + 20 * gauss(random);
    this.bootAt = now - (identity.uptime ?? Math.floor(random() * 86_400)) * 1000;
    this.lastStep = now;
    this.hotspots = new SimulatedHotspots(identity.hotspotUsers ?? [], random);
  }

  get type(): DeviceType {
    return this.profile.type;
  }

  /** Why and until when the router is silent; null while it answers. */
  silentAt(now: number): Silence | null {
    if (this.silence && now >= this.silence.until) this.silence = null;
    return this.silence;
  }

  online(now: number): boolean {
    return this.silentAt(now) === null;
  }

  uptime(now: number): number {
    return Math.max(0, Math.floor((now - this.bootAt) / 1000));
  }

  /** The value of a monitoring parameter as the router sends it (plain text); undefined when it gives no answer. */
  read(parameter: string, now: number): string | undefined {
    if (!this.online(now) || !this.answers(parameter)) return undefined;
    this.step(now);
    switch (parameter as Parameter) {
      case 'temperature':
        return String(Math.round(this.temperature));
      case 'operator':
        return this.operator;
      case 'signal':
        return String(Math.round(this.signal));
      case 'network':
        return this.network;
      case 'connection':
        return 'Connected';
      case 'wan':
        return this.wanIp;
      case 'uptime':
        return String(this.uptime(now));
      case 'name':
        return this.name;
      case 'digital1':
        return String(this.digital[0]);
      case 'digital2':
        return String(this.digital[1]);
      case 'analog':
        return this.analog.toFixed(2);
      case 'sim':
        return '1';
      case 'rx_day':
        return String(Math.round(this.data.rx));
      case 'tx_day':
        return String(Math.round(this.data.tx));
      case 'hotspot':
        return writeHotspotClients(this.hotspots.clients());
    }
  }

  private answers(parameter: string): boolean {
    if (parameter === 'hotspot') return this.hotspots.configured;
    return this.profile.parameters.has(parameter as Parameter);
  }

  /** Moves the drifting values on to `now` and may start a drop-out. */
  step(now: number): void {
    const dt = (now - this.lastStep) / 1000;
    if (dt <= 0) return;
    this.lastStep = now;
    const pull = (tau: number) => 1 - Math.exp(-dt / tau);
    this.signal +=
      (this.signalBase - this.signal) * pull(SIGNAL_TAU) +
      this.behaviour.signalNoise * Math.sqrt(dt) * gauss(this.random);
    this.signal = clamp(this.signal, -113, -51);
    const target = this.profile.temperatureBase;
    this.temperature +=
      (target - this.temperature) * pull(TEMPERATURE_TAU) + TEMPERATURE_NOISE * Math.sqrt(dt) * gauss(this.random);
    this.temperature = clamp(this.temperature, -300, 900);
    if (this.random() < dt / 600) this.digital[Math.floor(this.random() * 2)] ^= 1;
    this.analog = clamp(this.analog + 0.05 * Math.sqrt(dt) * gauss(this.random), 0, 24);
    const day = new Date(now).toISOString().slice(0, 10);
    // A new day counts from its midnight.
    const counted = day === this.data.day ? dt : Math.min(dt, (now - Date.parse(day)) / 1000);
    if (day !== this.data.day) this.data = { day, rx: 0, tx: 0 };
    if (this.silence) return;
    const received = RX_PER_SECOND * counted * (0.5 + this.random());
    this.data.rx += received;
    this.data.tx += received / 4;
    this.hotspots.step(dt);
    const rate = this.behaviour.dropoutsPerHour / 3600;
    if (rate > 0 && this.random() < 1 - Math.exp(-rate * dt)) {
      const [low, high] = this.behaviour.dropoutMs;
      this.silence = { reason: 'dropout', until: now + low + this.random() * (high - low) };
      this.hotspots.signOutAll();
    }
  }

  /** Starts a reboot: silent for the reboot's time, then up again with its uptime counting from then. */
  reboot(now: number): number {
    this.step(now);
    const until = now + this.behaviour.rebootMs;
    this.silence = { reason: 'reboot', until };
    this.hotspots.signOutAll();
    this.bootAt = until;
    this.temperature -= REBOOT_COOLING;
    return until;
  }

  /** Installs a firmware image and reboots into it. */
  installFirmware(firmware: string, now: number): number {
    this.firmware = firmware;
    return this.reboot(now);
  }
}
