// Scales of a chart page: series grouped by unit (one chart per unit, so
// dBm and °C never share an axis), a y-range with round steps in the data's
// unit (bytes step in 1024-based units, counts in whole 1/2/5×10^n), bars
// always from zero, and how many x labels fit without overlapping.
import { BYTE_UNITS, localNumber } from '../format/bytes';
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
  step: number;
  /** Tick values from min to max, evenly spaced. */
  ticks: number[];
}

export interface YScaleOptions {
  /** Bars: the range always takes in zero, so every bar has a height from its base. */
  fromZero?: boolean;
  /** The series' formatter: `bytes` steps in 1, 2, 5, 10 … 500 × 1024^n. */
  unit?: string;
  tickCount?: number;
}

const BYTE_UNITS_SET = new Set(['bytes', 'dataCredit']);

/** Ticks keep 12 significant digits: steps below this share of the values' size would print equal ticks. */
const TICK_RESOLUTION = 1e-10;

/** 1, 2 or 5 × 10^n at or above `raw` (raw > 0). */
function decimalStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  if (!(power > 0) || !Number.isFinite(power)) return raw;
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/** A round step for `span` split into about `count` parts, in the unit's own steps. */
export function niceStep(span: number, count: number, unit?: string, integer = false): number {
  const raw = span / count;
  if (!(raw > 0) || !Number.isFinite(raw)) return raw;
  if (BYTE_UNITS_SET.has(unit ?? '') && raw >= 1) {
    const exponent = Math.floor(Math.log(raw) / Math.log(1024));
    const base = 1024 ** exponent;
    const step = decimalStep(raw / base);
    // Past 500 of a unit the next unit reads better (1 MB, not 1000 KB).
    return step > 500 ? base * 1024 : step * base;
  }
  const step = decimalStep(raw);
  return integer ? Math.max(1, step) : step;
}

/**
 * A y-range covering every finite value; bars (fromZero) always take in zero, lines (dBm) keep to their data.
 * Bounds are multiples of a round step in the data's unit; whole-number data gets whole-number steps.
 */
export function yScale(values: number[], options: YScaleOptions = {}): YScale {
  const { fromZero = false, unit, tickCount = 4 } = options;
  const finite = values.filter(Number.isFinite);
  const integer = finite.length > 0 && finite.every(Number.isInteger);
  let lo = finite.length ? Math.min(...finite) : 0;
  let hi = finite.length ? Math.max(...finite) : 1;
  if (fromZero) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  // A flat (or vanishingly narrow) range gets room: from zero for bars, a unit either side for lines (more for
  // values so large that a unit is below their ticks' last place). Narrow is also a step too small for the ticks'
  // 12 significant digits (999999.9999999986 and 1000000.0000000001 had four ticks, all 1000000).
  const magnitude = Math.max(Math.abs(lo), Math.abs(hi));
  const first = niceStep(hi - lo, tickCount, unit, integer);
  if (!(first > 0) || first < magnitude * TICK_RESOLUTION) {
    if (fromZero) hi = lo === 0 && hi === 0 ? 1 : hi;
    else {
      const room = Math.max(1, magnitude * TICK_RESOLUTION * 10);
      lo -= room;
      hi += room;
    }
  }
  const step = niceStep(hi - lo, tickCount, unit, integer);
  let min = Math.floor(lo / step) * step;
  let max = Math.ceil(hi / step) * step;
  // lo / step can underflow to zero for the tiniest values.
  if (min > lo) min -= step;
  if (max < hi) max += step;
  const ticks: number[] = [];
  const count = Math.round((max - min) / step);
  for (let i = 0; i <= count; i++) ticks.push(Number((min + i * step).toPrecision(12)));
  return { min, max, step, ticks };
}

/** Every how many'th x label to draw so that labels of `labelChars` characters do not overlap. */
export function labelStride(count: number, plotWidth: number, labelChars: number, fontSize = 11): number {
  const labelWidth = labelChars * fontSize * 0.62 + fontSize;
  const fit = Math.max(1, Math.floor(plotWidth / labelWidth));
  return Math.max(1, Math.ceil(count / fit));
}

/**
 * Tick labels of a byte axis, all in the unit of its step ("500 KB, 1000 KB", not "0.98 MB"), so the labels read
 * as the even steps they are. Undefined for other units (their formatter labels them).
 */
export function byteTickLabels(scale: YScale, unit: string | undefined, locale = 'en'): string[] | undefined {
  if (!BYTE_UNITS_SET.has(unit ?? '')) return undefined;
  const exponent = Math.min(BYTE_UNITS.length - 1, Math.max(0, Math.floor(Math.log(scale.step) / Math.log(1024))));
  return scale.ticks.map((v) => `${localNumber(v / 1024 ** exponent, 2, locale)} ${BYTE_UNITS[exponent]}`);
}
