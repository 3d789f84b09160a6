import { listJsonFiles } from '../../engine/schema/load-fs';
import { DOCUMENT_KINDS } from '../../engine/schema/document-source';
import type { Change, DocumentStore } from './store';

// The files under schemas/ are the built-in versions that seed the store. A
// document nobody has published since its last seed follows its file (a changed
// built-in arrives as a new "seed" version); once a product owner has published,
// the store's version wins and the file is left alone.

const BUILT_IN = { id: null, email: 'built-in' } as const;

export async function seedDocuments(store: DocumentStore, schemasDir: string): Promise<void> {
  await store.fresh();
  const changes: Change[] = [];
  for (const kind of DOCUMENT_KINDS) {
    for (const file of listJsonFiles(schemasDir, kind)) {
      const document = JSON.parse(file.text) as Record<string, unknown>;
      const current = store.get(kind, file.name);
      const edited = current && current.updated_by !== BUILT_IN.email;
      if (edited || (current && JSON.stringify(current.document) === JSON.stringify(document))) continue;
      changes.push({
        kind,
        name: file.name,
        document,
        expected: current?.version ?? 0,
        author: BUILT_IN,
        action: 'seed',
      });
    }
  }
  try {
    await store.publishAll(changes);
  } catch {
    // Another instance seeded the same documents at the same moment.
    await store.fresh();
  }
}
