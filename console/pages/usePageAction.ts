// Runs a page action. The action code (engine/pages/actions, the request
// pipeline, the console's action environment) loads on the first action, not
// with the page: a list shows its rows without it (first-load budget, issue 10).
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActionResult, ActionTarget } from '../../engine/pages/actions';
import type { PageAction } from '../../engine/pages/types';

export type RunPageAction = (action: PageAction, target: ActionTarget) => Promise<ActionResult>;

/** The page's action runner; `reload` is what a finished action that changed data calls. */
export function usePageAction(reload: () => void): RunPageAction {
  const navigate = useNavigate();
  return useCallback(
    async (action, target) => {
      const [{ runAction }, { pageEnvironment }] = await Promise.all([
        import('../../engine/pages/actions'),
        import('./environment'),
      ]);
      return runAction(action, target, pageEnvironment(navigate, reload));
    },
    [navigate, reload],
  );
}
