import { NO_VALUE, type FieldExpr } from '../http/list-query';
import { DEVICE_RECORD_SCHEMA, deref } from '../openapi/conform';
import { loadDocument, type OpenApiNode } from '../openapi/document';

// The device record of the RMS API (the OpenAPI's `device_body`, answered by
// GET /devices, GET /devices/{id} and the lists built on the device list):
// every field the OpenAPI lists, from the devices table where a column holds
// it, null otherwise (the wire format writes a null as the field's empty
// value, server/openapi/conform.ts). Nothing is made up for a field no
// device reports here.

/** The device record's fields, in the OpenAPI's order. */
export const DEVICE_RECORD_FIELDS: readonly string[] = Object.keys(
  (deref(loadDocument(), { $ref: `#/components/schemas/${DEVICE_RECORD_SCHEMA}` })!.properties as OpenApiNode) ?? {},
);

/**
 * The device record's fields as the device list selects them: the stored ones (`stored`, their column or
 * expression, some beyond the OpenAPI's) and every other OpenAPI field as null.
 */
export function deviceRecordFields(stored: Record<string, FieldExpr>): Record<string, FieldExpr> {
  const fields: Record<string, FieldExpr> = {};
  for (const name of DEVICE_RECORD_FIELDS) fields[name] = stored[name] ?? NO_VALUE;
  return { ...fields, ...stored };
}
