import type { DocumentKind } from '../../engine/schema/document-source';
import { documentText } from '../../engine/schema/document-text';
import { forgetDocument } from '../../engine/schema/registry';
import { showToast } from '../../engine/stores/toasts';
import { publish } from './api';

// Publishing the document a placement changes (a page given an action, the side menu given an
// entry): written as the studio writes documents, from the version it was read at; on success
// the registry forgets its copy (the console reads the new one), else the error toast says so.

/** The new version, or undefined (the `refused` toast shown) when it was published meanwhile or has problems. */
export async function publishPlacement(
  kind: DocumentKind,
  name: string,
  document: object,
  version: number,
  refused: string,
): Promise<number | undefined> {
  const result = await publish(kind, name, JSON.parse(documentText(document)), version);
  if (result.status !== 'published') {
    showToast({ message: refused, type: 'error' });
    return undefined;
  }
  forgetDocument(kind, name);
  return result.version;
}
