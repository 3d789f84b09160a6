import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useSnapshot } from 'valtio/react';
import { modals } from '../../engine/stores/modals';
import { UpdatePrompt } from '../layout/UpdatePrompt';

// The modal host (and its styles) loads with the first dialog: the first paint has none.
const ModalHost = lazy(() => import('../../renderer/modals/ModalHost').then((m) => ({ default: m.ModalHost })));

function Modals() {
  const { stack } = useSnapshot(modals);
  return stack.length ? (
    <Suspense fallback={null}>
      <ModalHost />
    </Suspense>
  ) : null;
}

/** Hosts every route: the modal host lives inside the router so forms can navigate. */
export function Root() {
  return (
    <>
      <Outlet />
      <Modals />
      <UpdatePrompt />
    </>
  );
}
