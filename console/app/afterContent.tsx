import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { afterFirstContent } from '../../engine/pages/first-content';

/**
 * A component the first paint does not need (a header widget): its module
 * loads once the first page has shown its content (engine/pages/first-content)
 * and it renders nothing until then, so its script is not part of the first load.
 */
export function afterContent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let ready = false;
  const Lazy = lazy(async () => {
    const component = await load();
    ready = true;
    return { default: component };
  });
  function AfterContent(props: P) {
    const [show, setShow] = useState(ready);
    useEffect(() => {
      if (show) return;
      let live = true;
      void afterFirstContent().then(() => {
        if (live) setShow(true);
      });
      return () => {
        live = false;
      };
    }, [show]);
    return show ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    ) : null;
  }
  return AfterContent;
}
