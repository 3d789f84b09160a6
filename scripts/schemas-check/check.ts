// The schema check: every document under schemas/ against the meta-schema named by its
// "$schema", then the folder's cross-checker and duplicate JSON keys. Returns the
// problems as {file, pointer, message}.
import { dirname, join, posix, relative, resolve } from 'node:path';
import type { ErrorObject } from 'ajv';
import type { CheckContext, DocumentChecker } from '../../engine/schema/check-document';
import { findDuplicateKeys } from '../../engine/schema/json-duplicates';
import { listJsonFiles } from '../../engine/schema/load-fs';
import { createAjv } from '../../engine/validators/ajv';

export interface Problem {
  file: string;
  pointer: string;
  message: string;
}

function ajvProblem(e: ErrorObject): { pointer: string; message: string } {
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

export function checkSchemas(rootDir: string, checkers: Record<string, DocumentChecker>): Problem[] {
  const files = listJsonFiles(rootDir);
  const problems: Problem[] = [];
  const ajv = createAjv();
  const metaByPath = new Map<string, string>();
  for (const f of files.filter((x) => x.folder === '' && x.file.endsWith('.schema.json'))) {
    try {
      const schema = JSON.parse(f.text) as { $id?: string };
      const id = schema.$id ?? f.file;
      ajv.addSchema(schema, id);
      metaByPath.set(resolve(rootDir, f.file), id);
    } catch (e) {
      problems.push({ file: f.file, pointer: '/', message: `meta-schema does not load: ${(e as Error).message}` });
    }
  }
  const names: Record<string, Set<string>> = {};
  for (const f of files) if (f.folder) (names[f.folder] ??= new Set()).add(f.name);

  for (const f of files.filter((x) => x.folder !== '')) {
    const add = (pointer: string, message: string) => problems.push({ file: f.file, pointer, message });
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(f.text) as Record<string, unknown>;
    } catch (e) {
      add('/', `invalid JSON: ${(e as Error).message}`);
      continue;
    }
    for (const d of findDuplicateKeys(f.text)) add(d.pointer, `duplicate key ${d.key}`);
    if (typeof doc.$schema !== 'string') {
      add('/$schema', 'missing "$schema" naming the meta-schema');
      continue;
    }
    const metaPath = resolve(rootDir, dirname(f.file), doc.$schema);
    const id = metaByPath.get(metaPath);
    const validate = id ? ajv.getSchema(id) : undefined;
    if (!validate) {
      add('/$schema', `no meta-schema at ${relative(rootDir, metaPath).split('\\').join(posix.sep)}`);
      continue;
    }
    if (!validate(doc)) {
      const seen = new Set<string>();
      for (const e of validate.errors ?? []) {
        const p = ajvProblem(e);
        const k = `${p.pointer}|${p.message}`;
        if (!seen.has(k)) add(p.pointer, p.message);
        seen.add(k);
      }
      continue;
    }
    const checker = checkers[f.folder];
    const ctx: CheckContext = { file: f.file, name: f.name, names };
    for (const p of checker ? checker(doc, ctx) : []) add(p.pointer, p.message);
  }
  return problems;
}

export const defaultSchemasDir = join(dirname(new URL(import.meta.url).pathname), '../../schemas');
