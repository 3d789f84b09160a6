import { describe, expect, it } from 'vitest';
import { useServer } from './harness';

// Uploaded file names the spec forbids are refused on the file field with the
// spec's words (forms spec §5); downloads never let the browser sniff or
// render an upload.

const { superAdmin } = useServer({ superAdmin: 'super@example.com' });

const BAD_NAMES = [
  '../../etc/passwd',
  '..\\..\\boot.ini',
  'a:b.json',
  'back`tick.json',
  'what?.json',
  'a<b>.json',
  'pipe|.json',
  "it's.json",
  'star*.json',
  ' ',
  '..',
  `${'x'.repeat(1000)}.json`,
  'con',
  'CON.json',
  'nul.txt',
  'com1.json',
  'Lpt9.log',
  'trailing.',
  'tab\tname.json',
  '.htaccess',
  '.htpasswd',
  '.user.ini',
  'web.config',
  'php.ini',
];

const countFiles = async () => (await superAdmin.get('/api/files?limit=1')).body.meta as { total: number };

function upload(path: string, name: string, extra: Record<string, string>, type = 'application/json') {
  const form = new FormData();
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  form.set('file', new Blob(['{"version":"1.0.0"}'], { type }), name);
  return superAdmin.raw('POST', path, { body: form });
}

describe('file names', () => {
  it('are refused on /files with the spec message on the file field, and nothing is stored', async () => {
    const before = await countFiles();
    for (const name of BAD_NAMES) {
      const reply = await upload('/api/files', name, { type: 'config' });
      expect(reply.status, JSON.stringify(name)).toBe(422);
      expect(await reply.json()).toEqual({
        success: false,
        errors: [{ code: 'VALIDATION_ERROR', message: 'File name contains forbidden symbols', source: 'file' }],
      });
    }
    // A quote arrives only in a hand-written body (fetch percent-encodes it).
    const boundary = 'x-boundary';
    const raw = await superAdmin.raw('POST', '/api/files', {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: [
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nconfig`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quote\\".json"\r\nContent-Type: application/json\r\n\r\n{}`,
        `--${boundary}--\r\n`,
      ].join('\r\n'),
    });
    expect(raw.status).toBe(422);
    expect(await raw.json()).toMatchObject({ errors: [{ message: 'File name contains forbidden symbols' }] });
    expect(await countFiles()).toEqual(before);
    expect((await upload('/api/files', 'router-config.json', { type: 'config' })).status).toBe(200);
  });

  it('are refused on the API documentation upload', async () => {
    for (const name of ['../../rutos.json', 'con.json', 'a:b.json', `${'x'.repeat(300)}.json`]) {
      const reply = await upload('/api/devices/configurator/specifications', name, { system: 'rutos' });
      expect(reply.status, name).toBe(422);
      expect(await reply.json()).toMatchObject({
        errors: [{ message: 'File name contains forbidden symbols', source: 'file' }],
      });
    }
  });

  it('downloads with nosniff, as an attachment, and HTML or SVG as plain bytes', async () => {
    for (const [type, served] of [
      ['text/html', 'application/octet-stream'],
      ['image/svg+xml', 'application/octet-stream'],
      ['application/javascript', 'application/octet-stream'],
      ['text/plain', 'text/plain; charset=utf-8'],
    ]) {
      const created = await upload('/api/files', 'page.html', { type: 'config' }, type);
      const { data } = (await created.json()) as { data: { id: number } };
      const response = await superAdmin.raw('GET', `/api/files/${data.id}/download`);
      expect(response.headers.get('content-type'), type).toBe(served);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    }
  });
});
