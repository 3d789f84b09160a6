import { useEffect, useState } from 'react';
import { currentLanguage, t } from '../../engine/i18n/i18n';
import { loadFormDocument } from '../../engine/schema/registry';
import { localFormDocument } from '../../engine/schema/translate-form';
import type { FormDocument } from '../../engine/schema/types';

/**
 * Loads a registered form document in the interface language (its own
 * translations, then the catalogue): undefined while loading, null when there is none.
 */
export function useFormDocument(name: string): FormDocument | null | undefined {
  const [doc, setDoc] = useState<{ name: string; doc: FormDocument | null }>();
  useEffect(() => {
    let live = true;
    loadFormDocument(name)
      .then((loaded) => live && setDoc({ name, doc: loaded ? localFormDocument(loaded, currentLanguage(), t) : null }))
      .catch(() => live && setDoc({ name, doc: null }));
    return () => {
      live = false;
    };
  }, [name]);
  return doc?.name === name ? doc.doc : undefined;
}
