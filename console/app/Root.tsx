import { Outlet } from 'react-router-dom';
import { ModalHost } from '../../renderer/modals/ModalHost';
import { UpdatePrompt } from '../layout/UpdatePrompt';

/** Hosts every route: the modal host lives inside the router so forms can navigate. */
export function Root() {
  return (
    <>
      <Outlet />
      <ModalHost />
      <UpdatePrompt />
    </>
  );
}
