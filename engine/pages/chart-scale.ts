// Scales of a chart page: series grouped by unit (one chart per unit, so
// dBm and °C never share an axis), a y-range that takes in negative values,
// and how many x labels fit without overlapping.
import type { PageSeries } from './types';

/** Series grouped by their formatter (the unit they are shown in), in document order. */
export function seriesByUnit(series: PageSeries[]): PageSeries[][] {
  const groups = new Map<string, PageSeries[]>();
  for (const s of series) {
    const unit = s.formatter ?? 'number';
    groups.set(unit, [...(groups.get(unit) ?? []), s]);
  }
  return [...groups.values()];
}

export interface YScale {
  min: number;
  max: number;
  /** Tick values from min to max, evenly spaced. */
  ticks: number[];
}

function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  if (!(power > 0) || !Number.isFinite(power)) return raw;
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * A y-range covering every finite value and zero when the values are all on one side of it close enough
 * (bars start at zero); negative values (dBm) get a negative range. Bounds are rounded to a nice step.
 */
export function yScale(values: number[], tickCount = 4): YScale {
  const finite = values.filter(Number.isFinite);
  let lo = finite.length ? Math.min(...finite) : 0;
  let hi = finite.length ? Math.max(...finite) : 1;
  if (lo > 0 && lo < hi / 2) lo = 0;
  if (hi < 0 && hi > lo / 2) hi = 0;
  // A flat (or vanishingly narrow) range gets a unit of room either side.
  if (!(niceStep(hi - lo, tickCount) > 0)) {
    lo -= 1;
    hi += 1;
  }
  const step = niceStep(hi - lo, tickCount);
  let min = Math.floor(lo / step) * step;
  let max = Math.ceil(hi / step) * step;
  // lo / step can underflow to zero for the tiniest values.
  if (min > lo) min -= step;
  if (max < hi) max += step;
  const ticks: number[] = [];
  for (let v = min; v <= max + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  return { min, max, ticks };
}

/** Every how many'th x label to draw so that labels of `labelChars` characters do not overlap. */
export function labelStride(count: number, plotWidth: number, labelChars: number, fontSize = 11): number {
  const labelWidth = labelChars * fontSize * 0.62 + fontSize;
  const fit = Math.max(1, Math.floor(plotWidth / labelWidth));
  return Math.max(1, Math.ceil(count / fit));
}
