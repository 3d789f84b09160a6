import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the trigger. */
  label: string;
  trigger: ReactNode;
  children: ReactNode;
  className?: string;
  panelLabel?: string;
  /** The trigger button, for callers that give focus back to it (after a dialog opened from the panel). */
  triggerRef?: RefObject<HTMLButtonElement | null>;
}

/** A header dropdown: button with aria-expanded, closes on Esc (focus back), outside clicks and focus leaving it. */
export function Dropdown({ open, onOpenChange, label, trigger, children, className, panelLabel, triggerRef }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const ownButtonRef = useRef<HTMLButtonElement>(null);
  const buttonRef = triggerRef ?? ownButtonRef;
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
    // Tabbing past the panel closes it (a click inside that blurs to nothing keeps it open).
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !rootRef.current?.contains(next)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointer);
    const root = rootRef.current;
    root?.addEventListener('keydown', onKey);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      root?.removeEventListener('keydown', onKey);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [open, onOpenChange, buttonRef]);

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
