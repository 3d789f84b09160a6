import { useEffect, useState } from 'react';
import { currentLanguage, t } from '../../engine/i18n/i18n';

/** The title of the form document a /forms/:name route shows, translated (undefined while loading or unknown). */
export function useFormTitle(name: string | undefined): string | undefined {
  const [loaded, setLoaded] = useState<{ name: string; title?: string }>();
  useEffect(() => {
    if (!name) return;
    let live = true;
    // The document registry (every form's loader) loads with the first /forms route, not the first paint.
    Promise.all([import('../../engine/schema/registry'), import('../../engine/schema/translate-form')])
      .then(async ([{ loadFormDocument }, { documentTranslator }]) => {
        const doc = await loadFormDocument(name);
        return doc && documentTranslator(doc, currentLanguage(), t)(doc.title);
      })
      .then((title) => live && setLoaded({ name, title }))
      .catch(() => live && setLoaded({ name }));
    return () => {
      live = false;
    };
  }, [name]);
  return name && loaded?.name === name ? loaded.title : undefined;
}
