import type { ValidateFunction } from 'ajv';
import type { CheckProblem } from '../../engine/schema/check-document';
import { checkDocumentText } from '../../engine/schema/check-text';
import { depthProblem } from '../../engine/schema/document-safety';
import type { DocumentKind } from '../../engine/schema/document-source';
import { documentText } from '../../engine/schema/document-text';
import { loadMetaSchemas } from '../../engine/schema/load-fs';
import { createAjv } from '../../engine/validators/ajv';
import { ApiError } from '../http/envelope';
import type { DocumentStore } from './store';

// The checks a document passes before it is published: the same code as
// `npm run schemas:check` (engine/schema/check-text.ts), with the names of the
// published documents for the cross-checks. A document is checked as the studio
// writes it (engine/schema/document-text.ts), so a publish and the studio's check
// of the same document agree.

const compiled = new Map<string, Map<string, ValidateFunction>>();

function metaSchemas(schemasDir: string): Map<string, ValidateFunction> {
  let byPath = compiled.get(schemasDir);
  if (byPath) return byPath;
  const ajv = createAjv();
  byPath = new Map();
  for (const { file, schema } of loadMetaSchemas(schemasDir)) {
    const id = (schema.$id as string | undefined) ?? file;
    ajv.addSchema(schema, id);
    byPath.set(file, ajv.getSchema(id)!);
  }
  compiled.set(schemasDir, byPath);
  return byPath;
}

/** Every problem of a document's JSON text, each at its JSON pointer. */
export async function documentProblems(
  schemasDir: string,
  store: DocumentStore,
  kind: DocumentKind,
  name: string,
  text: string,
): Promise<CheckProblem[]> {
  await store.fresh();
  const names = store.names();
  names[kind].add(name);
  const meta = metaSchemas(schemasDir);
  return checkDocumentText(
    { file: `${kind}/${name}.json`, folder: kind, name, text },
    { metaSchema: (p) => meta.get(p), names },
  );
}

/** 422 with one error per problem, its source the JSON pointer, unless the document passes. */
export async function assertPublishable(
  schemasDir: string,
  store: DocumentStore,
  kind: DocumentKind,
  name: string,
  document: unknown,
): Promise<void> {
  const tooDeep = depthProblem(document);
  const problems = tooDeep ? [tooDeep] : await documentProblems(schemasDir, store, kind, name, documentText(document));
  if (problems.length)
    throw new ApiError(
      422,
      problems.map((p) => ({ code: 'VALIDATION_ERROR', message: p.message, source: p.pointer })),
    );
}
