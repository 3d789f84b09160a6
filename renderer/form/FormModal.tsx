import { useEffect, useMemo } from 'react';
import { closeModal, resolveModal, updateModal, type OpenFormOptions } from '../../engine/stores/modals';
import type { ModalComponentProps } from '../modals/types';
import { t } from '../../engine/i18n/i18n';
import { FormRunner } from './FormRunner';
import { useFormDocument } from './useFormDocument';

/** A registered form document in a modal (openForm). Resolves the modal with the submit result. */
export function FormModal({ modalId, name, options }: ModalComponentProps) {
  const formName = String(name);
  const doc = useFormDocument(formName);
  const formOptions = options as OpenFormOptions | undefined;

  useEffect(() => {
    if (doc) updateModal(modalId, { title: formOptions?.title ?? doc.title, subtitle: doc.subtitle });
  }, [doc, modalId, formOptions?.title]);

  const runOptions = useMemo<OpenFormOptions>(
    () => ({
      ...formOptions,
      onSuccess: (result) => {
        formOptions?.onSuccess?.(result);
        if (formOptions?.leaveOpen ?? doc?.leaveOpen) resolveModal(modalId, result, { keepOpen: true });
      },
    }),
    [formOptions, doc, modalId],
  );

  if (doc === undefined) return <p className="modal__loading">{t('Loading…')}</p>;
  if (doc === null) return <p role="alert">{t('Form not found: {name}', { name: formName })}</p>;
  return (
    <FormRunner
      name={formName}
      doc={doc}
      options={runOptions}
      onClose={(result) => resolveModal(modalId, result)}
      onCancel={() => closeModal(modalId)}
    />
  );
}
