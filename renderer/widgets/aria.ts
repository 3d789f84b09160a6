import type { WidgetProps } from '@rjsf/utils';
import type { FieldSchema } from '../../engine/schema/types';
import { describedBy, type FormRunContext } from '../form/context';

/** The document attributes of the field a widget renders (ui:options). */
export const fieldOptions = (props: WidgetProps) => props.options as unknown as FieldSchema;

export const runContext = (props: WidgetProps) => props.registry.formContext as FormRunContext;

/** aria-describedby / aria-invalid / aria-required for a widget's main control. */
export function ariaFor(props: WidgetProps) {
  const o = fieldOptions(props);
  const errors = (props.rawErrors ?? []).filter(Boolean);
  return {
    'aria-describedby': describedBy(props.id, !!o.subtext, errors.length > 0),
    'aria-invalid': errors.length > 0 ? true : undefined,
    'aria-required': props.required ? true : undefined,
  } as const;
}

/** '' becomes undefined, so an emptied optional field is left out of the payload. */
export const emptyToUndefined = (v: string) => (v === '' ? undefined : v);
