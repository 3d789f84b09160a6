import { describe, expect, it } from 'vitest';
import { toFormData } from './multipart';

describe('toFormData', () => {
  it('indexes arrays, nests objects, allows empty arrays, sends dates as ISO and keeps files', async () => {
    const file = new File(['{}'], 'api.json', { type: 'application/json' });
    const form = toFormData({
      system: 'rutos',
      overwrite: true,
      file,
      ids: [1, 2],
      empty: [],
      rows: [{ a: 'x' }],
      at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      skip: undefined,
      none: null,
    });
    const entries = [...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]);
    expect(entries).toEqual([
      ['system', 'rutos'],
      ['overwrite', 'true'],
      ['file', 'api.json'],
      ['ids[0]', '1'],
      ['ids[1]', '2'],
      ['empty[]', ''],
      ['rows[0][a]', 'x'],
      ['at', '2026-01-02T03:04:05.000Z'],
      ['none', ''],
    ]);
    expect(await (form.get('file') as File).text()).toBe('{}');
  });
});
