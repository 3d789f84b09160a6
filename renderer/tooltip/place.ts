// Where an open tooltip goes: below its trigger, or above when the viewport has
// no room below; centred on the trigger and kept inside the viewport.

/** The gap between trigger and tooltip (bridged by the tooltip's ::before, so the pointer can cross it). */
const GAP = 6;
/** The least distance from the viewport's edges. */
const EDGE = 8;

/**
 * Places a `position: fixed` tooltip by the trigger's box. The origin is measured,
 * not assumed: inside a transformed ancestor (a dragged dialog) a fixed box is
 * placed relative to that ancestor, not the viewport.
 */
export function placeTooltip(tip: HTMLElement, anchor: DOMRect): void {
  tip.style.left = '0px';
  tip.style.top = '0px';
  const origin = tip.getBoundingClientRect();
  const below = anchor.bottom + GAP + origin.height <= window.innerHeight - EDGE;
  const top = below ? anchor.bottom + GAP : anchor.top - GAP - origin.height;
  const centred = anchor.left + anchor.width / 2 - origin.width / 2;
  const left = Math.max(EDGE, Math.min(centred, window.innerWidth - EDGE - origin.width));
  tip.style.left = `${left - origin.left}px`;
  tip.style.top = `${top - origin.top}px`;
  tip.dataset.side = below ? 'below' : 'above';
}
