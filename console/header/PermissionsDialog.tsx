import { useEffect, useRef } from 'react';
import { codeLabel } from '../../engine/format/code-labels';
import { t } from '../../engine/i18n/i18n';

/** 'User permissions': the role's permission table (native modal dialog: focus trap and Esc). */
export function PermissionsDialog({
  role,
  permissions,
  onClose,
}: {
  role: string;
  permissions: string[];
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  const sorted = [...permissions].sort();
  return (
    <dialog ref={ref} className="permissions-dialog" aria-labelledby="user-permissions-title" onClose={onClose}>
      <header className="dialog-header">
        <h2 id="user-permissions-title">{t('User permissions')}</h2>
        <button
          type="button"
          className="icon-button"
          // Closing the native dialog first (its close event calls onClose) keeps the focus the caller restores.
          onClick={() => (ref.current?.open ? ref.current.close() : onClose())}
          aria-label={t('Close')}
        >
          ×
        </button>
      </header>
      <p className="muted">
        {t('Role')}: {role}
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
    </dialog>
  );
}
