import { describe, expect, it } from 'vitest';
import { menu } from '../routes/menu';
import { abbreviations } from './abbreviations';

describe('collapsed-menu marks', () => {
  it('takes the initials of two words, else the first two letters', () => {
    const marks = abbreviations(['Wi-Fi & Hotspots', 'Devices', 'Alerts & Automations']);
    expect([...marks.values()]).toEqual(['WF', 'DE', 'AA']);
  });

  it('gives a later entry another mark when its usual one is taken', () => {
    const marks = abbreviations(['Reports', 'Resources', 'Remote access']);
    expect(marks.get('Reports')).toBe('RE');
    expect(marks.get('Resources')).toBe('RS');
    expect(marks.get('Remote access')).toBe('RA');
  });

  it('gives every entry of the side menu its own mark', () => {
    const labels = menu.flatMap((group) => group.entries.map((entry) => entry.label));
    const marks = [...abbreviations(labels).values()];
    expect(marks.every((mark) => /^[A-Z0-9]{2}$/.test(mark))).toBe(true);
    expect(new Set(marks).size).toBe(labels.length);
  });
});
