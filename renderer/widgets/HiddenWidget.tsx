import type { WidgetProps } from '@rjsf/utils';

export function HiddenWidget({ id, value }: WidgetProps) {
  return <input type="hidden" id={id} name={id} value={value === undefined || value === null ? '' : String(value)} />;
}
