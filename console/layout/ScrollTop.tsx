import { useEffect, useState } from 'react';
import { t } from '../../engine/i18n/i18n';
import { Icon } from './icons';

/** Appears after scrolling more than 300 px (shell spec §9). */
export const SCROLL_TOP_AFTER = 300;

export function ScrollTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_AFTER);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={t('Scroll to top')}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        // The button goes away at the top: keyboard focus moves to the start of the content, not to the page body.
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <Icon name="up" />
    </button>
  );
}
