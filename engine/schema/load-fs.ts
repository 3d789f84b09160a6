// Node side of the registry (server and scripts): reads schemas/ from disk.
// The browser side is registry.ts (the server's document store). Synchronous on purpose:
// the server seeds its document store from these files at start-up.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, basename } from 'node:path';
import type { DocumentSource } from './document-source';
import type { FormDocument, LookupDocument, PromptDocument } from './types';

export interface DocumentSet {
  forms: Map<string, FormDocument>;
  prompts: Map<string, PromptDocument>;
  lookups: Map<string, LookupDocument>;
}

export interface JsonFile {
  /** Path relative to rootDir with forward slashes, e.g. forms/new-tag.json. */
  file: string;
  /** Document name: the file name without .json. */
  name: string;
  /** Top folder under rootDir ('' for the meta-schemas themselves). */
  folder: string;
  text: string;
}

/** Every *.json file under rootDir, sorted, with its folder and name. */
export function listJsonFiles(rootDir: string, sub = ''): JsonFile[] {
  const dir = join(rootDir, sub);
  const out: JsonFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listJsonFiles(rootDir, rel));
    else if (entry.name.endsWith('.json')) {
      out.push({
        file: rel,
        name: basename(entry.name, '.json'),
        folder: rel.includes('/') ? rel.split('/')[0] : '',
        text: readFileSync(join(dir, entry.name), 'utf8'),
      });
    }
  }
  return out;
}

function readFolder<T>(rootDir: string, folder: string): Map<string, T> {
  const map = new Map<string, T>();
  if (!existsSync(join(rootDir, folder))) return map;
  for (const f of listJsonFiles(rootDir, folder)) map.set(f.name, JSON.parse(f.text) as T);
  return map;
}

/**
 * Reads forms/, prompts/ and lookups/ under rootDir (the repository's schemas/ folder).
 * @internal Node only, for tests and tooling: the console loads documents over HTTP.
 */
export function loadDocuments(rootDir: string): DocumentSet {
  return {
    forms: readFolder<FormDocument>(rootDir, 'forms'),
    prompts: readFolder<PromptDocument>(rootDir, 'prompts'),
    lookups: readFolder<LookupDocument>(rootDir, 'lookups'),
  };
}

/** The meta-schemas (schemas/*.schema.json) by file name. */
export function loadMetaSchemas(rootDir: string): { file: string; schema: Record<string, unknown> }[] {
  return listJsonFiles(rootDir)
    .filter((f) => f.folder === '' && f.file.endsWith('.schema.json'))
    .map((f) => ({ file: f.file, schema: JSON.parse(f.text) as Record<string, unknown> }));
}

/**
 * The registry's document source over the files under rootDir (tests; the browser asks the server).
 * @internal Node only, for tests and tooling: the console loads documents over HTTP.
 */
export function fileSource(rootDir: string): DocumentSource {
  return async (kind, name) => {
    const path = join(rootDir, kind, `${basename(name)}.json`);
    if (!existsSync(path)) return { status: 'missing' };
    return { status: 'ok', document: JSON.parse(readFileSync(path, 'utf8')) as unknown };
  };
}
