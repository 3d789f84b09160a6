import { useEffect, useState } from 'react';
import { t } from '../../engine/i18n/i18n';
import { SIDE_MENU } from '../../engine/routes/menu-additions';
import type { FormDocument, MenuAddition, MenuDocument } from '../../engine/schema/types';
import { menuGroupsOf, placeInMenu } from '../../engine/studio/placement';
import { showToast } from '../../engine/stores/toasts';
import { menu } from '../routes/menu';
import { loadPublished } from './api';
import { publishPlacement } from './publishPlacement';

// "Menu entry": a published form reached from the side menu, under a group the owner picks
// from the menu's groups: the menus document side-menu is published with an entry that opens
// the form, shown to those with the form's permission (engine/routes/menu-additions.ts).

const EMPTY: MenuDocument = { $schema: '../menu.schema.json', entries: [] };

export function PlaceInMenu({ name, doc }: { name: string; doc: FormDocument }) {
  const [menus, setMenus] = useState<{ doc: MenuDocument; version: number }>();
  const [group, setGroup] = useState<MenuAddition['group'] | ''>('');
  const [label, setLabel] = useState(doc.title ?? name);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void loadPublished('menus', SIDE_MENU).then((found) => {
      if (live) setMenus({ doc: (found?.document as unknown as MenuDocument) ?? EMPTY, version: found?.version ?? 0 });
    });
    return () => {
      live = false;
    };
  }, []);

  const groups = menus ? menuGroupsOf(menus.doc, name) : [];

  async function doPlace() {
    if (!menus || !group) return;
    setBusy(true);
    try {
      const entry = {
        group,
        label: label.trim(),
        form: name,
        ...(doc.permission ? { permission: doc.permission } : {}),
      };
      const next = placeInMenu(menus.doc, entry);
      const version = await publishPlacement(
        'menus',
        SIDE_MENU,
        next,
        menus.version,
        t('The menu was not changed: it was published meanwhile or has problems.'),
      );
      if (version === undefined) return;
      setMenus({ doc: next, version });
      showToast({
        message: t('{form} is in the menu under {group}', { form: entry.label, group: t(group) }),
        type: 'success',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="studio-place"
      aria-labelledby="studio-place-menu"
      onSubmit={(e) => {
        e.preventDefault();
        void doPlace();
      }}
    >
      <h3 id="studio-place-menu">{t('Menu entry')}</h3>
      <label>
        {t('Menu group')}
        <select className="fc-input" value={group} onChange={(e) => setGroup(e.target.value as MenuAddition['group'])}>
          <option value="">{t('Select')}</option>
          {menu.map((g) => (
            <option key={g.name} value={g.name}>
              {t(g.label ?? g.name)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('Entry label')}
        <input className="fc-input" value={label} onChange={(e) => setLabel(e.target.value)} />
      </label>
      {groups.length > 0 && (
        <p>{t('The menu opens the form under {groups}.', { groups: groups.map((g) => t(g)).join(', ') })}</p>
      )}
      <button type="submit" className="fc-btn fc-btn--primary" disabled={busy || !menus || !group || !label.trim()}>
        {t('Add to the menu')}
      </button>
    </form>
  );
}
