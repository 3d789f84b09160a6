// The engine's ajv instance (JSON Schema 2020-12 with formats), shared by field
// validation and the schema check.
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv;
}

export const ajv = createAjv();
