import type { FieldTemplateProps } from '@rjsf/utils';
import { openModal } from '../../../engine/stores/modals';
import type { FieldSchema } from '../../../engine/schema/types';

/** Widgets that render their own label (checkbox beside the box, radio as a fieldset legend, tables as a caption). */
const OWN_LABEL = new Set(['checkbox', 'radio', 'BaseAlert', 'TableInput', 'hidden']);

function HintButton({ hint, label }: { hint: string; label: string }) {
  return (
    <button
      type="button"
      className="fc-field__hint"
      aria-label={`Hint: ${label}`}
      onClick={() => openModal({ id: 'field-hint', title: label, component: 'FieldHint', props: { hint } })}
    >
      <span aria-hidden="true">?</span>
    </button>
  );
}

/** One field row: real <label>, hint, the widget, subtext, link and its error (tied by aria-describedby in widgets). */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, required, uiSchema, hidden, schema } = props;
  if (schema.type === 'object' && id === 'root') return children;
  const widget = uiSchema?.['ui:widget'] as string | undefined;
  if (hidden || widget === 'hidden') return <div hidden>{children}</div>;
  const o = (uiSchema?.['ui:options'] ?? {}) as unknown as FieldSchema;
  // The field's one message (engine/form/shown-errors.ts).
  const error = rawErrors?.find(Boolean);
  const ownLabel = OWN_LABEL.has(widget ?? '');
  const classes = ['fc-field', `fc-field--${widget ?? 'text'}`, o.class, error ? 'fc-field--invalid' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} translate={o.noTranslate ? 'no' : undefined}>
      {!ownLabel && label && (
        <div className="fc-field__label-row">
          <label htmlFor={id} className={`fc-field__label${required ? ' fc-required' : ''}`}>
            {label}
          </label>
          {o.hint && <HintButton hint={o.hint} label={label} />}
        </div>
      )}
      {ownLabel && o.hint && label && <HintButton hint={o.hint} label={label} />}
      {children}
      {o.subtext && widget !== 'BaseAlert' && (
        <p id={`${id}__help`} className="fc-field__subtext">
          {o.subtext}
        </p>
      )}
      {o.href && (
        <a className="fc-field__link" href={o.href} target="_blank" rel="noopener noreferrer">
          {o.icon && (
            <span className={`fc-icon fc-icon--${o.icon}`} aria-hidden="true">
              ↗
            </span>
          )}
          {o.linkText ?? o.href}
        </a>
      )}
      {error && (
        <p id={`${id}__error`} className="fc-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
