import type { FieldStore } from '../../engine/form/store';
import type { FunctionContext } from '../../engine/schema/functions';
import type { FieldSchema } from '../../engine/schema/types';

/**
 * The formContext every widget and template of the theme receives. It is one
 * stable object per form, so typing in one field does not re-render the others;
 * widgets that follow other fields' values subscribe to them in `store`.
 */
export interface FormRunContext {
  /** The JSON Schema of the fields (the root handed to @rjsf stays empty; FormFields renders these). */
  schema: { properties?: Record<string, unknown>; required?: string[] };
  /** The form's values, hidden keys and errors, with per-field subscriptions. */
  store: FieldStore;
  /** Permissions and role for registered functions (lookup transforms, option functions). */
  functionContext: () => FunctionContext;
  fieldByKey: (key: string) => FieldSchema | undefined;
  /** Toast-style notices from widgets (CSV import errors). */
  notify: (message: string, type?: 'error' | 'warning' | 'info') => void;
  /** The form's own texts (buttons, placeholders) in a language other than the console's (the studio's preview). */
  translate?: (text: string) => string;
}

/** Ids of the help and error elements of a field, for aria-describedby. */
export const describedBy = (id: string, hasSubtext: boolean, hasErrors: boolean): string | undefined =>
  [hasSubtext ? `${id}__help` : '', hasErrors ? `${id}__error` : ''].filter(Boolean).join(' ') || undefined;
