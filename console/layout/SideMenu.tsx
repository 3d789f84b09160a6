import { Link, useLocation } from 'react-router-dom';
import type { MouseEvent } from 'react';
import { t } from '../../engine/i18n/i18n';
import { entryActive, visibleMenu } from '../routes/resolve';
import { DEFAULT_LANDING } from '../routes/table';
import { theme } from '../theme/theme';
import { useAccess } from '../app/access';
import { Icon, menuIcons } from './icons';
import { useCurrentRoute } from './useCurrentRoute';
import { useMenuAdditions } from './useMenuAdditions';
import { Tooltip } from '../../renderer/tooltip/Tooltip';

export const SIDEBAR_WIDE_KEY = 'sidebar_wide';

interface Props {
  wide: boolean;
  onToggleWide: () => void;
  mobileOpen: boolean;
  onNavigate: () => void;
}

/** The side menu of shell spec §2, derived from the route table, with the entries product owners added. */
export function SideMenu({ wide, onToggleWide, mobileOpen, onNavigate }: Props) {
  const access = useAccess();
  const current = useCurrentRoute();
  const location = useLocation();
  const groups = visibleMenu(access, useMenuAdditions());

  function onClick(event: MouseEvent<HTMLAnchorElement>, path: string, active: boolean) {
    // Clicking the link of the current route reloads the page; the highlighted entry of a page under it (a tag's
    // page under Tags) loads its own page afresh the same way.
    if (path === location.pathname) {
      event.preventDefault();
      window.location.reload();
      return;
    }
    if (active) {
      event.preventDefault();
      window.location.assign(path);
      return;
    }
    onNavigate();
  }

  return (
    <aside
      id="side-menu"
      className={`sidebar${wide ? '' : ' sidebar--collapsed'}${mobileOpen ? ' sidebar--open' : ''}`}
      aria-label={t('Side menu')}
    >
      <Link to={DEFAULT_LANDING} className="sidebar-logo" onClick={onNavigate}>
        <img src={theme.logo} alt="" width={28} height={28} />
        <span className="sidebar-label">{theme.appName}</span>
      </Link>
      <nav aria-label={t('Main')} className="sidebar-nav">
        {groups.map((group) => (
          // A group, not a region: five extra landmarks would crowd landmark navigation.
          <div key={group.name} role="group" className="menu-group" aria-labelledby={`menu-group-${group.icon}`}>
            <h2 id={`menu-group-${group.icon}`} className="menu-group-title">
              <Icon name={group.icon} />
              <span className="sidebar-label">{t(group.label ?? group.name)}</span>
            </h2>
            <ul>
              {group.entries.map((entry) => {
                const active =
                  entryActive(entry, current?.name) && (entry.target !== 'form' || entry.path === location.pathname);
                return (
                  <li key={entry.label}>
                    <Tooltip content={wide ? undefined : t(entry.label)}>
                      <Link
                        to={entry.path}
                        className={`menu-link${active ? ' menu-link--active' : ''}`}
                        aria-current={active ? 'page' : undefined}
                        onClick={(event) => onClick(event, entry.path, active)}
                      >
                        <Icon name={menuIcons[entry.label] ?? 'form'} />
                        <span className="sidebar-label">{t(entry.label)}</span>
                      </Link>
                    </Tooltip>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <button
        type="button"
        className="sidebar-toggle"
        onClick={onToggleWide}
        aria-expanded={wide}
        aria-controls="side-menu"
        aria-label={wide ? t('Collapse side menu') : t('Expand side menu')}
      >
        <Icon name={wide ? 'collapse' : 'chevron'} />
      </button>
    </aside>
  );
}
