// Cross-checks of documents that JSON Schema cannot express (run by schemas:check):
// depends, placeholders and lookup switches name existing keys, lookups and
// registered functions exist, no duplicate field keys, patterns compile.
import { validators } from '../validators/registry';
import { registeredNames } from './functions';
import type { FieldSchema, FormDocument, LookupSwitch, OptionsSource } from './types';
import { placeholderKeys } from '../contract/endpoint';

export interface CheckProblem {
  pointer: string;
  message: string;
}

export interface CheckContext {
  /** File path relative to schemas/, e.g. forms/new-tag.json. */
  file: string;
  /** Document name (file name without .json). */
  name: string;
  /** Names of the documents in each folder: forms, prompts, lookups, pages, ... */
  names: Record<string, ReadonlySet<string>>;
}

export type DocumentChecker = (doc: unknown, ctx: CheckContext) => CheckProblem[];

/** The keys a form's values may hold: its fields' and their addons'. */
function fieldKeys(byKey: Map<string, FieldSchema>): Set<string> {
  const keys = new Set(byKey.keys());
  for (const field of byKey.values()) if (field.addon) keys.add(field.addon.key);
  return keys;
}

function checkPattern(pattern: string | undefined, pointer: string, out: CheckProblem[]) {
  if (pattern === undefined) return;
  try {
    new RegExp(pattern, 'u');
  } catch (e) {
    out.push({ pointer, message: `pattern does not compile: ${(e as Error).message}` });
  }
}

/** A lookup switch: its key names another field, each lookup is one of that field's options and checks as a lookup. */
function checkSwitch(
  options: LookupSwitch,
  pointer: string,
  f: FieldSchema,
  byKey: Map<string, FieldSchema>,
  ctx: CheckContext,
  out: CheckProblem[],
) {
  const by = byKey.get(options.lookupBy);
  if (!by) out.push({ pointer: `${pointer}/lookupBy`, message: `no field ${options.lookupBy}` });
  if (options.lookupBy === f.key)
    out.push({ pointer: `${pointer}/lookupBy`, message: 'a field cannot choose its own lookup' });
  const known = Array.isArray(by?.options) ? new Set(by.options.map((o) => String(o.value))) : undefined;
  for (const [value, ref] of Object.entries(options.lookups)) {
    const p = `${pointer}/lookups/${value}`;
    if (known && !known.has(value)) out.push({ pointer: p, message: `${options.lookupBy} has no option ${value}` });
    checkOptions(ref, p, byKey, ctx, out);
  }
}

function checkOptions(
  options: OptionsSource | undefined,
  pointer: string,
  byKey: Map<string, FieldSchema>,
  ctx: CheckContext,
  out: CheckProblem[],
  f?: FieldSchema,
) {
  if (!options || Array.isArray(options)) {
    const values = (options ?? []).map((o) => String(o.value));
    if (new Set(values).size !== values.length) out.push({ pointer, message: 'duplicate option values' });
    return;
  }
  const keys = fieldKeys(byKey);
  if ('lookupBy' in options) {
    if (f) checkSwitch(options, pointer, f, byKey, ctx, out);
    else out.push({ pointer, message: 'a lookup switch belongs to a field' });
  } else if ('lookup' in options) {
    if (!ctx.names.lookups?.has(options.lookup))
      out.push({ pointer: `${pointer}/lookup`, message: `no lookup document lookups/${options.lookup}.json` });
    if (options.transform && !registeredNames.transform().includes(options.transform))
      out.push({ pointer: `${pointer}/transform`, message: `no registered transform ${options.transform}` });
    for (const [param, v] of Object.entries(options.params ?? {}))
      for (const key of typeof v === 'string' ? placeholderKeys(v) : [])
        if (!keys.has(key)) out.push({ pointer: `${pointer}/params/${param}`, message: `no field ${key}` });
  } else if (!registeredNames.options().includes(options.function)) {
    out.push({ pointer: `${pointer}/function`, message: `no registered options function ${options.function}` });
  }
}

const ruleMessages = {
  depends: { unknown: 'depends on unknown key', self: 'a field cannot depend on itself' },
  requiredWhen: { unknown: 'requiredWhen names unknown key', self: 'a field cannot be required by its own value' },
};

/** The rules of depends or requiredWhen: each names another field of the form, and its values are options of that field. */
function checkRules(
  f: FieldSchema,
  prop: keyof typeof ruleMessages,
  p: string,
  byKey: Map<string, FieldSchema>,
  out: CheckProblem[],
) {
  const keys = fieldKeys(byKey);
  f[prop]?.forEach((rule, j) => {
    const at = `${p}/${prop}/${j}`;
    if (!keys.has(rule.key)) out.push({ pointer: `${at}/key`, message: `${ruleMessages[prop].unknown} ${rule.key}` });
    if (rule.key === f.key) out.push({ pointer: `${at}/key`, message: ruleMessages[prop].self });
    const target = byKey.get(rule.key)?.options;
    if (Array.isArray(target) && rule.values) {
      const known = new Set(target.map((o) => String(o.value)));
      rule.values.forEach((v, n) => {
        if (!known.has(String(v)))
          out.push({ pointer: `${at}/values/${n}`, message: `${rule.key} has no option ${JSON.stringify(v)}` });
      });
    }
  });
}

function checkField(
  f: FieldSchema,
  p: string,
  byKey: Map<string, FieldSchema>,
  ctx: CheckContext,
  out: CheckProblem[],
) {
  checkRules(f, 'depends', p, byKey, out);
  checkRules(f, 'requiredWhen', p, byKey, out);
  if (f.requiredWhen && f.required)
    out.push({ pointer: `${p}/requiredWhen`, message: 'requiredWhen has no effect on a required field' });
  checkOptions(f.options, `${p}/options`, byKey, ctx, out, f);
  if (f.addon) checkOptions(f.addon.options, `${p}/addon/options`, byKey, ctx, out);
  if (f.onChange && !registeredNames.onChange().includes(f.onChange.function))
    out.push({ pointer: `${p}/onChange/function`, message: `no registered onChange ${f.onChange.function}` });
  if (f.compute && !registeredNames.compute().includes(f.compute.function))
    out.push({ pointer: `${p}/compute/function`, message: `no registered compute function ${f.compute.function}` });
  if (f.formatter && !registeredNames.formatter().includes(f.formatter))
    out.push({ pointer: `${p}/formatter`, message: `no registered formatter ${f.formatter}` });
  f.validate?.forEach((name, j) => {
    if (!(name in validators)) out.push({ pointer: `${p}/validate/${j}`, message: `no registered validator ${name}` });
  });
  checkPattern(f.pattern, `${p}/pattern`, out);
  checkPattern(f.list?.pattern, `${p}/list/pattern`, out);
  f.table?.fields.forEach((c, j) => checkPattern(c.pattern, `${p}/table/fields/${j}/pattern`, out));
  const tableKeys = (f.table?.fields ?? []).map((c) => c.key);
  if (new Set(tableKeys).size !== tableKeys.length)
    out.push({ pointer: `${p}/table/fields`, message: 'duplicate column keys' });
  if (f.component === 'TableInput' && !f.table) out.push({ pointer: p, message: 'TableInput needs table.fields' });
  if (f.list && f.component !== 'ListInput')
    out.push({ pointer: `${p}/list`, message: 'list options need component ListInput' });
  if (f.min !== undefined && f.max !== undefined && f.min > f.max)
    out.push({ pointer: `${p}/min`, message: 'min > max' });
}

/** Cross-checks a form or prompt document. */
export const checkFormDocument: DocumentChecker = (raw, ctx) => {
  const doc = raw as Partial<FormDocument>;
  const out: CheckProblem[] = [];
  const fields = Array.isArray(doc.fields) ? doc.fields : [];
  const keys = new Set<string>();
  fields.forEach((f, i) => {
    for (const [key, pointer] of [
      [f.key, `/fields/${i}/key`],
      [f.addon?.key, `/fields/${i}/addon/key`],
    ] as const) {
      if (key === undefined) continue;
      if (keys.has(key)) out.push({ pointer, message: `duplicate key ${key}` });
      keys.add(key);
    }
  });
  const byKey = new Map(fields.map((f) => [f.key, f]));
  fields.forEach((f, i) => checkField(f, `/fields/${i}`, byKey, ctx, out));
  if (doc.schema?.id !== undefined && doc.schema.id !== ctx.name)
    out.push({ pointer: '/schema/id', message: `schema id ${doc.schema.id} differs from the file name ${ctx.name}` });
  for (const key of placeholderKeys(doc.endpoint ?? ''))
    if (key !== 'id' && !keys.has(key))
      out.push({ pointer: '/endpoint', message: `placeholder {${key}} names no field` });
  (doc.requireChange ?? []).forEach((key, i) => {
    if (!byKey.has(key)) out.push({ pointer: `/requireChange/${i}`, message: `requireChange names no field ${key}` });
  });
  for (const key of Object.keys(doc.schema?.defaults ?? {}))
    if (!keys.has(key)) out.push({ pointer: `/schema/defaults/${key}`, message: `default for unknown key ${key}` });
  return out;
};

/** Cross-checks a lookup document. */
export const checkLookupDocument: DocumentChecker = (raw) => {
  const doc = raw as { path?: string };
  return doc.path && /[{}]/.test(doc.path) ? [{ pointer: '/path', message: 'a lookup path has no placeholders' }] : [];
};
