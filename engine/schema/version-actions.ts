// The change each version of a stored document made (the document store's
// seed, publish and revert), as the studio's history names it; the labels are
// English catalogue keys the console translates.

export const DOCUMENT_VERSION_ACTIONS = ['seed', 'publish', 'revert'] as const;
export type DocumentVersionAction = (typeof DOCUMENT_VERSION_ACTIONS)[number];

export const VERSION_ACTION_LABELS: Readonly<Record<DocumentVersionAction, string>> = {
  seed: 'Built in',
  publish: 'Published',
  revert: 'Reverted',
};

/** The label of a version's action; an unknown action is shown as it is. */
export function versionActionLabel(action: string): string {
  return Object.hasOwn(VERSION_ACTION_LABELS, action) ? VERSION_ACTION_LABELS[action as DocumentVersionAction] : action;
}
