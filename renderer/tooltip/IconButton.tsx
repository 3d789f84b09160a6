import type { ButtonHTMLAttributes } from 'react';
import { Tooltip } from './Tooltip';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'title' | 'type'> {
  /** The button's accessible name (aria-label) and its tooltip. */
  label: string;
}

/** An icon-only button: named by its label for screen readers, with the label as its tooltip. */
export function IconButton({ label, children, ...props }: Props) {
  return (
    <Tooltip content={label}>
      <button type="button" aria-label={label} {...props}>
        {children}
      </button>
    </Tooltip>
  );
}
