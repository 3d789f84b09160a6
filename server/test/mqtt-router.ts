import mqtt, { type MqttClient } from 'mqtt';
import {
  decodeRequest,
  encodeReply,
  formatValue,
  RequestMemory,
  topicsFor,
  type ControlReply,
  type DeviceType,
  type Parameter,
} from '../devices/protocol';

// A router for the server tests, written with the protocol codec: it
// answers `id` and parameter questions from `values`, and control requests
// (reboot: accepted, gone for `rebootMs`, back with uptime 0 and a result).
// `silent` makes it stop answering (a device that dropped off).

export interface TestRouter {
  client: MqttClient;
  values: Partial<Record<Parameter, string | number>>;
  silent: boolean;
  requests: string[];
  /** Publishes as this router (any topic, to test refusals). */
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTestRouter(options: {
  url: string;
  serial: string;
  password?: string;
  prefix?: string;
  type?: DeviceType;
  values: Partial<Record<Parameter, string | number>>;
  rebootMs?: number;
}): Promise<TestRouter> {
  const topics = topicsFor(options.prefix ?? '');
  const type = options.type ?? 'router';
  const { serial } = options;
  const client = await mqtt.connectAsync(options.url, {
    username: serial,
    password: options.password ?? 'none',
    clientId: `test-router-${serial}-${Math.random().toString(36).slice(2)}`,
    reconnectPeriod: 200,
  });
  const memory = new RequestMemory();
  const router: TestRouter = {
    client,
    values: options.values,
    silent: false,
    requests: [],
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    close: () => client.endAsync(true),
  };
  const reply = (message: ControlReply) => {
    memory.record(message);
    void client.publishAsync(topics.reply(serial), encodeReply(message), { qos: 1 }).catch(() => undefined);
  };
  client.on('message', (topic, payload) => {
    if (router.silent) return;
    const text = payload.toString();
    if (topic === topics.discover(type) && text === 'id') void client.publishAsync(topics.id(type), serial);
    else if (topic === topics.command(serial)) {
      const value = router.values[text as Parameter];
      if (value !== undefined)
        void client.publishAsync(topics.value(type, serial, text), formatValue(text as Parameter, value));
    } else if (topic === topics.request(serial)) {
      const request = decodeRequest(payload);
      if (!request.ok) return;
      const { id, action } = request.message;
      router.requests.push(action);
      if (!memory.begin(id)) {
        const latest = memory.latest(id);
        if (latest) reply(latest);
        return;
      }
      reply({ v: 1, id, status: 'accepted' });
      if (action === 'reboot') {
        router.silent = true;
        setTimeout(() => {
          router.silent = false;
          router.values.uptime = 0;
          reply({ v: 1, id, status: 'result', result: { uptime: 0 } });
        }, options.rebootMs ?? 1500);
      } else reply({ v: 1, id, status: 'result', result: {} });
    }
  });
  await client.subscribeAsync([topics.discover(type), topics.command(serial), topics.request(serial)], { qos: 1 });
  return router;
}
