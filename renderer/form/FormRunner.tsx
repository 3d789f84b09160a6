import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { proxy, ref } from 'valtio/vanilla';
import { useSnapshot } from 'valtio/react';
import { compileForm, type CompiledForm } from '../../engine/schema/compile';
import { hiddenKeys, type FormValues } from '../../engine/schema/depends';
import type { FormDocument } from '../../engine/schema/types';
import { session } from '../../engine/session/user';
import type { OpenFormOptions } from '../../engine/stores/modals';
import { showToast } from '../../engine/stores/toasts';
import { bulkPayload } from '../../engine/submit/bulk';
import { createSubmitEnvironment } from '../../engine/submit/environment';
import { createSubmission } from '../../engine/submit/machine';
import { fillEndpoint, hasFile, shapePayload } from '../../engine/submit/payload';
import { loadedValues, unchangedMessage } from '../../engine/submit/require-change';
import { resultMessage } from '../../engine/errors/result-message';
import { http } from '../../engine/http/client';
import { isCancel, isHttpError } from '../../engine/http/errors';
import type { FormRunContext } from './context';
import { formPermissions } from './permissions';
import { revealOnce } from './reveal';
import { fields, templates, widgets } from './theme';
import { engineValidator } from './validator';
import { applyChange, checkValues } from './values';
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
 * Values as the live (valtio) state holds them: objects, arrays and files stay
 * raw (ref), so a 100,000-item list or a 2,000-row table is not proxied on every
 * change and a Blob keeps its real `this`; widgets still see each key change.
 */
function liveValues(values: FormValues): FormValues {
  const out: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = value !== null && typeof value === 'object' ? ref(value as object) : value;
  }
  return out;
}

/** What @rjsf itself sees of every document: FormFields renders the fields from the form context. */
const ROOT_SCHEMA: RJSFSchema = { type: 'object' };

function errorSchema(errors: Record<string, string[]>): ErrorSchema {
  const out: Record<string, { __errors: string[] }> = {};
  for (const [key, list] of Object.entries(errors)) if (list.length) out[key] = { __errors: list };
  return out as ErrorSchema;
}

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
}: FormRunnerProps) {
  const user = useSnapshot(session).user;
  const permissions = useMemo(() => formPermissions(user as typeof session.user), [user]);
  const compiled = useMemo(() => compileForm(doc, { permissions }), [doc, permissions]);
  const scope = useMemo(() => ({ fields: compiled.fields }), [compiled]);
  const schema = useMemo(() => renderSchema(compiled.schema, compiled.uiSchema), [compiled]);

  const [values, setValues] = useState<FormValues>(() => {
    const start = initialValues(compiled, options);
    return applyChange(scope, {}, start).values;
  });
  // The values the form opened with (defaults, options.data, a loaded item): requireChange compares with them.
  const openedWith = useRef(values);
  const [loading, setLoading] = useState(() => !!doc.load && options?.id !== undefined);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const live = useMemo(() => proxy({ values: liveValues(values), hidden: [...hiddenKeys(scope, values)] }), [scope]); // eslint-disable-line react-hooks/exhaustive-deps
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const callbacks = useRef({ onClose, navigateBack, onValuesChange });
  callbacks.current = { onClose, navigateBack, onValuesChange };

  const submission = useMemo(() => {
    const env = createSubmitEnvironment({
      form: name,
      item: doc.item,
      verb: doc.verb,
      fileField: compiled.fields.find((f) => f.type === 'file')?.key,
      hiddenKeys: doc.fields.filter((f) => !compiled.fields.includes(f)).map((f) => f.key),
      close: (result) => callbacks.current.onClose(result),
      navigateBack: () => callbacks.current.navigateBack?.(),
    });
    return createSubmission(
      {
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
        fieldKeys: compiled.fields.map((f) => f.key),
        onClearErrors: (keys) =>
          setClientErrors((errors) =>
            keys.some((k) => k in errors)
              ? Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.includes(k)))
              : errors,
          ),
        onSuccess: (result) => {
          if (doc.reveal) revealOnce(doc.reveal, result);
          options?.onSuccess?.(result);
        },
        onError: options?.onError,
      },
      env,
    );
  }, [name, doc, options, onFormRoute, compiled]);
  const submitState = useSnapshot(submission.state);

  const context = useMemo<FormRunContext>(
    () => ({
      schema: schema as FormRunContext['schema'],
      state: live,
      functionContext: () => ({ values: valuesRef.current, permissions, role: session.user?.role?.name }),
      fieldByKey: (key) => compiled.fields.find((f) => f.key === key),
      setValue: (key, value) => update({ ...valuesRef.current, [key]: value }),
      notify: (message, type = 'error') => showToast({ message, type }),
    }),
    [live, permissions, compiled, schema], // eslint-disable-line react-hooks/exhaustive-deps
  );

  function update(incoming: FormValues) {
    const next = applyChange(scope, valuesRef.current, incoming);
    if (next.changed.length === 0) return;
    valuesRef.current = next.values;
    setValues(next.values);
    callbacks.current.onValuesChange?.(next.values);
    // Only the changed keys: re-proxying every value on each keystroke costs O(fields).
    const changedLive = liveValues(Object.fromEntries(next.changed.map((k) => [k, next.values[k]])));
    for (const k of next.changed) {
      if (k in next.values) live.values[k] = changedLive[k];
      else delete live.values[k];
    }
    if (live.hidden.join() !== next.hidden.join()) live.hidden = next.hidden;
    setClientErrors((errors) => {
      if (!next.changed.some((k) => k in errors)) return errors;
      const rest = { ...errors };
      for (const k of next.changed) delete rest[k];
      return rest;
    });
    for (const k of next.changed) {
      submission.clearFieldError(k);
      if (k === 'password') submission.clearFieldError('password_confirmation');
    }
  }

  // An edit form with `load` starts from the item's current values.
  useEffect(() => {
    if (!doc.load || options?.id === undefined) return;
    const controller = new AbortController();
    const url = fillEndpoint(doc.load, {}, options.id);
    http.get<{ data?: unknown }>(url, { signal: controller.signal }).then(
      (response) => {
        const loaded = loadedValues(
          response.data?.data,
          compiled.fields.map((f) => f.key),
        );
        openedWith.current = { ...openedWith.current, ...loaded };
        update({ ...valuesRef.current, ...loaded });
        setLoading(false);
      },
      (error: unknown) => {
        if (isCancel(error) || controller.signal.aborted) return;
        setLoading(false);
        const { statusText, status } = isHttpError(error) ? error : {};
        showToast({
          message: resultMessage({
            ok: false,
            method: 'get',
            url,
            item: doc.item,
            verb: 'get',
            statusText,
            code: status,
          }),
          type: 'error',
        });
      },
    );
    return () => controller.abort();
  }, [doc, options?.id, compiled]); // eslint-disable-line react-hooks/exhaustive-deps

  const formRef = useRef<HTMLDivElement>(null);
  const focusField = (key: string) => {
    const el = document.getElementById(`root_${key}`);
    el?.focus();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitState.status === 'waiting' || loading) return;
    const current = valuesRef.current;
    const errors = checkValues(scope, current, live.hidden);
    setClientErrors(errors);
    const firstInvalid = compiled.fields.find((f) => errors[f.key]);
    if (firstInvalid) {
      focusField(firstInvalid.key);
      return;
    }
    const unchanged = unchangedMessage(doc, openedWith.current, current);
    if (unchanged) {
      showToast({ message: unchanged, type: 'error' });
      return;
    }
    const payload = shapePayload(scope, current);
    const data = doc.bulk
      ? bulkPayload(options?.selection ?? [], payload, doc.bulk, !!doc.combineBulkSources)
      : payload;
    await submission.submit({
      method: options?.method ?? doc.method ?? 'post',
      url: fillEndpoint(doc.endpoint, { ...current, ...payload }, options?.id),
      baseURL: options?.baseURL ?? doc.baseURL,
      data,
      multipart: doc.encoding === 'multipart' || hasFile(data),
    });
  };

  // Server field errors move focus to the first of them.
  useEffect(() => {
    const first = compiled.fields.find((f) => submitState.fieldErrors[f.key]?.length);
    if (first) focusField(first.key);
  }, [submitState.fieldErrors, compiled]);

  const merged: Record<string, string[]> = {};
  for (const [k, list] of Object.entries(submitState.fieldErrors)) merged[k] = [...list];
  for (const [k, message] of Object.entries(clientErrors)) merged[k] = [message, ...(merged[k] ?? [])];
  const extraErrors = useMemo(() => errorSchema(merged), [JSON.stringify(merged)]); // eslint-disable-line react-hooks/exhaustive-deps
  const waiting = submitState.status === 'waiting';
  const busy = waiting || loading;

  return (
    <div className="fc-form" ref={formRef} data-form={name} aria-busy={busy || undefined}>
      {doc.description && <p className="fc-form__description">{doc.description}</p>}
      <Form
        schema={ROOT_SCHEMA}
        uiSchema={compiled.uiSchema as UiSchema}
        formData={values}
        formContext={context}
        validator={engineValidator}
        widgets={widgets}
        fields={fields}
        templates={templates}
        noValidate
        noHtml5Validate
        showErrorList={false}
        extraErrors={extraErrors}
        onChange={(e) => update(e.formData as FormValues)}
        onSubmit={() => void submit()}
      >
        {submitState.generalErrors.length > 0 && (
          <ul className="fc-form__errors" role="alert">
            {submitState.generalErrors.map((message, i) => (
              <li key={i}>{message}</li>
            ))}
          </ul>
        )}
        <div className="modal-actions">
          <button type="button" className="fc-btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="fc-btn fc-btn--primary" disabled={busy} aria-disabled={busy}>
            {waiting ? 'Submitting…' : (doc.submitText ?? 'Submit')}
          </button>
        </div>
      </Form>
    </div>
  );
}
