import { describe, expect, it } from 'vitest';
import { menu } from '../routes/menu';
import { iconNames, menuIcons } from './icons';

describe('side menu icons', () => {
  it('every menu entry has a drawn icon of its own', () => {
    const entries = menu.flatMap((group) => group.entries.map((entry) => entry.label));
    for (const label of entries) expect(iconNames, label).toContain(menuIcons[label]);
    expect(new Set(entries.map((label) => menuIcons[label])).size).toBe(entries.length);
  });
});
