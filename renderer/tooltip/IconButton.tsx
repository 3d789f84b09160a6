import type { ButtonHTMLAttributes } from 'react';
import { Tooltip } from './Tooltip';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'title' | 'type'> {
  /** The button's accessible name (aria-label) and its tooltip. */
  label: string;
}

/**
 * An icon-only button: named by its label for screen readers, with the label as its tooltip. Disabled, it is
 * `aria-disabled` rather than `disabled`: the browser sends a disabled button no pointer events, so its tooltip
 * (the only visible name of an icon) would never show, and a focused button that becomes disabled (the last
 * "Next page") would drop the focus. It leaves the tab order and ignores clicks instead.
 */
export function IconButton({ label, children, disabled, onClick, tabIndex, ...props }: Props) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        aria-disabled={disabled || undefined}
        tabIndex={disabled ? -1 : tabIndex}
        onClick={disabled ? undefined : onClick}
        {...props}
      >
        {children}
      </button>
    </Tooltip>
  );
}
