import type { Registry, WidgetProps } from '@rjsf/utils';
import { useMemo, useState, type FormEvent } from 'react';
import { createFieldStore } from '../../../engine/form/store';
import { session } from '../../../engine/session/user';
import type { OptionsSource } from '../../../engine/schema/types';
import { closeModal, resolveModal } from '../../../engine/stores/modals';
import { showToast } from '../../../engine/stores/toasts';
import type { FormRunContext } from '../../form/context';
import { formPermissions } from '../../form/permissions';
import { ItemSelect } from '../../widgets/ItemSelect';
import type { ModalComponentProps } from '../types';

/** Pick items from a lookup list in a modal; resolves with the value (or values with multiple). */
export function ItemSelectModal({ modalId, entry, label, options, multiple, required }: ModalComponentProps) {
  const [value, setValue] = useState<unknown>(undefined);
  const ctx = useMemo<FormRunContext>(() => {
    const store = createFieldStore([], {});
    return {
      schema: {},
      store,
      functionContext: () => ({
        values: store.values(),
        permissions: formPermissions(session.user),
        role: session.user?.role?.name,
      }),
      fieldByKey: () => undefined,
      notify: (message, type = 'error') => showToast({ message, type }),
    };
  }, []);
  const name = String(label ?? 'Item');
  const widgetProps = {
    id: `${modalId}-select`,
    name: 'item',
    label: name,
    value,
    required: required !== false,
    multiple: !!multiple,
    options: { options: options as OptionsSource, multiple: !!multiple },
    onChange: (v: unknown) => setValue(v),
    onBlur: () => undefined,
    onFocus: () => undefined,
    rawErrors: [],
    schema: {},
    registry: { formContext: ctx } as unknown as Registry,
  } as unknown as WidgetProps;

  const empty = value === undefined || (Array.isArray(value) && value.length === 0);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!empty || required === false) resolveModal(modalId, value);
  };
  return (
    <form onSubmit={onSubmit}>
      <div className="fc-field">
        <div className="fc-field__label-row">
          <label htmlFor={widgetProps.id} className="fc-field__label">
            {name}
          </label>
        </div>
        <ItemSelect {...widgetProps} />
      </div>
      <div className="modal-actions">
        <button type="button" className="fc-btn" onClick={() => closeModal(modalId)}>
          {entry.cancelText ?? 'Cancel'}
        </button>
        <button type="submit" className="fc-btn fc-btn--primary" disabled={empty && required !== false}>
          {entry.confirmText ?? 'Confirm'}
        </button>
      </div>
    </form>
  );
}
