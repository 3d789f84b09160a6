import { useEffect, useState } from 'react';

/** What load(key) resolves to, for the current key only (undefined while it loads). */
export function useLoaded<K, T>(key: K | undefined, load: (key: K) => Promise<T>): T | undefined {
  const [loaded, setLoaded] = useState<{ key: K; value: T }>();
  useEffect(() => {
    if (key === undefined) return;
    let live = true;
    void load(key).then((value) => live && setLoaded({ key, value }));
    return () => {
      live = false;
    };
  }, [key, load]);
  return loaded && loaded.key === key ? loaded.value : undefined;
}
