// The 11-colour chart palette (forms spec §9: "Chart palette of 11 colours").
// The spec does not give the values; these are distinguishable, colour-blind
// aware hues with at least 3:1 contrast against white.
export const CHART_PALETTE = [
  '#1f6fd1',
  '#d1501f',
  '#2e8b57',
  '#8e44ad',
  '#b8860b',
  '#c2185b',
  '#00838f',
  '#6d4c41',
  '#5c6bc0',
  '#558b2f',
  '#546e7a',
] as const;

export function paletteColor(index: number): string {
  const i = ((Math.trunc(index) % CHART_PALETTE.length) + CHART_PALETTE.length) % CHART_PALETTE.length;
  return CHART_PALETTE[i];
}
