import { useState, type RefObject } from 'react';
import { t } from '../../engine/i18n/i18n';
import { isImpersonating } from '../../engine/session/user';
import { showToast } from '../../engine/stores/toasts';
import { useSessionUser } from '../app/access';
import { afterContent } from '../app/afterContent';
import { GlobalSearch } from '../search/GlobalSearch';
import { Icon } from './icons';
import { cancelImpersonation } from './impersonation';

// The widgets load after the first page content: the first paint of a page does not need them. The
// global search stays: its / shortcut works as soon as the page shows.
const Announcements = afterContent(() => import('../header/Announcements').then((m) => m.Announcements));
const Notifications = afterContent(() => import('../header/Notifications').then((m) => m.Notifications));
const ErrorLog = afterContent(() => import('../header/ErrorLog').then((m) => m.ErrorLog));
const AccountMenu = afterContent(() => import('../header/AccountMenu').then((m) => m.AccountMenu));

function CancelImpersonation() {
  const user = useSessionUser();
  const [busy, setBusy] = useState(false);
  if (!isImpersonating(user)) return null;
  async function cancel() {
    setBusy(true);
    try {
      await cancelImpersonation();
    } catch (error) {
      showToast({ message: error instanceof Error ? error.message : String(error), type: 'error' });
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn-small btn-warning" onClick={cancel} disabled={busy}>
      {t('Cancel impersonation')}
    </button>
  );
}

/** Global search, cancel impersonation, announcements, the error and notification widgets and the account widget. */
export function Header({
  mobileOpen,
  onToggleMobile,
  toggleRef,
}: {
  mobileOpen: boolean;
  onToggleMobile: () => void;
  toggleRef?: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <header className="app-header">
      <button
        ref={toggleRef}
        type="button"
        className="header-button mobile-toggle"
        aria-label={t('Menu')}
        aria-expanded={mobileOpen}
        aria-controls="side-menu"
        onClick={onToggleMobile}
      >
        <Icon name="menu" />
      </button>
      <div className="header-search">
        <GlobalSearch />
      </div>
      <div className="header-actions">
        <CancelImpersonation />
        <Announcements />
        <ErrorLog />
        <Notifications />
        <AccountMenu />
      </div>
    </header>
  );
}
