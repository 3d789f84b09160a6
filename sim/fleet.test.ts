import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeReply, encodeRequest, topicsFor, type ControlReply } from '../server/devices/protocol';
import { startFleet, type Fleet } from './fleet';

// The simulator over a real broker: this machine's Mosquitto (anonymous on
// loopback), every topic under a prefix of this run, a plain MQTT client
// playing the gateway's part.

const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const prefix = `sim-test-${randomUUID().slice(0, 8)}/`;
const topics = topicsFor(prefix);
const DEVICES = [
  { serial: '1100000011', model: 'RUT955', operator: 'Telia', wanIp: '10.1.2.3', name: 'RUT955 Riga 001' },
  { serial: '1100000022', model: 'TRB140', operator: 'Bite' },
  { serial: '1100000033', model: 'TAP200' },
];

let fleet: Fleet;
let gateway: MqttClient;
/** Serves IMAGE at /image (the download a firmware or configuration request names). */
let files: http.Server;
let fileUrl: string;
const IMAGE = Buffer.from('firmware image bytes for the simulator test');
const IMAGE_SHA = createHash('sha256').update(IMAGE).digest('hex');
const received: { topic: string; payload: string }[] = [];

/** The first message on `topic` from now on (within 10 s). */
function next(topic: string, from = received.length): Promise<string> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 10_000;
    const look = () => {
      const hit = received.slice(from).find((m) => m.topic === topic);
      if (hit) return resolve(hit.payload);
      if (Date.now() > deadline) return reject(new Error(`nothing on ${topic}`));
      setTimeout(look, 20);
    };
    look();
  });
}

const repliesOf = (serial: string, id: string): ControlReply[] =>
  received
    .filter((m) => m.topic === topics.reply(serial))
    .map((m) => decodeReply(m.payload))
    .flatMap((d) => (d.ok && d.message.id === id ? [d.message] : []));

async function until<T>(probe: () => T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  files = http.createServer((request, response) => {
    if (request.url === '/image') response.end(IMAGE);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  fileUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  fleet = await startFleet({
    broker: BROKER,
    devices: DEVICES,
    prefix,
    behaviour: { rebootMs: 1500, dropoutsPerHour: 0 },
  });
  gateway = await mqtt.connectAsync(BROKER, { clientId: `gw-${prefix}` });
  gateway.on('message', (topic, payload) => received.push({ topic, payload: payload.toString() }));
  await gateway.subscribeAsync([`${prefix}router/#`, `${prefix}device/#`, `${prefix}fleet/+/reply`], { qos: 1 });
});

afterAll(async () => {
  await fleet?.stop();
  await gateway?.endAsync();
  files?.close();
});

describe('the fleet simulator on a broker', () => {
  it('answers id on router/get and device/get per its TYPE', async () => {
    const from = received.length;
    await gateway.publishAsync(topics.discover('router'), 'id');
    await gateway.publishAsync(topics.discover('device'), 'id');
    await until(() => (received.slice(from).filter((m) => m.topic.endsWith('/id')).length >= 3 ? true : undefined));
    const ids = received.slice(from).filter((m) => m.topic.endsWith('/id'));
    expect(
      ids
        .filter((m) => m.topic === topics.id('router'))
        .map((m) => m.payload)
        .sort(),
    ).toEqual(['1100000011', '1100000033']);
    expect(ids.filter((m) => m.topic === topics.id('device')).map((m) => m.payload)).toEqual(['1100000022']);
  });

  it('answers a parameter on TYPE/SERIAL/PARAM, and nothing for a parameter the model lacks', async () => {
    const from = received.length;
    await gateway.publishAsync(topics.command('1100000011'), 'wan');
    expect(await next(topics.value('router', '1100000011', 'wan'), from)).toBe('10.1.2.3');
    await gateway.publishAsync(topics.command('1100000022'), 'signal');
    expect(await next(topics.value('device', '1100000022', 'signal'), from)).toMatch(/^-\d+$/);
    await gateway.publishAsync(topics.command('1100000033'), 'signal');
    await gateway.publishAsync(topics.command('1100000033'), 'uptime');
    expect(Number(await next(topics.value('router', '1100000033', 'uptime'), from))).toBeGreaterThanOrEqual(0);
    expect(received.slice(from).some((m) => m.topic === topics.value('router', '1100000033', 'signal'))).toBe(false);
  });

  it('reboots over the control channel: accepted, silent, back with its uptime reset, answered once per id', async () => {
    const serial = '1100000011';
    const id = randomUUID();
    await gateway.publishAsync(topics.request(serial), encodeRequest(id, 'reboot'), { qos: 1 });
    await until(() => (repliesOf(serial, id).some((r) => r.status === 'accepted') ? true : undefined));
    await until(() => (fleet.device(serial)!.connected ? undefined : true));
    const from = received.length;
    await gateway.publishAsync(topics.discover('router'), 'id');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      received
        .slice(from)
        .filter((m) => m.topic === topics.id('router'))
        .map((m) => m.payload),
    ).toEqual(['1100000033']);
    const result = await until(() => repliesOf(serial, id).find((r) => r.status === 'result'));
    expect(result).toMatchObject({ status: 'result', result: { firmware: expect.any(String) } });
    expect(result.status === 'result' && Number(result.result.uptime)).toBeLessThan(5);
    // The same request id again: the last reply once more, no second reboot.
    await gateway.publishAsync(topics.request(serial), encodeRequest(id, 'reboot'), { qos: 1 });
    await until(() => (repliesOf(serial, id).filter((r) => r.status === 'result').length === 2 ? true : undefined));
    expect(fleet.device(serial)!.connected).toBe(true);
  });

  it('updates firmware: downloads and checks the image, reports progress, reboots into it', async () => {
    const serial = '1100000022';
    const id = randomUUID();
    const args = { url: `${fileUrl}/image`, firmware: 'TRB1_R_00.07.13.1', size: IMAGE.length, sha256: IMAGE_SHA };
    await gateway.publishAsync(topics.request(serial), encodeRequest(id, 'firmware_update', args), { qos: 1 });
    const result = await until(() => repliesOf(serial, id).find((r) => r.status === 'result'));
    const progress = repliesOf(serial, id).flatMap((r) => (r.status === 'progress' ? [r.progress] : []));
    expect(progress).toEqual([0, 50, 75, 100]);
    expect(result).toMatchObject({ result: { firmware: 'TRB1_R_00.07.13.1' } });
    expect(fleet.device(serial)!.router.firmware).toBe('TRB1_R_00.07.13.1');
  });

  it('refuses an image that does not match or cannot be downloaded, and installs nothing', async () => {
    const serial = '1100000011';
    const before = fleet.device(serial)!.router.firmware;
    const send = async (args: Record<string, unknown>) => {
      const id = randomUUID();
      await gateway.publishAsync(topics.request(serial), encodeRequest(id, 'firmware_update', args), { qos: 1 });
      return until(() => repliesOf(serial, id).find((r) => r.status === 'error' || r.status === 'result'));
    };
    const firmware = 'RUT9_R_00.07.99.1';
    expect(await send({ url: `${fileUrl}/image`, firmware, sha256: 'ab'.repeat(32) })).toMatchObject({
      error: { code: 'verify_failed' },
    });
    expect(await send({ url: `${fileUrl}/missing`, firmware })).toMatchObject({ error: { code: 'download_failed' } });
    expect(await send({ firmware })).toMatchObject({ error: { code: 'invalid_args' } });
    expect(fleet.device(serial)!.router.firmware).toBe(before);
  });

  it('applies a configuration upload after downloading it', async () => {
    const serial = '1100000033';
    const id = randomUUID();
    const args = { url: `${fileUrl}/image`, size: IMAGE.length, sha256: IMAGE_SHA };
    await gateway.publishAsync(topics.request(serial), encodeRequest(id, 'config_update', args), { qos: 1 });
    expect(await until(() => repliesOf(serial, id).find((r) => r.status === 'result'))).toMatchObject({
      result: { applied: true },
    });
    const progress = repliesOf(serial, id).flatMap((r) => (r.status === 'progress' ? [r.progress] : []));
    expect(progress).toEqual([0, 50, 100]);
  });

  it('publishes every value on update_metrics_data, runs known commands and refuses the rest', async () => {
    const serial = '1100000033';
    const metrics = randomUUID();
    const from = received.length;
    await gateway.publishAsync(topics.request(serial), encodeRequest(metrics, 'update_metrics_data'), { qos: 1 });
    await until(() => repliesOf(serial, metrics).find((r) => r.status === 'result'));
    const values = received.slice(from).filter((m) => m.topic.startsWith(`${prefix}router/${serial}/`));
    expect(values.map((m) => m.topic.split('/').pop()).sort()).toEqual(['connection', 'name', 'uptime', 'wan']);

    const command = randomUUID();
    await gateway.publishAsync(topics.request(serial), encodeRequest(command, 'command', { command: 'uptime' }), {
      qos: 1,
    });
    expect(await until(() => repliesOf(serial, command).find((r) => r.status === 'result'))).toMatchObject({
      result: { output: expect.stringMatching(/^up \d+ seconds$/) },
    });
    const unknown = randomUUID();
    await gateway.publishAsync(topics.request(serial), encodeRequest(unknown, 'command', { command: 'rm -rf /' }), {
      qos: 1,
    });
    expect(await until(() => repliesOf(serial, unknown).find((r) => r.status === 'error'))).toMatchObject({
      error: { code: 'unknown_command' },
    });
    const odd = randomUUID();
    await gateway.publishAsync(
      topics.request(serial),
      JSON.stringify({ v: 1, id: odd, action: 'self_destruct', args: {} }),
    );
    expect(await until(() => repliesOf(serial, odd).find((r) => r.status === 'error'))).toMatchObject({
      error: { code: 'unsupported_action' },
    });
    // Garbage on the request topic is ignored; the device still answers.
    await gateway.publishAsync(topics.request(serial), '{"v":1,');
    const after = received.length;
    await gateway.publishAsync(topics.command(serial), 'name');
    expect(await next(topics.value('router', serial, 'name'), after)).toBe('TAP200');
  });
});
