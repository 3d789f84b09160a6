// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeTooltip } from './place';

/** A tooltip of 100 × 20 whose fixed origin (left 0, top 0) lands at `origin` (a transformed ancestor moves it). */
function tooltip(origin = { x: 0, y: 0 }) {
  const tip = document.createElement('span');
  vi.spyOn(tip, 'getBoundingClientRect').mockImplementation(
    () => ({ left: origin.x, top: origin.y, width: 100, height: 20 }) as DOMRect,
  );
  return tip;
}
const box = (left: number, top: number, width = 20, height = 20) =>
  ({ left, top, width, height, right: left + width, bottom: top + height }) as DOMRect;

afterEach(() => vi.restoreAllMocks());

describe('placeTooltip', () => {
  it('goes below the trigger, centred on it', () => {
    const tip = tooltip();
    placeTooltip(tip, box(200, 100));
    expect([tip.style.left, tip.style.top, tip.dataset.side]).toEqual(['160px', '126px', 'below']);
  });

  it('goes above when the viewport has no room below, and stays inside the viewport sideways', () => {
    const tip = tooltip();
    placeTooltip(tip, box(window.innerWidth - 10, window.innerHeight - 25, 10, 20));
    expect(tip.dataset.side).toBe('above');
    expect(tip.style.top).toBe(`${window.innerHeight - 25 - 6 - 20}px`);
    expect(tip.style.left).toBe(`${window.innerWidth - 8 - 100}px`);
    placeTooltip(tip, box(0, 100));
    expect(tip.style.left).toBe('8px');
  });

  it('inside a transformed ancestor, places it by where its origin really is', () => {
    const tip = tooltip({ x: 50, y: 30 });
    placeTooltip(tip, box(200, 100));
    expect([tip.style.left, tip.style.top]).toEqual(['110px', '96px']);
  });
});
