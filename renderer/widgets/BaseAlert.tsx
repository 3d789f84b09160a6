import type { WidgetProps } from '@rjsf/utils';
import { computeFunctions } from '../../engine/schema/functions';
import { fieldOptions, runContext } from './aria';
import { useDependencyKey } from '../form/useFormController';

const NO_KEYS: readonly string[] = [];

/**
 * A display-only alert: fixed text, or a registered function of the form values
 * (the company data preview). It follows only the keys its function reads, so a
 * keystroke elsewhere does not re-render it.
 */
export function BaseAlert(props: WidgetProps) {
  const o = fieldOptions(props);
  const { store } = runContext(props);
  const compute = o.compute && computeFunctions[o.compute.function];
  if (o.compute && !compute) throw new Error(`Unknown compute function ${o.compute.function}`);
  const params = o.compute?.params ?? {};
  const keys = compute ? compute.reads(params) : NO_KEYS;
  useDependencyKey(store, keys);
  const text = compute
    ? compute.text(Object.fromEntries(keys.map((key) => [key, store.field(key).value])), params)
    : (o.text ?? o.subtext ?? '');
  if (!text) return null;
  return (
    <div id={props.id} className={`fc-alert fc-alert--${o.variant ?? 'info'}`} role="status">
      {o.label && <strong className="fc-alert__title">{o.label}</strong>}
      <p className="fc-alert__text">{text}</p>
    </div>
  );
}
