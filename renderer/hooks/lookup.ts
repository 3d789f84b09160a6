import { http } from '../../engine/http/client';
import { isHttpError } from '../../engine/http/errors';
import { chosenRequest, lookupOptions, lookupPermitted, lookupRequest } from '../../engine/schema/lookup';
import { optionFunctions, transforms, type FunctionContext } from '../../engine/schema/functions';
import { isLookupSwitch } from '../../engine/schema/lookup-switch';
import { loadLookupDocument } from '../../engine/schema/registry';
import type { LookupPaging } from '../../engine/schema/lookup-paging';
import type { LookupRef, OptionItem, OptionsSource, Scalar } from '../../engine/schema/types';
import { placeholderKeys } from '../../engine/contract/endpoint';

// Options of select-like widgets: a static list, a registered option function,
// or a page of a lookup document's list (search and paging through the API).

export interface LookupOption extends OptionItem {
  /** The raw item, for widgets that show more than the label. */
  item?: Record<string, unknown>;
}

/** A page of a lookup's options; `denied` when the user may not see the list (its view permission, or a 403). */
export type LookupPage = LookupPaging<LookupOption> & { denied?: boolean };

/** Whether a failed lookup call was refused for want of permission (403): the list is denied, not broken. */
export const isDenied = (error: unknown) => isHttpError(error) && error.status === 403;

export const isLookupRef = (s: OptionsSource | undefined): s is LookupRef => !!s && !Array.isArray(s) && 'lookup' in s;

/** Names of the form values a lookup's parameters follow (its '{key}' placeholders; a switch's key and its lookups'). */
export function lookupDependencies(source: OptionsSource | undefined): string[] {
  if (isLookupSwitch(source))
    return [source.lookupBy, ...Object.values(source.lookups).flatMap((ref) => lookupDependencies(ref))];
  if (!isLookupRef(source)) return [];
  return Object.values(source.params ?? {}).flatMap((raw) => (typeof raw === 'string' ? placeholderKeys(raw) : []));
}

/**
 * Loads one page of a lookup list: the request and the options come from engine/schema/lookup
 * (the field's valueKey/labelKey override the document's, dotted keys such as config.name).
 * `received` counts the server's items before the lookup's transform drops any (the next page's offset).
 * A lookup whose document names a permission the user lacks is not offered: no call, no options, `denied`.
 * `chosen`: only the items of these values (chosenRequest; none when the lookup cannot filter by them).
 */
export async function loadLookupPage(
  source: LookupRef,
  ctx: FunctionContext,
  query: { search?: string; offset?: number; signal?: AbortSignal; chosen?: readonly Scalar[] },
): Promise<LookupPage> {
  const doc = await loadLookupDocument(source.lookup);
  if (!doc) throw new Error(`Unknown lookup ${source.lookup}`);
  if (!lookupPermitted(doc, ctx.permissions)) return { options: [], received: 0, total: 0, denied: true };
  const request = query.chosen
    ? chosenRequest(doc, source, ctx.values, query.chosen)
    : lookupRequest(doc, source, ctx.values, query.search);
  if (!request) return { options: [], received: 0, total: 0 };
  const response = await http.get<{ data?: Record<string, unknown>[]; meta?: { total?: number } }>(request.url, {
    params: { ...request.params, offset: query.offset ?? 0 },
    signal: query.signal,
    skipCancel: true,
  });
  let items = response.data?.data ?? [];
  const received = items.length;
  const total = response.data?.meta?.total ?? (query.offset ?? 0) + received;
  if (source.transform) {
    const transform = transforms[source.transform];
    if (!transform) throw new Error(`Unknown transform ${source.transform}`);
    items = transform(items, source.params ?? {}, ctx);
  }
  const options = lookupOptions(doc, source, items);
  return { total, received, options: options.map((option, i) => ({ ...option, item: items[i] })) };
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
