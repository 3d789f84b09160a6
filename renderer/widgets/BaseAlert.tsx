import type { WidgetProps } from '@rjsf/utils';
import { computeFunctions } from '../../engine/schema/functions';
import { fieldOptions, runContext } from './aria';
import { useFormValues } from '../form/useFormController';

/** A display-only alert: fixed text, or a registered function of the form values (the company data preview). */
export function BaseAlert(props: WidgetProps) {
  const o = fieldOptions(props);
  const values = useFormValues(runContext(props).store);
  let text = o.text ?? o.subtext ?? '';
  if (o.compute) {
    const fn = computeFunctions[o.compute.function];
    if (!fn) throw new Error(`Unknown compute function ${o.compute.function}`);
    text = fn(values, o.compute.params ?? {});
  }
  if (!text) return null;
  return (
    <div id={props.id} className={`fc-alert fc-alert--${o.variant ?? 'info'}`} role="status">
      {o.label && <strong className="fc-alert__title">{o.label}</strong>}
      <p className="fc-alert__text">{text}</p>
    </div>
  );
}
