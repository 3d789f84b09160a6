import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the trigger. */
  label: string;
  trigger: ReactNode;
  children: ReactNode;
  className?: string;
  panelLabel?: string;
}

/** A header dropdown: button with aria-expanded, closes on Esc (focus back) and outside clicks. */
export function Dropdown({ open, onOpenChange, label, trigger, children, className, panelLabel }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onOpenChange(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    rootRef.current?.addEventListener('keydown', onKey);
    const root = rootRef.current;
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      root?.removeEventListener('keydown', onKey);
    };
  }, [open, onOpenChange]);

  return (
    <div className={`dropdown ${className ?? ''}`} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="header-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
      >
        {trigger}
      </button>
      <div id={panelId} className="dropdown-panel" role="region" aria-label={panelLabel ?? label} hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}
