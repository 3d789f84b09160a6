import { describe, expect, it } from 'vitest';
import { devicesDoc } from './sample-document';
import { translateDocument } from './translate';

describe('translateDocument', () => {
  const upper = (s: string) => s.toUpperCase();
  it('translates the interface texts and keeps keys and paths', () => {
    const doc = translateDocument(devicesDoc, upper);
    expect(doc.title).toBe('DEVICES');
    expect(doc.columns!.map((c) => [c.key, c.title])[1]).toEqual(['status', 'STATUS']);
    expect(doc.filters![0].options![0]).toEqual({ value: 1, label: 'ONLINE' });
    expect(doc.bulkActions![0].confirm!.title).toBe('DELETE {COUNT} DEVICES?');
    expect(doc.bulkActions![0].request!.path).toBe('/devices');
    expect(doc.rowActions![0].href).toBe('/devices/{id}');
    expect(doc.endpoint).toBe('/devices');
  });
  it('translates the search box label and placeholder', () => {
    const search = { label: 'Search devices', placeholder: 'Name, serial, MAC or IMEI' };
    expect(translateDocument({ ...devicesDoc, search }, upper).search).toEqual({
      label: 'SEARCH DEVICES',
      placeholder: 'NAME, SERIAL, MAC OR IMEI',
    });
  });
  it('the identity translator changes nothing', () => {
    expect(translateDocument(devicesDoc, (s) => s)).toEqual(devicesDoc);
  });
});
