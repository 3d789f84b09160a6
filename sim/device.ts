import mqtt, { type MqttClient } from 'mqtt';
import { decodeRequest, encodeReply, RequestMemory, type ControlReply, type Topics } from '../server/devices/protocol';
import { download, planFor, type Step } from './control';
import type { SimulatedRouter } from './router';

// One simulated router on the broker: its own MQTT connection, signed in
// with its serial and secret, subscribed where a real router's MQTT
// Publisher subscribes (TYPE/get, get/SERIAL/command) and to its control
// requests (fleet/SERIAL/request). It answers `id` with its serial and a
// parameter name with the value, or nothing for a parameter its model
// lacks. While its router is silent (rebooting, dropped out) it is off the
// broker; it connects again when the router is back.

export interface DeviceCredentials {
  serial: string;
  /** The device's MQTT secret; none for a broker without authentication. */
  secret?: string;
}

export interface DeviceOptions {
  broker: string;
  topics: Topics;
  now: () => number;
  log: (line: string) => void;
}

/** CONNACK return codes that refuse a client for good (MQTT 3.1.1: identifier rejected, bad credentials, not authorised). */
const REFUSALS = new Set([2, 4, 5]);

export class SimulatedDevice {
  private client: MqttClient | null = null;
  private readonly memory = new RequestMemory();
  private resumeTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Plays waiting for the router to be back (their `restart` step), resumed on connect. */
  private waiting: (() => void)[] = [];
  /** Answers published (values, ids, replies), for the benchmark's and tests' counts. */
  published = 0;

  constructor(
    readonly router: SimulatedRouter,
    private readonly credentials: DeviceCredentials,
    private readonly options: DeviceOptions,
  ) {}

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /**
   * Connects; resolves on the first connection with the subscriptions made, rejects when the broker refuses
   * the device (CONNACK: bad user name or password, not authorised, identifier rejected). A broker that is
   * slow or away is tried again every two seconds.
   */
  connect(): Promise<void> {
    const { serial, secret } = this.credentials;
    const { topics } = this.options;
    const client = mqtt.connect(this.options.broker, {
      clientId: `sim-${serial}`,
      username: serial,
      password: secret,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 2000,
      resubscribe: false,
      connectTimeout: 30_000,
      keepalive: 60,
    });
    this.client = client;
    const subscriptions = [topics.discover(this.router.type), topics.command(serial), topics.request(serial)];
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    return new Promise((resolve, reject) => {
      const refuse = (error: Error & { code?: unknown }) => {
        if (!REFUSALS.has(Number(error.code))) return;
        client.end(true);
        reject(new Error(`${serial}: ${error.message}`));
      };
      client.on('error', refuse);
      // Subscribed anew on every connection (clean sessions), then the replies waiting for it go out.
      client.on('connect', () => {
        client.subscribe(subscriptions, { qos: 1 }, (error) => {
          if (error) return this.options.log(`${serial}: subscribe failed (${error.message})`);
          client.off('error', refuse);
          resolve();
          const waiting = this.waiting;
          this.waiting = [];
          for (const resume of waiting) resume();
        });
      });
      client.on('error', (error) => this.options.log(`${serial}: ${error.message}`));
    });
  }

  private publish(topic: string, payload: string, qos: 0 | 1 = 0): void {
    if (!this.client?.connected) return;
    this.published++;
    this.client.publish(topic, payload, { qos });
  }

  private onMessage(topic: string, payload: Buffer): void {
    const { topics, now } = this.options;
    const parsed = topics.parse(topic);
    const at = now();
    if (!parsed || !this.router.online(at)) return;
    const text = payload.toString('utf8').trim();
    if (parsed.kind === 'discover' && text === 'id') this.publish(topics.id(this.router.type), this.router.serial);
    else if (parsed.kind === 'command' && parsed.serial === this.router.serial) this.answer(text, at);
    else if (parsed.kind === 'request' && parsed.serial === this.router.serial) this.onRequest(payload, at);
  }

  private answer(parameter: string, at: number): void {
    const value = this.router.read(parameter, at);
    if (value === undefined) return;
    this.publish(this.options.topics.value(this.router.type, this.router.serial, parameter), value);
  }

  private reply(reply: ControlReply): void {
    this.memory.record(reply);
    this.publish(this.options.topics.reply(this.router.serial), encodeReply(reply), 1);
  }

  private onRequest(payload: Buffer, at: number): void {
    const decoded = decodeRequest(payload);
    if (!decoded.ok) return this.options.log(`${this.router.serial}: request refused (${decoded.reason})`);
    const request = decoded.message;
    if (!this.memory.begin(request.id)) {
      const latest = this.memory.latest(request.id);
      if (latest) this.reply(latest);
      return;
    }
    void this.play(planFor(this.router, request, at), request.id);
  }

  private async play(steps: Step[], id: string): Promise<void> {
    for (const step of steps) {
      if (this.stopped) return;
      if (step.kind === 'reply') this.reply(step.reply);
      else if (step.kind === 'wait') await new Promise((resolve) => setTimeout(resolve, step.ms));
      else if (step.kind === 'publish-values')
        for (const parameter of this.router.profile.parameters) this.answer(parameter, this.options.now());
      else if (step.kind === 'download') {
        const failure = await download(step);
        if (failure) return this.reply({ v: 1, id, status: 'error', error: failure });
      } else {
        await this.restart(step.firmware);
        const at = this.options.now();
        this.reply({
          v: 1,
          id,
          status: 'result',
          result: { uptime: this.router.uptime(at), firmware: this.router.firmware },
        });
      }
    }
  }

  /** Reboots (into new firmware if given): off the broker until the router is up, resolved once connected again. */
  private restart(firmware?: string): Promise<void> {
    const at = this.options.now();
    const back = firmware ? this.router.installFirmware(firmware, at) : this.router.reboot(at);
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.goSilent(back - at);
    });
  }

  /** Off the broker for `ms`, then connects again (a reboot, a drop-out). */
  goSilent(ms: number): void {
    if (this.resumeTimer || this.stopped) return;
    // Publishes already queued go out first (a reply sent just before a reboot).
    this.client?.end(false);
    this.resumeTimer = setTimeout(() => {
      this.resumeTimer = null;
      if (!this.stopped) this.client?.reconnect();
    }, ms);
  }

  /** Notices a drop-out the router started by itself (the fleet's tick calls this). */
  tick(): void {
    const at = this.options.now();
    this.router.step(at);
    const silence = this.router.silentAt(at);
    if (silence && this.client?.connected) this.goSilent(silence.until - at);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.resumeTimer = null;
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(true);
  }
}
