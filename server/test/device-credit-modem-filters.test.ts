import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { rows, tokenClient, useServer, type Client } from './harness';
import { sources } from './openapi/conforms';
import { statusCompleted } from './status';

// The device record's credit types and the device list's credit type and
// modem filters, by the OpenAPI's names (issue 29): PUT /devices/credit sets
// the credit type a device uses, the record names it, the filters find it; the
// modem details no device reports here match no device, and their negations
// every device.

const { server, superAdmin } = useServer({ superAdmin: 'super@example.com' });
let api: Client;
let all: number[];

const found = async (query: string) => {
  const reply = await api.get(`/api/devices?limit=1000&fields=id&sort=id&${query}`);
  expect(reply.status, `${query}: ${JSON.stringify(reply.body)}`).toBe(200);
  return rows(reply).map((d) => d.id as number);
};

beforeAll(async () => {
  api = (await tokenClient(server, superAdmin, TOKEN_SCOPES, 'credit filters')).client;
  all = await found('');
});

const setCredit = async (creditTypeId: number, ids: number[], on: number) => {
  const reply = await api.put<{ meta: { channel: string } }>('/api/devices/credit', {
    credit_type_id: creditTypeId,
    data: ids.map((device_id) => ({ device_id, credit_enabled: on })),
  });
  // The OpenAPI's success status of PUT /devices/credit.
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  await statusCompleted(api, reply.body.meta.channel);
};

describe('credit types of devices', () => {
  it('a seeded device uses the paid management credit, named in its record', async () => {
    const device = (await api.get<{ data: object }>(`/api/devices/${all[0]}`)).body.data;
    expect(device).toMatchObject({
      management_credit_type: 'credit',
      management_credit_type_name: 'Paid Credit',
      management_credit_type_id: 2,
    });
  });

  it('PUT /devices/credit sets the type a device uses, and the filters find it', async () => {
    const [a, b, c] = all;
    const types = rows(await api.get('/api/credits/types?limit=100'));
    const byName = (credit_type: string, payment_type: string) =>
      types.find((t) => t.credit_type === credit_type && t.payment_type === payment_type)!.id as number;
    const free1y = byName('management_1y', 'free');
    const data = byName('data_150GB_10y', 'free');
    await setCredit(free1y, [a, b], 1);
    await setCredit(data, [b], 1);
    await setCredit(2, [c], 0);
    const record = async (id: number) =>
      rows(
        await api.get(
          `/api/devices?id=${id}&fields=id,credit_enabled,management_credit_type,management_credit_type_id,data_credit_type,data_credit_type_id`,
        ),
      )[0];
    expect(await record(b)).toMatchObject({
      management_credit_type: 'management_1y',
      management_credit_type_id: free1y,
      data_credit_type: 'data_150GB_10y',
      data_credit_type_id: data,
    });
    expect(await record(c)).toMatchObject({ credit_enabled: 0 });
    expect((await record(c)).management_credit_type_id ?? null).toBeNull();

    expect(await found('management_credit_type=management_1y')).toEqual([a, b]);
    expect(await found(`management_credit_type_id=${free1y}`)).toEqual([a, b]);
    expect(await found('data_credit_type=data_150GB_10y')).toEqual([b]);
    expect(await found(`data_credit_type_id=${data}`)).toEqual([b]);
    expect(await found('credit_type=free')).toEqual([a, b]);
    const paid = await found('credit_type=paid');
    expect(paid).toEqual(all.filter((id) => ![a, b, c].includes(id)));
    expect(await found('management_credit_type=credit')).toEqual(paid);
  });

  it('a credit type name outside the enum is a 422 on the parameter', async () => {
    for (const [query, source] of [
      ['management_credit_type=management_2y', 'management_credit_type'],
      ['data_credit_type=credit', 'data_credit_type'],
      ['credit_type=cheap', 'credit_type'],
      ['connection_type_2=4G', 'connection_type_2'],
    ]) {
      const reply = await api.get(`/api/devices?${query}`);
      expect(reply.status, query).toBe(422);
      expect(sources(reply), query).toEqual([source]);
    }
  });
});

describe('modem filters', () => {
  it('a modem detail no device reports matches none; its negation every device', async () => {
    for (const name of ['operator_2', 'modem_model', 'modem_model_2', 'modem_manufacturer', 'modem_firmware_2'])
      expect(await found(`${name}=EC25`), name).toEqual([]);
    for (const name of ['ne:operator_2', 'ne_modem_manufacturer', 'ne_modem_manufacturer_2', 'ne:modem_firmware'])
      expect(await found(`${name}=EC25`), name).toEqual(all);
    expect(await found('connection_type_2=4g')).toEqual([]);
    expect(await found('connection_type_2=unknown')).toEqual(all);
  });

  it('a negated filter keeps the devices that reported nothing for it', async () => {
    const reported = rows(await api.get('/api/devices?limit=1000&fields=id,operator&sort=id'));
    const operator = reported.find((d) => d.operator)?.operator as string;
    const others = reported.filter((d) => d.operator !== operator).map((d) => d.id);
    expect(reported.some((d) => !d.operator)).toBe(true);
    expect(await found(`ne:operator=${encodeURIComponent(operator)}`)).toEqual(others);
  });
});
