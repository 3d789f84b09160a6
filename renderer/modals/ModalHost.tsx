import { createElement, useEffect } from 'react';
import { useSnapshot } from 'valtio/react';
import { closeMainByEscape, isScrollLocked, modals, restoreModal, type ModalEntry } from '../../engine/stores/modals';
import { ModalFrame } from './ModalFrame';
import { modalComponents } from './registry';
import './modals.css';

function ModalContent({ entry }: { entry: ModalEntry }) {
  const name = entry.prompt ? 'Prompt' : (entry.component ?? 'TextModal');
  return createElement(modalComponents[name], { ...(entry.props ?? {}), modalId: entry.id, entry });
}

/**
 * Renders the modal stack: the dialogs, a backdrop while any is not minimised,
 * a dock of minimised ones, Esc to close the main one, and the page scroll lock.
 */
export function ModalHost() {
  const snap = useSnapshot(modals);
  const stack = snap.stack as ModalEntry[];
  const locked = isScrollLocked(stack);

  useEffect(() => {
    if (!locked) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [locked]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (closeMainByEscape()) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const minimized = stack.filter((m) => m.minimized);
  return (
    <>
      {locked && <div className="modal-backdrop" aria-hidden="true" />}
      <div className="modal-layer">
        {stack.map((entry) => (
          <ModalFrame key={entry.id} entry={entry}>
            <ModalContent entry={entry} />
          </ModalFrame>
        ))}
      </div>
      {minimized.length > 0 && (
        <nav className="modal-dock" aria-label="Minimized windows">
          {minimized.map((entry) => (
            <button
              key={entry.id}
              type="button"
              className="modal-dock__item"
              aria-label={`Restore ${entry.title ?? entry.id}`}
              onClick={() => restoreModal(entry.id)}
            >
              {entry.title ?? entry.id}
            </button>
          ))}
        </nav>
      )}
    </>
  );
}
