import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import type { DocumentKind } from '../../engine/schema/document-source';
import { session } from '../../engine/session/user';
import { dropDraft, listDrafts, saveDraft, type DraftRow } from './api';

// Drafts that survive: what the product owner has typed is saved on the server as they
// work (per user and document, a moment after the last change), so the studio opened
// again restores it; other owners' drafts of the same document are listed ("draft by
// … since …").

const SAVE_AFTER_MS = 1500;

export function useServerDraft(
  kind: DocumentKind,
  name: string,
  text: string | undefined,
  published: { text: string; version: number } | undefined,
): DraftRow[] {
  const saved = useRef<string>(undefined);
  const userId = useSnapshot(session).user?.id;
  const [others, setOthers] = useState<DraftRow[]>([]);

  useEffect(() => {
    let live = true;
    listDrafts(kind, name)
      .then((rows) => live && setOthers(rows.filter((row) => row.author_id !== userId)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [kind, name, userId, published?.version]);

  useEffect(() => {
    if (text === undefined || !published) return;
    // Nothing to keep: the text is what it was loaded as, or what was last saved.
    if (saved.current === undefined) saved.current = text;
    if (text === saved.current) return;
    const timer = setTimeout(() => {
      saved.current = text;
      // Back to the published text: no draft is left to restore.
      const done = text === published.text ? dropDraft(kind, name) : saveDraft(kind, name, text, published.version);
      done.catch(() => undefined);
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [kind, name, text, published]);

  return others;
}
