import { Suspense, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { closeModal, focusModal, minimizeModal, toggleFullscreen, type ModalEntry } from '../../engine/stores/modals';
import { t } from '../../engine/i18n/i18n';
import { useDrag } from '../hooks/useDrag';
import { useFocusTrap } from '../hooks/useFocusTrap';
import { modalHelpUrl } from './help-site';
import { IconButton } from '../tooltip/IconButton';

/**
 * One dialog of the stack: header (title, subtitle, a Help link for a helpLinkKey with a help page, controls,
 * drag handle) and body; disableSelection keeps its text from being selected.
 */
export function ModalFrame({ entry, children }: { entry: ModalEntry; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const subtitleId = useId();
  useFocusTrap(ref, entry.mainModal && !entry.minimized);
  const { offset, handlers } = useDrag(ref, !entry.fullscreen);
  const classes = ['modal'];
  if (entry.mainModal) classes.push('modal--main');
  if (entry.fullscreen) classes.push('modal--fullscreen');
  if (entry.noPadding) classes.push('modal--no-padding');
  const help = modalHelpUrl(entry.helpLinkKey);
  const style: CSSProperties = {};
  if (offset.x || offset.y) style.transform = `translate(${offset.x}px, ${offset.y}px)`;
  if (entry.disableSelection) style.userSelect = 'none';

  return (
    <div
      ref={ref}
      className={classes.join(' ')}
      role="dialog"
      aria-modal={entry.mainModal ? 'true' : undefined}
      aria-labelledby={entry.title && !entry.hideHeader ? titleId : undefined}
      aria-label={entry.hideHeader || !entry.title ? (entry.title ?? 'Dialog') : undefined}
      aria-describedby={entry.subtitle && !entry.hideHeader ? subtitleId : undefined}
      data-modal-id={entry.id}
      tabIndex={-1}
      hidden={entry.minimized}
      style={style}
      onPointerDownCapture={() => !entry.mainModal && focusModal(entry.id)}
    >
      {!entry.hideHeader && (
        <div className="modal__header" {...handlers}>
          <div className="modal__titles">
            <h2 id={titleId} className="modal__title">
              {entry.title}
            </h2>
            {entry.subtitle && (
              <p id={subtitleId} className="modal__subtitle">
                {entry.subtitle}
              </p>
            )}
          </div>
          {help && (
            <a className="modal__help" href={help} target="_blank" rel="noopener noreferrer">
              {t('Help')}
            </a>
          )}
          {!entry.hideHeaderControls && (
            <div className="modal__controls">
              {!entry.minimizeDisable && (
                <IconButton label="Minimize" className="modal__control" onClick={() => minimizeModal(entry.id)}>
                  <span aria-hidden="true">–</span>
                </IconButton>
              )}
              {entry.fullScreenControl && (
                <IconButton
                  label={entry.fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
                  className="modal__control"
                  aria-pressed={entry.fullscreen}
                  onClick={() => toggleFullscreen(entry.id)}
                >
                  <span aria-hidden="true">{entry.fullscreen ? '❐' : '□'}</span>
                </IconButton>
              )}
              <IconButton label="Close" className="modal__control" onClick={() => closeModal(entry.id)}>
                <span aria-hidden="true">×</span>
              </IconButton>
            </div>
          )}
        </div>
      )}
      <div className="modal__body">
        <Suspense fallback={<p className="modal__loading">Loading…</p>}>{children}</Suspense>
      </div>
    </div>
  );
}
