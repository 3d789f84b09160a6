import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio/react';
import { t } from '../../engine/i18n/i18n';
import { compileForm, type CompiledForm } from '../../engine/schema/compile';
import type { FormValues } from '../../engine/schema/depends';
import type { FormDocument } from '../../engine/schema/types';
import { session } from '../../engine/session/user';
import type { OpenFormOptions } from '../../engine/stores/modals';
import { showToast } from '../../engine/stores/toasts';
import { createSubmitEnvironment } from '../../engine/submit/environment';
import type { FormRunContext } from './context';
import { FormElement } from './FormElement';
import { Messages } from './Messages';
import { formPermissions } from './permissions';
import { revealOnce } from './reveal';
import { fields, templates, widgets } from './theme';
import { engineValidator } from './validator';
import { useFormController, useFormState } from './useFormController';
import './form.css';

export interface FormRunnerProps {
  name: string;
  doc: FormDocument;
  /** Route or modal options (initial data, id, messages, callbacks). */
  options?: OpenFormOptions;
  /** The form runs on /forms/<name>: after success go back one step unless skipNavigate. */
  onFormRoute?: boolean;
  /** Closes the surrounding modal (or leaves the route) with the result. */
  onClose: (result: unknown) => void;
  onCancel: () => void;
  navigateBack?: () => void;
  /** Told the values after each change (the studio's preview sends them to a dry run). */
  onValuesChange?: (values: FormValues) => void;
  /** The form's buttons and placeholders in another language than the console's (the studio's preview). */
  translate?: (text: string) => string;
}

function initialValues(compiled: CompiledForm, options: OpenFormOptions | undefined): FormValues {
  const values: FormValues = { ...compiled.options.defaults, ...(options?.data ?? {}) };
  if (options?.company_id !== undefined && compiled.fields.some((f) => f.key === 'company_id'))
    values.company_id ??= options.company_id;
  return values;
}

/** Widgets that own a whole list value: @rjsf need not walk their items. */
const OPAQUE_WIDGETS = new Set(['ListInput', 'TableInput']);

/**
 * The JSON Schema @rjsf renders from. @rjsf picks a field by JSON Schema type, so
 * values without one (files, display-only alerts) render through their ui:widget
 * as string fields; list and table values are opaque to it (their widget owns
 * them; the engine's checkField validates them), so a 2,000-row table is not
 * walked on every keystroke.
 */
export function renderSchema(schema: CompiledForm['schema'], uiSchema?: CompiledForm['uiSchema']): RJSFSchema {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    const widget = uiSchema?.[key]?.['ui:widget'];
    const typed = 'type' in property || 'enum' in property || 'const' in property;
    if (widget && OPAQUE_WIDGETS.has(widget)) properties[key] = { title: property.title, type: 'string' };
    else properties[key] = typed ? property : { ...property, type: 'string' };
  }
  return { ...schema, properties } as RJSFSchema;
}

/**
 * What @rjsf itself sees of every document: an empty root. FormFields renders the
 * fields from the form context, each subscribed to the engine's form controller.
 */
const ROOT_SCHEMA: RJSFSchema = { type: 'object' };
const EMPTY_FORM_DATA = {};

/** Renders a compiled form document with the theme and runs its submit life cycle. */
export function FormRunner({
  name,
  doc,
  options,
  onFormRoute,
  onClose,
  onCancel,
  navigateBack,
  onValuesChange,
  translate,
}: FormRunnerProps) {
  const user = useSnapshot(session).user;
  const permissions = useMemo(() => formPermissions(user as typeof session.user), [user]);
  const compiled = useMemo(() => compileForm(doc, { permissions }), [doc, permissions]);
  const schema = useMemo(() => renderSchema(compiled.schema, compiled.uiSchema), [compiled]);
  const callbacks = useRef({ onClose, navigateBack, onValuesChange });
  callbacks.current = { onClose, navigateBack, onValuesChange };
  // What the controller composes: the console's environment and the document's (and caller's) submit rules.
  const setup = useMemo(
    () => ({
      env: createSubmitEnvironment({
        form: name,
        item: doc.item,
        verb: doc.verb,
        fileField: compiled.fields.find((f) => f.type === 'file')?.key,
        hiddenKeys: doc.fields.filter((f) => !compiled.fields.includes(f)).map((f) => f.key),
        close: (result) => callbacks.current.onClose(result),
        navigateBack: () => callbacks.current.navigateBack?.(),
      }),
      behaviour: {
        successMsg: options?.successMsg ?? doc.successMsg,
        hideMsg: options?.hideMsg ?? doc.hideMsg,
        leaveOpen: options?.leaveOpen ?? doc.leaveOpen,
        reload: options?.reload ?? doc.reload,
        skipNavigate: doc.schema?.skipNavigate,
        tableRef: doc.schema?.tableRef,
        toastErrors: doc.toastErrors,
        modalError: doc.modalError,
        onFormRoute,
        selection: options?.selection,
        onSuccess: (result: unknown) => {
          if (doc.reveal) revealOnce(doc.reveal, result);
          options?.onSuccess?.(result);
        },
        onError: options?.onError,
      },
    }),
    [name, doc, options, onFormRoute, compiled],
  );

  const controller = useFormController({
    name,
    doc,
    fields: compiled.fields,
    values: initialValues(compiled, options),
    ...setup,
    id: options?.id,
    method: options?.method,
    baseURL: options?.baseURL,
    selection: options?.selection,
  });
  const submitState = useSnapshot(controller.submitState);
  const { loading } = useFormState(controller);

  // Asks for the values (a copy) only when someone listens.
  useEffect(
    () => controller.subscribeValues(() => callbacks.current.onValuesChange?.(controller.values())),
    [controller],
  );

  // An edit form with `load` starts from the item's current values.
  useEffect(() => {
    const abort = new AbortController();
    void controller.load(abort.signal);
    return () => abort.abort();
  }, [controller]);

  const context = useMemo<FormRunContext>(
    () => ({
      schema: schema as FormRunContext['schema'],
      store: controller,
      functionContext: () => ({ values: controller.values(), permissions, role: session.user?.role?.name }),
      fieldByKey: (key) => compiled.fields.find((f) => f.key === key),
      notify: (message, type = 'error') => showToast({ message, type }),
      translate,
    }),
    [controller, permissions, compiled, schema, translate],
  );

  const submit = async () => {
    const invalid = await controller.submit();
    if (invalid) document.getElementById(`root_${invalid}`)?.focus();
  };

  const waiting = submitState.status === 'waiting';
  const busy = waiting || loading;

  return (
    <div className="fc-form" data-form={name} aria-busy={busy || undefined}>
      {doc.description && <p className="fc-form__description">{doc.description}</p>}
      <Form
        tagName={FormElement}
        schema={ROOT_SCHEMA}
        uiSchema={compiled.uiSchema as UiSchema}
        formData={EMPTY_FORM_DATA}
        formContext={context}
        validator={engineValidator}
        widgets={widgets}
        fields={fields}
        templates={templates}
        noValidate
        noHtml5Validate
        showErrorList={false}
        onSubmit={() => void submit()}
      >
        {submitState.generalErrors.length > 0 && (
          <div className="fc-form__errors" role="alert">
            <Messages messages={submitState.generalErrors} />
          </div>
        )}
        <div className="modal-actions">
          <button type="button" className="fc-btn" onClick={onCancel}>
            {translate ? translate('Cancel') : t('Cancel')}
          </button>
          <button type="submit" className="fc-btn fc-btn--primary" disabled={busy} aria-disabled={busy}>
            {waiting
              ? translate
                ? translate('Submitting…')
                : t('Submitting…')
              : (doc.submitText ?? (translate ? translate('Submit') : t('Submit')))}
          </button>
        </div>
      </Form>
    </div>
  );
}
