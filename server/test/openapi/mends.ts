import { deref } from '../../openapi/conform';
import { loadDocument, type OpenApiNode } from '../../openapi/document';

// Vendor schema defects, mended narrowly before an answer is checked
// strictly against them (openapi-conformance.test.ts, openapi-contract.test.ts):
// the automation lists (the list, its logs, its devices) are typed as one
// object where the operation answers a list (their data is checked as an
// array of that object), the VPN hub list types `company_name` as an integer
// (checked as a string), and the report list types `parameters` as integers
// while its own example, the report form and `POST /reports` use the names
// (checked as the names `POST /reports` takes).

const document = loadDocument();

const LISTS_TYPED_AS_OBJECT = [
  'GET /automations 200',
  'GET /automations/{}/logs 200',
  'GET /automations/{}/devices 200',
  'GET /devices/{}/automations 200',
];

/** The parameter names a new report takes (`reports_add`). */
const reportParameters = (
  (deref(document, { $ref: '#/components/schemas/reports_add' })!.properties as Record<string, OpenApiNode>)
    .parameters as OpenApiNode
).items as OpenApiNode;

/** Mends the response schema of "KEY STATUS" (strictValidator's `mend`). */
export function mend(key: string, schema: OpenApiNode): OpenApiNode {
  const properties = schema.properties as Record<string, OpenApiNode>;
  if (LISTS_TYPED_AS_OBJECT.includes(key)) properties.data = { type: 'array', items: properties.data };
  const retype = (field: string, type: OpenApiNode) => {
    const items = structuredClone(deref(document, properties.data.items)!);
    (items.properties as Record<string, OpenApiNode>)[field] = type;
    properties.data = { ...properties.data, items };
  };
  if (key === 'GET /vpn/hubs 200') retype('company_name', { type: 'string' });
  if (key === 'GET /reports 200') retype('parameters', { type: 'array', items: reportParameters });
  return schema;
}
