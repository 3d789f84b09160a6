import { useSnapshot } from 'valtio/react';
import { session, type SessionUser } from '../../engine/session/user';
import type { Access } from '../../engine/routes/route-index';
import { theme } from '../theme/theme';

/** The current user's access (session user and the theme's disabled routes). */
export function useAccess(): Access {
  const snap = useSnapshot(session);
  return { user: snap.user as SessionUser | null, disabledRoutes: theme.disabledRoutes };
}

export function useSessionUser(): SessionUser | null {
  return useSnapshot(session).user as SessionUser | null;
}
