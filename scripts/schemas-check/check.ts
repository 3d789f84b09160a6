// The schema check: every document under schemas/ through the engine's document check
// (engine/schema/check-text.ts: meta-schema named by "$schema", safety rules,
// cross-checks, duplicate JSON keys), the same check the server runs before it
// publishes a document. Returns the problems as {file, pointer, message}.
import { dirname, join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { checkDocumentText } from '../../engine/schema/check-text';
import { listJsonFiles } from '../../engine/schema/load-fs';
import { createAjv } from '../../engine/validators/ajv';

export interface Problem {
  file: string;
  pointer: string;
  message: string;
}

export function checkSchemas(rootDir: string): Problem[] {
  const files = listJsonFiles(rootDir);
  const problems: Problem[] = [];
  const ajv = createAjv();
  const metaByPath = new Map<string, ValidateFunction>();
  for (const f of files.filter((x) => x.folder === '' && x.file.endsWith('.schema.json'))) {
    try {
      const schema = JSON.parse(f.text) as { $id?: string };
      ajv.addSchema(schema, schema.$id ?? f.file);
      metaByPath.set(f.file, ajv.getSchema(schema.$id ?? f.file)!);
    } catch (e) {
      problems.push({ file: f.file, pointer: '/', message: `meta-schema does not load: ${(e as Error).message}` });
    }
  }
  const names: Record<string, Set<string>> = {};
  for (const f of files) if (f.folder) (names[f.folder] ??= new Set()).add(f.name);
  const env = { metaSchema: (path: string) => metaByPath.get(path), names };
  for (const f of files.filter((x) => x.folder !== ''))
    for (const p of checkDocumentText(f, env)) problems.push({ file: f.file, ...p });
  return problems;
}

export const defaultSchemasDir = join(dirname(new URL(import.meta.url).pathname), '../../schemas');
