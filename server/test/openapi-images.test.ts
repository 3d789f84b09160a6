import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { rows, signedIn, useServer } from './harness';
import { expectConforms, sources } from './openapi/conforms';

// Images of the RMS API over real HTTP: uploaded as multipart (a PNG or JPEG
// by its bytes, at most 5 MB and 2048x1080), listed, served with their type
// and nosniff, a real thumbnail, described, removed; within the caller's
// companies, refused input changing nothing, answers checked strictly.

const { server, admin, globex } = useServer({ admin: 'admin@example.com', globex: 'globex.admin@example.com' });

/** A width x height image: the left half black, the right half white (opaque). */
function pixels(width: number, height: number) {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.fill(x < width / 2 ? 0 : 255, (y * width + x) * 4, (y * width + x) * 4 + 3);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return data;
}

function png(width: number, height: number) {
  const image = new PNG({ width, height });
  image.data = pixels(width, height);
  return PNG.sync.write(image);
}

const jpg = (width: number, height: number) => jpeg.encode({ width, height, data: pixels(width, height) }, 90).data;

async function upload(fields: Record<string, string>, file?: [Buffer, string, string]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('image', new Blob([new Uint8Array(file[0])], { type: file[2] }), file[1]);
  const response = await admin.raw('POST', '/api/images', { body: form });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

const count = async () => (await admin.get('/api/images?limit=1')).body.meta as { total: number };

describe('images', () => {
  it('uploads a PNG, lists it, serves it and a smaller thumbnail, describes and removes it', async () => {
    const bytes = png(640, 480);
    const created = await upload({ company_id: '1', type: 'device_dashboard', description: 'Floor plan' }, [
      bytes,
      'plan.png',
      'image/png',
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectConforms('POST /images', created);
    const id = (created.body.data as { id: number }).id;

    const listed = await admin.get(`/api/images?id=${id}`);
    expectConforms('GET /images', listed);
    expect(rows(listed)[0]).toMatchObject({
      id,
      company_id: 1,
      name: 'plan.png',
      description: 'Floor plan',
      size: bytes.length,
      original_width: 640,
      original_height: 480,
      type: 'device_dashboard',
    });

    const file = await admin.raw('GET', `/api/images/${id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);

    const thumb = await admin.raw('GET', `/api/images/${id}/thumbnail`);
    expect(thumb.headers.get('content-type')).toBe('image/png');
    const small = PNG.sync.read(Buffer.from(await thumb.arrayBuffer()));
    expect([small.width, small.height]).toEqual([240, 180]);
    // Area average: the left edge stays black, the right edge white.
    expect([small.data[0], small.data[(small.width - 1) * 4]]).toEqual([0, 255]);

    const described = await admin.put(`/api/images/${id}`, { description: 'Second floor' });
    expect(described.status).toBe(200);
    expectConforms('PUT /images/{}', described);
    expect(rows(await admin.get(`/api/images?id=${id}`))[0].description).toBe('Second floor');

    for (const [body, source] of [
      [{ description: 'x'.repeat(256) }, 'description'],
      [{}, 'description'],
      [{ description: 'ok', name: 'x' }, 'name'],
    ] as const) {
      const refused = await admin.put(`/api/images/${id}`, body);
      expect(refused.status).toBe(422);
      expect(sources(refused)).toContain(source);
    }
    expect(rows(await admin.get(`/api/images?id=${id}`))[0].description).toBe('Second floor');

    const removed = await admin.delete(`/api/images/${id}`);
    expect(removed.status).toBe(200);
    expectConforms('DELETE /images/{}', removed);
    expect((await admin.raw('GET', `/api/images/${id}`)).status).toBe(404);
  });

  it('keeps a JPEG a JPEG and its thumbnail within the box', async () => {
    const created = await upload({ company_id: '2', type: 'device_dashboard' }, [
      jpg(2048, 1080),
      'wall.jpg',
      'image/jpeg',
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as { id: number }).id;
    const thumb = await admin.raw('GET', `/api/images/${id}/thumbnail`);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const small = jpeg.decode(Buffer.from(await thumb.arrayBuffer()));
    expect([small.width, small.height]).toEqual([320, 169]);
  });

  it('refuses what is not a PNG or JPEG, too large, or outside the caller’s companies, changing nothing', async () => {
    const before = await count();
    const cases: [Record<string, string>, [Buffer, string, string] | undefined, string][] = [
      [{ company_id: '1', type: 'device_dashboard' }, undefined, 'image'],
      [{ company_id: '1', type: 'device_dashboard' }, [Buffer.from('<svg/>'), 'fake.png', 'image/png'], 'image'],
      [{ company_id: '1', type: 'device_dashboard' }, [png(2049, 10), 'wide.png', 'image/png'], 'image'],
      [{ company_id: '1', type: 'device_dashboard' }, [png(10, 1081), 'tall.png', 'image/png'], 'image'],
      [{ company_id: '1', type: 'device_dashboard' }, [png(10, 10).subarray(0, 40), 'cut.png', 'image/png'], 'image'],
      [
        { company_id: '1', type: 'device_dashboard' },
        [Buffer.alloc(5 * 1024 * 1024 + 1), 'big.png', 'image/png'],
        'image',
      ],
      [{ company_id: '1', type: 'wallpaper' }, [png(10, 10), 'a.png', 'image/png'], 'type'],
      [{ type: 'device_dashboard' }, [png(10, 10), 'a.png', 'image/png'], 'company_id'],
      [{ company_id: '5', type: 'device_dashboard' }, [png(10, 10), 'a.png', 'image/png'], 'company_id'],
      [
        { company_id: '1', type: 'device_dashboard', description: 'x'.repeat(256) },
        [png(10, 10), 'a.png', 'image/png'],
        'description',
      ],
    ];
    for (const [fields, file, source] of cases) {
      const refused = await upload(fields, file);
      expect(refused.status, `${source} ${JSON.stringify(refused.body)}`).toBe(422);
      expect(sources(refused)).toEqual([source]);
    }
    // A PNG named and typed as a JPEG is stored as what it is.
    const renamed = await upload({ company_id: '1', type: 'device_dashboard' }, [png(4, 4), 'x.jpg', 'image/jpeg']);
    const id = (renamed.body.data as { id: number }).id;
    expect((await admin.raw('GET', `/api/images/${id}`)).headers.get('content-type')).toBe('image/png');
    expect((await count()).total).toBe(before.total + 1);

    expect(rows(await globex.get('/api/images')).map((i) => i.id)).not.toContain(id);
    expect((await globex.raw('GET', `/api/images/${id}`)).status).toBe(404);
    expect((await globex.raw('GET', `/api/images/${id}/thumbnail`)).status).toBe(404);
    expect((await globex.put(`/api/images/${id}`, { description: 'Theirs' })).status).toBe(404);
    expect((await globex.delete(`/api/images/${id}`)).status).toBe(404);
    const guest = await signedIn(server, 'guest@example.com');
    expect((await guest.put(`/api/images/${id}`, { description: 'Guest' })).status).toBe(403);
    expect((await guest.delete(`/api/images/${id}`)).status).toBe(403);
    // Unchanged: still without a description (a whole record's text without a value is "").
    expect(rows(await admin.get(`/api/images?id=${id}`))[0]).toHaveProperty('description', '');
  });
});
