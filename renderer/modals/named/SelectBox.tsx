import { useId, useState, type FormEvent } from 'react';
import { closeModal, resolveModal, type SelectBoxOption } from '../../../engine/stores/modals';
import type { ModalComponentProps } from '../types';

/** Choose one of a list: resolves the modal with the chosen value. */
export function SelectBox({ modalId, entry, label, options, value, readonly }: ModalComponentProps) {
  const id = useId();
  const list = (options ?? []) as SelectBoxOption[];
  const [selected, setSelected] = useState<string>(value === undefined ? '' : String(value));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const option = list.find((o) => String(o.value) === selected);
    if (option) resolveModal(modalId, option.value);
  };
  return (
    <form onSubmit={onSubmit}>
      <div className="fc-field">
        <label htmlFor={id} className="fc-field__label fc-required">
          {String(label ?? 'Select')}
        </label>
        <select
          id={id}
          className="fc-input"
          required
          disabled={!!readonly}
          value={selected}
          data-autofocus
          onChange={(e) => setSelected(e.target.value)}
        >
          <option value="">Select</option>
          {list.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="modal-actions">
        <button type="button" className="fc-btn" onClick={() => closeModal(modalId)}>
          {entry.cancelText ?? 'Cancel'}
        </button>
        <button type="submit" className="fc-btn fc-btn--primary" disabled={!selected}>
          {entry.confirmText ?? 'Confirm'}
        </button>
      </div>
    </form>
  );
}
