// @vitest-environment jsdom
// The client's failure messages through the browser's adapter (XMLHttpRequest), in the shell spec's words (§8):
// "Request aborted", "timeout of N ms exceeded", "Unsupported protocol".
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from './client';

let server: http.Server;
let base = '';

beforeAll(async () => {
  // Never answers: what a call waits on until its timeout or its abort.
  server = http.createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const client = (baseURL: string) =>
  createHttpClient({
    adapter: 'xhr',
    baseURL,
    origin: () => 'http://127.0.0.1',
    hasSession: () => true,
    cookies: () => '',
    storedValue: () => null,
    pathname: () => '/',
    search: () => '',
  });

describe('failure messages through XMLHttpRequest', () => {
  it('a call past its timeout: "timeout of N ms exceeded"', async () => {
    await expect(client(base).get('/user', { timeout: 50 })).rejects.toMatchObject({
      message: 'timeout of 50 ms exceeded',
    });
  });

  it('a call the browser aborts (not the app): "Request aborted"', async () => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
      send.call(this, body);
      setTimeout(() => this.abort(), 10);
    };
    try {
      await expect(client(base).get('/x')).rejects.toMatchObject({ message: 'Request aborted' });
    } finally {
      XMLHttpRequest.prototype.send = send;
    }
  });

  it('a URL of another protocol: "Unsupported protocol"', async () => {
    await expect(client('ftp://127.0.0.1/api').get('/x')).rejects.toMatchObject({
      message: 'Unsupported protocol ftp:',
    });
  });
});
