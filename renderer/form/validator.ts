import {
  createErrorHandler,
  toErrorList,
  unwrapErrorHandler,
  type CustomValidator,
  type ErrorSchema,
  type RJSFSchema,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import type { JsonSchema } from '../../engine/fields/kinds';
import type { FormValues } from '../../engine/schema/depends';
import { schemaError } from '../../engine/validators/schema-check';

// The @rjsf validator of the form renderer, built on the engine's own checks
// (engine/validators/schema-check.ts) instead of ajv's code generation: the
// console runs under a Content-Security-Policy without 'unsafe-eval', and forms
// arrive at run time, so nothing can be precompiled. The fields' rules are
// checked by the engine before submit (checkField); @rjsf asks this validator
// only about schema shapes.

function validateFormData(
  formData: FormValues | undefined,
  schema: RJSFSchema,
  customValidate?: CustomValidator<FormValues, RJSFSchema>,
  _transformErrors?: unknown,
  uiSchema?: UiSchema<FormValues, RJSFSchema>,
): ValidationData<FormValues> {
  const error = schemaError(schema as JsonSchema, formData);
  let errorSchema: ErrorSchema<FormValues> = (error ? { __errors: [error.keyword] } : {}) as ErrorSchema<FormValues>;
  if (customValidate) {
    const handler = customValidate(formData, createErrorHandler<FormValues>(formData ?? {}), uiSchema);
    errorSchema = { ...errorSchema, ...unwrapErrorHandler<FormValues>(handler) };
  }
  return { errors: toErrorList<FormValues>(errorSchema), errorSchema };
}

export const engineValidator: ValidatorType<FormValues, RJSFSchema> = {
  validateFormData,
  isValid: (schema, formData) => schemaError(schema as JsonSchema, formData) === undefined,
  rawValidation: <Result>(schema: RJSFSchema, formData?: FormValues) => {
    const error = schemaError(schema as JsonSchema, formData);
    return { errors: (error ? [error] : []) as Result[] };
  },
};
