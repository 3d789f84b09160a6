import mqtt, { type MqttClient } from 'mqtt';
import {
  ACTIONS,
  decodeRequest,
  encodeReply,
  RequestMemory,
  topicsFor,
  type Action,
  type ControlReply,
  type DeviceType,
  type Parameter,
} from '../devices/protocol';

// A router for the server tests, written with the protocol codec: it
// answers `id` and parameter questions from `values`, and control requests
// (reboot: accepted, gone for `rebootMs`, back with uptime 0 and a result;
// another action: accepted, then after `resultMs` the result `results`
// gives it, `{}` unless).
// `silent` makes it stop answering (a device that dropped off).

export interface TestRouter {
  client: MqttClient;
  values: Partial<Record<Parameter, string | number>>;
  silent: boolean;
  requests: string[];
  /** The actions it ran (a request delivered again is answered, not run again). */
  ran: string[];
  /** The result of each action other than reboot, from its args (a function) or as it is; `{}` unless given. */
  results: Record<string, Record<string, unknown> | ((args: Record<string, unknown>) => Record<string, unknown>)>;
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
  /** How long an action other than reboot takes before its result (0 unless set). */
  resultMs?: number;
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
    ran: [],
    results: {},
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
      if (value !== undefined) void client.publishAsync(topics.value(type, serial, text), String(value));
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
      router.ran.push(action);
      reply({ v: 1, id, status: 'accepted' });
      if (action === 'reboot') {
        router.silent = true;
        setTimeout(() => {
          router.silent = false;
          router.values.uptime = 0;
          reply({ v: 1, id, status: 'result', result: { uptime: 0 } });
        }, options.rebootMs ?? 1500);
      } else {
        const given = router.results[action] ?? {};
        const result = typeof given === 'function' ? given(request.message.args) : given;
        setTimeout(() => reply({ v: 1, id, status: 'result', result }), options.resultMs ?? 0);
      }
    }
  });
  await client.subscribeAsync([topics.discover(type), topics.command(serial), topics.request(serial)], { qos: 1 });
  return router;
}

/** Every control action's deadline for a test's gateway: `ms`, or as `some` sets it. */
export const deadlines = (ms: number, some: Partial<Record<Action, number>> = {}): Record<Action, number> => ({
  ...(Object.fromEntries(ACTIONS.map((action) => [action, ms])) as Record<Action, number>),
  ...some,
});
