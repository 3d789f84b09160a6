import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden], [inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * APG dialog pattern: while active, focus moves into the container (the first
 * field, else the container itself), Tab and Shift+Tab cycle inside it, and
 * focus returns to the element that had it when the trap ends.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const previous = document.activeElement as HTMLElement | null;
    // Initial focus: the autofocus element, else the first field of the body. Lazily
    // loaded content arrives later, so the dialog holds focus until it does.
    const initialTarget = (): HTMLElement | undefined => {
      const auto = root.querySelector<HTMLElement>('[data-autofocus]');
      if (auto) return auto;
      const body = root.querySelector<HTMLElement>('.modal__body');
      return (body && focusableIn(body)[0]) ?? undefined;
    };
    let observer: MutationObserver | undefined;
    if (!root.contains(document.activeElement)) {
      const target = initialTarget();
      (target ?? root).focus();
      if (!target) {
        observer = new MutationObserver(() => {
          const next = initialTarget();
          if (!next) return;
          if (document.activeElement === root) next.focus();
          observer?.disconnect();
        });
        observer.observe(root, { childList: true, subtree: true });
      }
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusableIn(root);
      if (items.length === 0) {
        event.preventDefault();
        root.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const current = document.activeElement;
      if (event.shiftKey && (current === first || !root.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !root.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes (a click on the page behind) is pulled back in.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (target && !root.contains(target) && !(target as Element).closest?.('.modal, .toast-host, .modal-dock')) {
        (focusableIn(root)[0] ?? root).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer?.disconnect();
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      if (previous && previous.isConnected && !root.contains(previous)) {
        // Return focus only if it would otherwise be lost.
        if (!document.activeElement || document.activeElement === document.body || !root.isConnected) {
          previous.focus();
        }
      }
    };
  }, [ref, active]);
}
