// Browser side of the page registry: one lazily loaded chunk per page document
// (schemas/pages/<name>.json; the name is the route's page key).
import type { PageDocument } from './types';

const loaders = import.meta.glob<PageDocument>('../../schemas/pages/*.json', { import: 'default' });
const byName = new Map(Object.entries(loaders).map(([path, load]) => [path.replace(/^.*\/|\.json$/g, ''), load]));

export function pageNames(): string[] {
  return [...byName.keys()].sort();
}

export async function loadPageDocument(name: string): Promise<PageDocument | undefined> {
  const load = byName.get(name);
  return load ? load() : undefined;
}
