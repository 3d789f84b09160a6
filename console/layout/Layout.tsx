import { useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { t } from '../../engine/i18n/i18n';
import { session, type SessionUser } from '../../engine/session/user';
import { Breadcrumbs } from './Breadcrumbs';
import { Header } from './Header';
import { ImpersonationBanner } from './ImpersonationBanner';
import { ScrollTop } from './ScrollTop';
import { SIDEBAR_WIDE_KEY, SideMenu } from './SideMenu';
import { ensureEmail, ensureTermsAccepted } from './sessionPrompts';

function storedWide(): boolean {
  return localStorage.getItem(SIDEBAR_WIDE_KEY) !== '0';
}

let promptsShown = false;

/** Side menu, header and the main area with breadcrumbs (shell spec §2). */
export function Layout() {
  const [wide, setWide] = useState(storedWide);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const user = session.user as SessionUser | null;
    if (!user || promptsShown) return;
    promptsShown = true;
    void ensureTermsAccepted(user)
      .then(() => ensureEmail(user))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!mobileOpen) return;
    // The open mobile menu takes focus on its current entry (or the first) and Esc closes it, focus back on the toggle.
    const nav = document.querySelector<HTMLElement>('#side-menu nav');
    (nav?.querySelector<HTMLElement>('[aria-current="page"]') ?? nav?.querySelector<HTMLElement>('a'))?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMobileOpen(false);
      toggleRef.current?.focus();
    };
    // Tabbing out of the open menu (into the page behind the scrim) closes it.
    const onFocus = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (target && !document.getElementById('side-menu')?.contains(target) && target !== toggleRef.current) {
        setMobileOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [mobileOpen]);

  function toggleWide() {
    setWide((value) => {
      localStorage.setItem(SIDEBAR_WIDE_KEY, value ? '0' : '1');
      return !value;
    });
  }

  return (
    <div className={`app-shell${wide ? '' : ' app-shell--narrow'}`}>
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      <SideMenu wide={wide} onToggleWide={toggleWide} mobileOpen={mobileOpen} onNavigate={() => setMobileOpen(false)} />
      {mobileOpen && <div className="sidebar-scrim" aria-hidden="true" onClick={() => setMobileOpen(false)} />}
      <div className="app-main">
        <ImpersonationBanner />
        <Header mobileOpen={mobileOpen} toggleRef={toggleRef} onToggleMobile={() => setMobileOpen((open) => !open)} />
        <main id="main" className="content" tabIndex={-1}>
          <Breadcrumbs />
          <Outlet />
        </main>
      </div>
      <ScrollTop />
    </div>
  );
}
