// Buttons for page actions the user is permitted to run.
import { useSnapshot } from 'valtio/react';
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
}

export function useAllowed<T extends { permission?: string | string[]; permissionMode?: 'every' | 'some' }>(
  items: readonly T[] | undefined,
): T[] {
  const { user } = useSnapshot(session);
  return allowedItems(user as Parameters<typeof allowedItems>[0], items);
}

export function ActionButtons({ actions, onRun, disabled, context, className = 'page-actions' }: Props) {
  const permitted = useAllowed(actions);
  if (!permitted.length) return null;
  return (
    <div className={className}>
      {permitted.map((action) => (
        <button
          key={action.key}
          type="button"
          className={action.tone === 'danger' ? 'fc-btn page-danger' : 'fc-btn'}
          disabled={disabled}
          aria-label={context ? `${action.label} ${context}` : undefined}
          onClick={() => onRun(action)}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
