import { LOOKUP_PAGE_SIZE } from '../../engine/constants';
import { http } from '../../engine/http/client';
import type { FormValues } from '../../engine/schema/depends';
import { optionFunctions, transforms, type FunctionContext } from '../../engine/schema/functions';
import { loadLookupDocument } from '../../engine/schema/registry';
import type { LookupRef, OptionItem, OptionsSource, ParamValue } from '../../engine/schema/types';

// Options of select-like widgets: a static list, a registered option function,
// or a page of a lookup document's list (search and paging through the API).

export interface LookupOption extends OptionItem {
  /** The raw item, for widgets that show more than the label. */
  item?: Record<string, unknown>;
}

export interface LookupPage {
  options: LookupOption[];
  total: number;
}

export const isLookupRef = (s: OptionsSource | undefined): s is LookupRef => !!s && !Array.isArray(s) && 'lookup' in s;

/** Replaces '{key}' parameters with form values; a parameter whose value is empty is left out. */
export function lookupParams(
  params: Record<string, ParamValue> | undefined,
  values: FormValues,
): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  for (const [name, raw] of Object.entries(params ?? {})) {
    const m = typeof raw === 'string' ? /^\{(\w+)\}$/.exec(raw) : null;
    if (!m) out[name] = raw;
    else {
      const v = values[m[1]];
      if (v !== undefined && v !== null && v !== '') out[name] = v as ParamValue;
    }
  }
  return out;
}

/** Names of the form values a lookup's parameters follow. */
export function lookupDependencies(source: OptionsSource | undefined): string[] {
  if (!isLookupRef(source)) return [];
  return Object.values(source.params ?? {}).flatMap((raw) => {
    const m = typeof raw === 'string' ? /^\{(\w+)\}$/.exec(raw) : null;
    return m ? [m[1]] : [];
  });
}

/** Loads one page of a lookup list. */
export async function loadLookupPage(
  source: LookupRef,
  ctx: FunctionContext,
  query: { search?: string; offset?: number; signal?: AbortSignal },
): Promise<LookupPage> {
  const doc = await loadLookupDocument(source.lookup);
  if (!doc) throw new Error(`Unknown lookup ${source.lookup}`);
  const params: Record<string, unknown> = {
    ...(doc.params ?? {}),
    ...lookupParams(source.params, ctx.values),
    limit: doc.limit ?? LOOKUP_PAGE_SIZE,
    offset: query.offset ?? 0,
  };
  if (query.search) params[doc.searchParam ?? 'q'] = query.search;
  const response = await http.get<{ data?: Record<string, unknown>[]; meta?: { total?: number } }>(doc.path, {
    params,
    signal: query.signal,
    skipCancel: true,
  });
  let items = response.data?.data ?? [];
  const total = response.data?.meta?.total ?? items.length;
  if (source.transform) {
    const transform = transforms[source.transform];
    if (!transform) throw new Error(`Unknown transform ${source.transform}`);
    items = transform(items, source.params ?? {}, ctx);
  }
  const valueKey = source.valueKey ?? doc.valueKey;
  const labelKey = source.labelKey ?? doc.labelKey;
  return {
    total,
    options: items.map((item) => ({
      value: item[valueKey] as OptionItem['value'],
      label: String(item[labelKey] ?? item[valueKey] ?? ''),
      description: doc.descriptionKey && item[doc.descriptionKey] ? String(item[doc.descriptionKey]) : undefined,
      item,
    })),
  };
}

/** Static and function option lists (lookups go through loadLookupPage). */
export function staticOptions(source: OptionsSource | undefined, ctx: FunctionContext): OptionItem[] | undefined {
  if (!source) return [];
  if (Array.isArray(source)) return source;
  if ('function' in source) {
    const fn = optionFunctions[source.function];
    if (!fn) throw new Error(`Unknown option function ${source.function}`);
    return fn(source.params ?? {}, ctx);
  }
  return undefined;
}
