import { useEffect, useState } from 'react';

/** The title of the form document a /forms/:name route shows (undefined while loading or unknown). */
export function useFormTitle(name: string | undefined): string | undefined {
  const [loaded, setLoaded] = useState<{ name: string; title?: string }>();
  useEffect(() => {
    if (!name) return;
    let live = true;
    // The document registry (every form's loader) loads with the first /forms route, not the first paint.
    import('../../engine/schema/registry')
      .then(({ loadFormDocument }) => loadFormDocument(name))
      .then((doc) => live && setLoaded({ name, title: doc?.title }))
      .catch(() => live && setLoaded({ name }));
    return () => {
      live = false;
    };
  }, [name]);
  return name && loaded?.name === name ? loaded.title : undefined;
}
