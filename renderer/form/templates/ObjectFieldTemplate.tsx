import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { FormRunContext } from '../context';

/** The form body: the visible properties in document order (depends decides, not JSON Schema). */
export function ObjectFieldTemplate({ properties, registry }: ObjectFieldTemplateProps) {
  const ctx = registry.formContext as FormRunContext | undefined;
  const hidden = new Set(ctx?.store.form().hidden ?? []);
  return (
    <div className="fc-form__fields">
      {properties
        .filter((p) => !hidden.has(p.name))
        .map((p) => (
          <div key={p.name} className="fc-form__property">
            {p.content}
          </div>
        ))}
    </div>
  );
}
