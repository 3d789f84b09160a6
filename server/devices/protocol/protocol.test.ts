import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decodeReply,
  decodeRequest,
  encodeReply,
  encodeRequest,
  parseValue,
  PARAMETERS,
  readHotspotClients,
  RequestMemory,
  topicsFor,
  writeHotspotClients,
  type ControlReply,
  type HotspotClient,
} from './index';

const serial = fc.stringMatching(/^[0-9]{1,20}$/);
const type = fc.constantFrom('router' as const, 'device' as const);
const prefix = fc.constantFrom('', 'test-1/', 'a/b.c_d-e/');
const requestId = fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/);
const bytes = (text: string) => new TextEncoder().encode(text);

describe('topics', () => {
  it('formats the vendor topics and our control channel', () => {
    const t = topicsFor();
    expect(t.discover('router')).toBe('router/get');
    expect(t.id('device')).toBe('device/id');
    expect(t.command('1100000001')).toBe('get/1100000001/command');
    expect(t.value('router', '1100000001', 'uptime')).toBe('router/1100000001/uptime');
    expect(t.request('1100000001')).toBe('fleet/1100000001/request');
    expect(t.reply('1100000001')).toBe('fleet/1100000001/reply');
    expect(topicsFor('t-9/').command('42')).toBe('t-9/get/42/command');
  });

  it('parses back every topic it formats, under any prefix', () => {
    fc.assert(
      fc.property(prefix, type, serial, fc.constantFrom(...PARAMETERS), (p, ty, s, parameter) => {
        const t = topicsFor(p);
        expect(t.parse(t.discover(ty))).toEqual({ kind: 'discover', type: ty });
        expect(t.parse(t.id(ty))).toEqual({ kind: 'id', type: ty });
        expect(t.parse(t.command(s))).toEqual({ kind: 'command', serial: s });
        expect(t.parse(t.value(ty, s, parameter))).toEqual({ kind: 'value', type: ty, serial: s, parameter });
        expect(t.parse(t.request(s))).toEqual({ kind: 'request', serial: s });
        expect(t.parse(t.reply(s))).toEqual({ kind: 'reply', serial: s });
      }),
    );
  });

  it('refuses wildcards, odd bytes, wrong case, other prefixes and unknown shapes', () => {
    const t = topicsFor('ns/');
    for (const topic of [
      'router/get',
      'ns/router/+/uptime',
      'ns/router/#',
      'ns/Router/get',
      'ns/router/12a/uptime',
      'ns/router/12/Uptime',
      'ns/router/12/uptime/x',
      'ns/router//uptime',
      'ns/get/12/Command',
      'ns/get/\u0000/command',
      'ns/fleet/12/other',
      'ns/fleet/+/reply',
      'ns/router/12/up\ntime',
      '',
    ])
      expect(t.parse(topic), topic).toBeUndefined();
    expect(() => t.command('12/#')).toThrow();
    expect(() => topicsFor('no-slash')).toThrow();
    expect(() => topicsFor('+/')).toThrow();
  });

  it('never parses a topic with a wildcard or control character to a serial', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('+', '#', '/', '$', '\u0000', '\n', ' ', '1', '9', 'a'), maxLength: 24 }),
        (noise) => {
          const parsed = topicsFor().parse(`router/${noise}/signal`);
          if (parsed && 'serial' in parsed) expect(parsed.serial).toMatch(/^[0-9]{1,20}$/);
        },
      ),
    );
  });
});

describe('values', () => {
  it('reads each parameter within its bounds', () => {
    // Tenths of a degree, kept as tenths (the RMS API's temperature: 389 is 38.9 °C).
    expect(parseValue('temperature', bytes('389'))).toEqual({ ok: true, value: 389 });
    expect(parseValue('temperature', '-125')).toEqual({ ok: true, value: -125 });
    expect(parseValue('signal', '-67')).toEqual({ ok: true, value: -67 });
    expect(parseValue('uptime', '86400\n')).toEqual({ ok: true, value: 86400 });
    expect(parseValue('network', '4G')).toEqual({ ok: true, value: '4G' });
    expect(parseValue('operator', 'Telia LT')).toEqual({ ok: true, value: 'Telia LT' });
    expect(parseValue('connection', 'connected')).toEqual({ ok: true, value: 'connected' });
    expect(parseValue('wan', '10.20.30.40')).toEqual({ ok: true, value: '10.20.30.40' });
    expect(parseValue('wan', '2001:db8::1')).toEqual({ ok: true, value: '2001:db8::1' });
    expect(parseValue('name', 'RUT241')).toEqual({ ok: true, value: 'RUT241' });
    expect(parseValue('digital1', '1')).toEqual({ ok: true, value: 1 });
    expect(parseValue('analog', '4.32')).toEqual({ ok: true, value: 4.32 });
    expect(parseValue('sim', '2')).toEqual({ ok: true, value: 2 });
    expect(parseValue('rx_day', '314572800')).toEqual({ ok: true, value: 314572800 });
    expect(parseValue('tx_day', '0')).toEqual({ ok: true, value: 0 });
  });

  it('refuses non-numbers where numbers belong, values out of bounds and bad text', () => {
    for (const [parameter, payload] of [
      ['temperature', 'hot'],
      ['temperature', '38.9'],
      ['temperature', '99999'],
      ['signal', '12'],
      ['signal', '-67dBm'],
      ['signal', 'NaN'],
      ['signal', ''],
      ['uptime', '-1'],
      ['uptime', '1e5'],
      ['uptime', '0x10'],
      ['digital1', '2'],
      ['analog', 'Infinity'],
      ['sim', '3'],
      ['rx_day', '-5'],
      ['tx_day', '1.5'],
      ['wan', '300.1.1.1'],
      ['operator', 'a\u0000b'],
      ['operator', 'x'.repeat(65)],
      ['network', '4G;drop'],
      ['colour', 'red'],
    ] as const)
      expect(parseValue(parameter, payload).ok, `${parameter}=${payload}`).toBe(false);
    expect(parseValue('operator', new Uint8Array([0xff, 0xfe])).ok).toBe(false);
    expect(parseValue('name', bytes('n'.repeat(300))).ok).toBe(false);
  });

  it('reads back what a device formats', () => {
    const cases = fc.oneof(
      fc.integer({ min: -400, max: 1500 }).map((t) => ['temperature', t] as const),
      fc.integer({ min: -150, max: 0 }).map((s) => ['signal', s] as const),
      fc.integer({ min: 0, max: 4294967295 }).map((u) => ['uptime', u] as const),
      fc.ipV4().map((ip) => ['wan', ip] as const),
      fc.constantFrom('2G', '3G', '4G', '5G').map((n) => ['network', n] as const),
    );
    fc.assert(
      fc.property(cases, ([parameter, value]) => {
        expect(parseValue(parameter, bytes(String(value)))).toEqual({ ok: true, value });
      }),
    );
  });

  it('never accepts a numeric parameter that is not a finite number in bounds', () => {
    fc.assert(
      fc.property(fc.constantFrom('temperature', 'signal', 'uptime', 'analog', 'digital1'), fc.string(), (p, s) => {
        const read = parseValue(p, s);
        if (read.ok) expect(Number.isFinite(read.value)).toBe(true);
      }),
    );
  });
});

describe('hotspot clients', () => {
  const visitor: HotspotClient = {
    hotspot: 1,
    username: 'visitor',
    mac: '02:00:00:00:05:01',
    ip: '192.168.2.10',
    download: 52_428_800,
    upload: 5_242_880,
  };

  it('reads the clients a device lists, and none from "-"', () => {
    const text = '1 visitor 02:00:00:00:05:01 192.168.2.10 52428800 5242880;2 staff 02:AB:CD:EF:01:02 10.0.0.11 0 0';
    expect(parseValue('hotspot', text)).toEqual({ ok: true, value: text });
    expect(readHotspotClients(text)).toEqual({
      ok: true,
      clients: [
        visitor,
        { hotspot: 2, username: 'staff', mac: '02:ab:cd:ef:01:02', ip: '10.0.0.11', download: 0, upload: 0 },
      ],
    });
    expect(readHotspotClients('-')).toEqual({ ok: true, clients: [] });
    expect(writeHotspotClients([])).toBe('-');
  });

  it('refuses entries that are not index, user, MAC, IPv4 and two byte counts, a user twice, and over 2,048 bytes', () => {
    for (const text of [
      '',
      '1 visitor 02:00:00:00:05:01 192.168.2.10 1',
      '0 visitor 02:00:00:00:05:01 192.168.2.10 1 1',
      '1 visitor 02:00:00:00:05 192.168.2.10 1 1',
      '1 visitor 02:00:00:00:05:01 2001:db8::1 1 1',
      '1 visitor 02:00:00:00:05:01 192.168.2.10 -1 1',
      '1 visitor 02:00:00:00:05:01 192.168.2.10 1 1.5',
      '1 vis\u0000itor 02:00:00:00:05:01 192.168.2.10 1 1',
      '1 visitor 02:00:00:00:05:01 192.168.2.10 1 1;1 visitor 02:00:00:00:05:02 192.168.2.11 1 1',
      '1 visitor 02:00:00:00:05:01 192.168.2.10 1 1;',
    ])
      expect(parseValue('hotspot', text).ok, text).toBe(false);
    const many = Array.from({ length: 40 }, (_, i) => ({ ...visitor, username: `user${i}` }));
    expect(parseValue('hotspot', bytes(writeHotspotClients(many))).ok).toBe(false);
    expect(parseValue('hotspot', bytes(writeHotspotClients(many.slice(0, 30)))).ok).toBe(true);
  });

  it('reads back what a device writes', () => {
    const client = fc.record({
      hotspot: fc.integer({ min: 1, max: 4 }),
      username: fc.stringMatching(/^[a-z0-9._-]{1,16}$/),
      mac: fc
        .array(fc.integer({ min: 0, max: 255 }), { minLength: 6, maxLength: 6 })
        .map((octets) => octets.map((o) => o.toString(16).padStart(2, '0')).join(':')),
      ip: fc.ipV4(),
      download: fc.integer({ min: 0, max: 2 ** 40 }),
      upload: fc.integer({ min: 0, max: 2 ** 40 }),
    });
    const unique = fc.uniqueArray(client, { maxLength: 8, selector: (c) => `${c.hotspot} ${c.username}` });
    fc.assert(
      fc.property(unique, (clients) => {
        expect(readHotspotClients(writeHotspotClients(clients))).toEqual({ ok: true, clients });
      }),
    );
  });
});

describe('control channel', () => {
  it('round-trips a request', () => {
    fc.assert(
      fc.property(
        requestId,
        fc.constantFrom('reboot', 'command' as const),
        fc.dictionary(fc.string(), fc.string()),
        (id, action, args) => {
          expect(decodeRequest(encodeRequest(id, action, args))).toEqual({
            ok: true,
            message: { v: 1, id, action, args },
          });
        },
      ),
    );
  });

  it('round-trips each kind of reply and keeps only its status fields', () => {
    const reply = fc.oneof(
      requestId.map((id): ControlReply => ({ v: 1, id, status: 'accepted' })),
      fc
        .tuple(requestId, fc.integer({ min: 0, max: 100 }))
        .map(([id, progress]): ControlReply => ({ v: 1, id, status: 'progress', progress })),
      requestId.map((id): ControlReply => ({ v: 1, id, status: 'result', result: { uptime: 3 } })),
      requestId.map((id): ControlReply => ({
        v: 1,
        id,
        status: 'error',
        error: { code: 'busy', message: 'Try later' },
      })),
    );
    fc.assert(
      fc.property(reply, (r) => {
        expect(decodeReply(bytes(encodeReply(r)))).toEqual({ ok: true, message: r });
      }),
    );
    expect(decodeReply('{"v":1,"id":"abcdefgh","status":"accepted","evil":1}')).toEqual({
      ok: true,
      message: { v: 1, id: 'abcdefgh', status: 'accepted' },
    });
  });

  it('refuses malformed, oversized and out-of-range messages', () => {
    for (const payload of [
      'not json',
      '[]',
      'null',
      '{"v":2,"id":"abcdefgh","status":"accepted"}',
      '{"v":1,"id":"short","status":"accepted"}',
      '{"v":1,"id":"abc/efgh","status":"accepted"}',
      '{"v":1,"id":"abcdefgh","status":"done"}',
      '{"v":1,"id":"abcdefgh","status":"progress","progress":101}',
      '{"v":1,"id":"abcdefgh","status":"progress","progress":"50"}',
      '{"v":1,"id":"abcdefgh","status":"result","result":[1]}',
      '{"v":1,"id":"abcdefgh","status":"error","error":{"code":"Bad Code","message":"x"}}',
      `{"v":1,"id":"abcdefgh","status":"accepted","pad":"${'x'.repeat(17000)}"}`,
    ])
      expect(decodeReply(bytes(payload)).ok, payload.slice(0, 60)).toBe(false);
    expect(decodeRequest('{"v":1,"id":"abcdefgh","action":"Reboot!"}').ok).toBe(false);
    expect(decodeRequest('{"v":1,"id":"abcdefgh","action":"reboot","args":[]}').ok).toBe(false);
    expect(() => encodeRequest('bad id', 'reboot')).toThrow();
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (payload) => {
        expect(typeof decodeReply(payload).ok).toBe('boolean');
        expect(typeof decodeRequest(payload).ok).toBe('boolean');
      }),
    );
  });

  it('remembers request ids so a repeated request is answered, not run again', () => {
    const memory = new RequestMemory(2);
    expect(memory.begin('request-1')).toBe(true);
    expect(memory.begin('request-1')).toBe(false);
    expect(memory.latest('request-1')).toBeUndefined();
    memory.record({ v: 1, id: 'request-1', status: 'result', result: {} });
    expect(memory.latest('request-1')?.status).toBe('result');
    memory.begin('request-2');
    memory.begin('request-3');
    expect(memory.begin('request-1')).toBe(true);
  });
});
