// Browser (and vitest) side of the document registry: every JSON file under
// schemas/forms, schemas/prompts and schemas/lookups is a lazily loaded chunk, so
// adding a file adds a form with no code change. The Node side is load-fs.ts.
import type { FormDocument, LookupDocument, PromptDocument } from './types';

type Loaders<T> = Record<string, () => Promise<T>>;

const forms = import.meta.glob<FormDocument>('../../schemas/forms/*.json', { import: 'default' });
const prompts = import.meta.glob<PromptDocument>('../../schemas/prompts/*.json', { import: 'default' });
const lookups = import.meta.glob<LookupDocument>('../../schemas/lookups/*.json', { import: 'default' });

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);

function byName<T>(loaders: Loaders<T>): Map<string, () => Promise<T>> {
  return new Map(Object.entries(loaders).map(([path, load]) => [nameOf(path), load]));
}

const formLoaders = byName(forms);
const promptLoaders = byName(prompts);
const lookupLoaders = byName(lookups);

async function load<T>(map: Map<string, () => Promise<T>>, name: string): Promise<T | undefined> {
  const loader = map.get(name);
  return loader ? loader() : undefined;
}

/** The form document schemas/forms/<name>.json, or undefined when there is none. */
export const loadFormDocument = (name: string) => load(formLoaders, name);
export const loadPromptDocument = (name: string) => load(promptLoaders, name);
export const loadLookupDocument = (name: string) => load(lookupLoaders, name);

/** Names of every registered form, sorted. */
export const formNames = (): string[] => [...formLoaders.keys()].sort();
export const promptNames = (): string[] => [...promptLoaders.keys()].sort();
export const lookupNames = (): string[] => [...lookupLoaders.keys()].sort();
