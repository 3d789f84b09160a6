// The check of one document's JSON text, as schemas:check and the server's document
// store run it: JSON syntax, duplicate keys, the meta-schema its "$schema" names, the
// safety rules (texts without HTML, links without scripts, a bounded size), then the
// folder's cross-checker. DOM-free: the caller supplies the compiled meta-schemas.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { CheckContext, CheckProblem } from './check-document';
import { checkDocumentSafety, depthProblem } from './document-safety';
import { crossCheckers } from './checkers';
import { findDuplicateKeys } from './json-duplicates';

export interface DocumentText {
  /** Path under schemas/, e.g. forms/new-tag.json. */
  file: string;
  /** Folder (document kind): forms, prompts, lookups, pages, menus. */
  folder: string;
  /** Document name (file name without .json). */
  name: string;
  text: string;
}

export interface CheckEnvironment {
  /** The compiled meta-schema at a path under schemas/ (e.g. form.schema.json). */
  metaSchema(path: string): ValidateFunction | undefined;
  /** Names of the documents in each folder, for the cross-checks. */
  names: CheckContext['names'];
}

function ajvProblem(e: ErrorObject): CheckProblem {
  if (e.keyword === 'additionalProperties') {
    const prop = (e.params as { additionalProperty: string }).additionalProperty;
    return { pointer: `${e.instancePath}/${prop}`, message: `unknown property ${prop}` };
  }
  if (e.keyword === 'required') {
    const prop = (e.params as { missingProperty: string }).missingProperty;
    return { pointer: e.instancePath || '/', message: `missing required property ${prop}` };
  }
  const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
  return {
    pointer: e.instancePath || '/',
    message: `${e.message ?? e.keyword}${allowed ? `: ${allowed.map((a) => JSON.stringify(a)).join(', ')}` : ''}`,
  };
}

/** Resolves a relative "$schema" against the document's folder: forms + ../form.schema.json → form.schema.json. */
export function resolveSchemaPath(file: string, ref: string): string {
  const parts = file.split('/').slice(0, -1);
  for (const segment of ref.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/** Every problem of one document, each with the JSON pointer it is at. */
export function checkDocumentText(input: DocumentText, env: CheckEnvironment): CheckProblem[] {
  let doc: unknown;
  try {
    doc = JSON.parse(input.text);
  } catch (e) {
    return [{ pointer: '/', message: `invalid JSON: ${(e as Error).message}` }];
  }
  const tooDeep = depthProblem(doc);
  if (tooDeep) return [tooDeep];
  const problems: CheckProblem[] = findDuplicateKeys(input.text).map((d) => ({
    pointer: d.pointer,
    message: `duplicate key ${d.key}`,
  }));
  const ref = doc && typeof doc === 'object' ? (doc as { $schema?: unknown }).$schema : undefined;
  if (typeof ref !== 'string')
    return [...problems, { pointer: '/$schema', message: 'missing "$schema" naming the meta-schema' }];
  const path = resolveSchemaPath(input.file, ref);
  // A folder holds one kind: a forms document is a form, whatever else it says it is.
  const own = `${input.folder.replace(/s$/, '')}.schema.json`;
  if (input.folder in crossCheckers && path !== own)
    return [...problems, { pointer: '/$schema', message: `a document in ${input.folder}/ names ../${own}` }];
  const validate = env.metaSchema(path);
  if (!validate) return [...problems, { pointer: '/$schema', message: `no meta-schema at ${path}` }];
  if (!validate(doc)) {
    const seen = new Set<string>();
    for (const e of validate.errors ?? []) {
      const p = ajvProblem(e);
      const k = `${p.pointer}|${p.message}`;
      if (!seen.has(k)) problems.push(p);
      seen.add(k);
    }
    return problems;
  }
  problems.push(...checkDocumentSafety(doc, input.text.length));
  const checker = crossCheckers[input.folder];
  const ctx: CheckContext = { file: input.file, name: input.name, names: env.names };
  return checker ? [...problems, ...checker(doc, ctx)] : problems;
}
