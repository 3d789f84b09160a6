// Buttons for page actions the user is permitted to run.
import { useId } from 'react';
import { useSnapshot } from 'valtio/react';
import { refusalOf } from '../../engine/pages/row-actions';
import { showToast } from '../../engine/stores/toasts';
import { session } from '../../engine/session/user';
import { allowedItems } from '../../engine/pages/permissions';
import type { PageAction } from '../../engine/pages/types';

interface Props {
  actions: readonly PageAction[] | undefined;
  onRun: (action: PageAction) => void;
  disabled?: boolean;
  /** Appended to each accessible name (row actions name their row). */
  context?: string;
  className?: string;
  /** The row of row actions: an action the server would refuse on it says why instead of running. */
  row?: Record<string, unknown>;
}

export function useAllowed<T extends { permission?: string | string[]; permissionMode?: 'every' | 'some' }>(
  items: readonly T[] | undefined,
): T[] {
  const { user } = useSnapshot(session);
  return allowedItems(user as Parameters<typeof allowedItems>[0], items);
}

export function ActionButtons({ actions, onRun, disabled, context, className = 'page-actions', row }: Props) {
  const permitted = useAllowed(actions);
  const baseId = useId();
  if (!permitted.length) return null;
  return (
    <div className={className}>
      {permitted.map((action) => {
        const refusal = refusalOf(action, row);
        const reasonId = `${baseId}-${action.key}`;
        return (
          <span key={action.key} className={refusal ? 'action-refused' : undefined}>
            <button
              type="button"
              className={action.tone === 'danger' ? 'fc-btn page-danger' : 'fc-btn'}
              disabled={disabled}
              aria-disabled={refusal ? true : undefined}
              aria-describedby={refusal ? reasonId : undefined}
              title={refusal}
              aria-label={context ? `${action.label} ${context}` : undefined}
              onClick={() => (refusal ? showToast({ message: refusal, type: 'info' }) : onRun(action))}
            >
              {action.label}
            </button>
            {refusal && (
              <span id={reasonId} className="action-refusal">
                {refusal}
              </span>
            )}
          </span>
        );
      })}
    </div>
  );
}
