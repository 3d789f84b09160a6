import { describe, expect, it, vi } from 'vitest';
import { emptySelection, toggleRow } from './selection';
import { getSelection, setSelection, subscribeSelection } from './selection-store';

describe('selection store', () => {
  it('keeps a selection per list and notifies its subscribers', () => {
    const listener = vi.fn();
    const off = subscribeSelection('devices', listener);
    setSelection('devices', toggleRow(emptySelection, 7, { id: 7 }));
    expect([...getSelection('devices').ids.keys()]).toEqual([7]);
    expect(getSelection('tags')).toBe(emptySelection);
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    setSelection('devices', emptySelection);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getSelection('devices')).toBe(emptySelection);
  });
});
