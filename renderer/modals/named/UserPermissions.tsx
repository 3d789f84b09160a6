import { codeLabel } from '../../../engine/format/code-labels';
import { t } from '../../../engine/i18n/i18n';
import type { ModalComponentProps } from '../types';

/** 'User permissions' (forms spec §2): the role's permission table, opened from the account menu's role title. */
export function UserPermissions({ role, permissions }: ModalComponentProps) {
  const sorted = [...((permissions as string[] | undefined) ?? [])].sort();
  return (
    <div className="user-permissions">
      <p className="muted">
        {t('Role')}: {String(role ?? '')}
      </p>
      <table className="data-table">
        <caption className="visually-hidden">{t('User permissions')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Permission')}</th>
            <th scope="col">{t('Key')}</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((permission) => (
            <tr key={permission}>
              <td>{codeLabel({}, permission)}</td>
              <td>
                <code>{permission}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
