import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../engine/i18n/i18n';
import { can } from '../../engine/permissions/can';
import { accountMenuSections } from '../../engine/session/account-menu';
import { impersonationAccessUntil, isImpersonating } from '../../engine/session/user';
import { openForm, openModal } from '../../engine/stores/modals';
import { useSessionUser } from '../app/access';
import { pathFor } from '../routes/resolve';
import { theme } from '../theme/theme';
import { APP_VERSION } from '../version';
import { CompanyData, ResourceSummary } from './AccountSummary';
import { DarkModeMenu } from './DarkModeMenu';
import { Dropdown } from './Dropdown';
import { ImpersonationStatus } from './ImpersonationStatus';
import { LanguageMenu } from './LanguageMenu';
import { TimezoneMenu } from './TimezoneMenu';
import { Tooltip } from '../../renderer/tooltip/Tooltip';

function Avatar({ url, email }: { url?: string | null; email: string }) {
  if (url) return <img className="avatar" src={url} alt="" width={26} height={26} />;
  return (
    <span className="avatar" aria-hidden="true">
      {email.charAt(0).toUpperCase()}
    </span>
  );
}

/** The account menu of forms spec §2 with every entry and its condition. */
export function AccountMenu() {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  if (!user) return null;
  const impersonating = isImpersonating(user);
  const accessUntil = impersonationAccessUntil(user);
  const sections = accountMenuSections(user, theme);
  const close = () => setOpen(false);
  const showPermissions = () => {
    close();
    // The role title goes with the closed menu: the dialog gives focus back to the menu button when it closes.
    triggerRef.current?.focus();
    openModal({
      id: 'user-permissions',
      title: t('User permissions'),
      component: 'UserPermissions',
      props: { role: user.role.title, permissions: user.permissions },
    });
  };

  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      label={t('Account menu')}
      className="account-menu"
      triggerRef={triggerRef}
      trigger={
        <>
          <Avatar url={user.avatar_url} email={user.email} />
          <span className="account-email" title={user.email}>
            {user.email}
          </span>
          {impersonating && <span className="tag tag--warning">{t('Impersonating')}</span>}
        </>
      }
    >
      <div className="account-head">
        <Avatar url={user.avatar_url} email={user.email} />
        <div>
          <p className="account-name">{user.email}</p>
          <p>
            {sections.companyData ? (
              <Link to={pathFor('company.info', { company_id: user.company.id })} onClick={close}>
                {user.company.name}
              </Link>
            ) : (
              user.company.name
            )}
          </p>
          {can(user, 'view_permissions') ? (
            <p>
              <Tooltip content={t('View assigned permissions')}>
                <button type="button" className="link-button" onClick={showPermissions}>
                  {user.role.title}
                  <span className="visually-hidden"> ({t('View assigned permissions')})</span>
                </button>
              </Tooltip>
            </p>
          ) : (
            <p className="muted">{user.role.title}</p>
          )}
          {sections.companyData && <CompanyData companyId={user.company.id} />}
        </div>
      </div>
      <ul className="menu-list">
        {!impersonating && theme.accountUrl && (
          <li>
            <a className="menu-item" href={theme.accountUrl} target="_blank" rel="noreferrer">
              {t('Account settings')}
            </a>
          </li>
        )}
        {accessUntil && <ImpersonationStatus until={accessUntil} />}
        {sections.resourceSummary && <ResourceSummary buyLink={sections.buyLink} />}
        {can(user, 'activate_credit_transfer_codes') && (
          <li>
            <button
              type="button"
              className="menu-item"
              onClick={() => {
                close();
                void openForm('activate-code', { title: t('Activate code') });
              }}
            >
              {t('Activate code')}
            </button>
          </li>
        )}
        {!impersonating && (
          <li>
            <Link className="menu-item" to={pathFor('account.api-tokens')} onClick={close}>
              {t('API tokens')}
            </Link>
          </li>
        )}
        <DarkModeMenu />
        <TimezoneMenu />
        <LanguageMenu />
        <li>
          <Link className="menu-item" to={pathFor('changelog')} onClick={close}>
            <span>{t('Changelog')}</span>
            <span className="muted">{APP_VERSION}</span>
          </Link>
        </li>
        <li>
          <a className="menu-item" href="/logout">
            {impersonating ? t('Logout & cancel impersonation') : t('Logout')}
          </a>
        </li>
      </ul>
    </Dropdown>
  );
}
