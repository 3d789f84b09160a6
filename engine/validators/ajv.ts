// ajv (JSON Schema 2020-12 with formats) for the Node-side checks of whole
// documents (schema check, document store) and as the reference the field
// checker (schema-check.ts) is tested against. Field values are never checked
// with it: ajv generates code, which the browser's CSP forbids.
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv;
}
