import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { SIDE_MENU } from '../../engine/routes/menu-additions';
import { loadDocument } from '../../engine/schema/registry';
import type { MenuDocument } from '../../engine/schema/types';

/**
 * The side menu's additions (the published menus/side-menu document), read again on each
 * navigation (an unchanged document costs a 304, or nothing within the registry's two seconds),
 * so an entry placed from the studio shows once the owner moves on.
 */
export function useMenuAdditions(): MenuDocument | undefined {
  const { pathname } = useLocation();
  const [additions, setAdditions] = useState<MenuDocument>();
  useEffect(() => {
    let live = true;
    loadDocument('menus', SIDE_MENU).then(
      (doc) => live && setAdditions(doc as MenuDocument | undefined),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [pathname]);
  return additions;
}
