import { endpointKey } from '../../engine/contract/endpoint';
import { isDisplayOnly } from '../../engine/fields/kinds';
import type { FieldSchema, FormDocument } from '../../engine/schema/types';

// The resources that keep custom fields: a field of a form submitted to one of
// the resource's write routes whose key the resource does not store is a
// custom field of the record (stored in custom_values, read back under
// `custom_fields`). `stored` are the keys the route handlers read (the
// resource's columns and the built-in forms' keys): the studio's designer
// says "stored by the resource" for them and "custom field" for any other.

export interface CustomResource {
  name: string;
  /** The list route whose rows (and item route, the list's path and /{id}) carry custom_fields. */
  list: string;
  /** The permission that reads the list (and so the custom fields' names). */
  view: string;
  /** Write routes, as form documents spell them (method and endpoint). */
  routes: readonly (readonly [string, string])[];
  stored: readonly string[];
}

const RESOURCES: CustomResource[] = [
  {
    name: 'tags',
    list: '/tags',
    view: 'view_tags',
    routes: [
      ['post', '/tags'],
      ['put', '/tags/{id}'],
    ],
    stored: ['id', 'company_id', 'name', 'description', 'color'],
  },
  {
    // A company's values belong to the company itself (its custom_values company_id is its own id).
    name: 'companies',
    list: '/companies',
    view: 'view_companies',
    routes: [
      ['post', '/companies'],
      ['put', '/companies/{id}'],
    ],
    stored: ['id', 'name', 'parent_id', 'level', 'show_payment', 'email'],
  },
];

const byName = new Map(RESOURCES.map((r) => [r.name, r]));
const byRoute = new Map(RESOURCES.flatMap((r) => r.routes.map(([m, e]) => [endpointKey(m, e), r] as const)));

export const customResource = (name: string): CustomResource | undefined => byName.get(name);

/** The resource a form's method and endpoint write, when it keeps custom fields. */
export const resourceOfRoute = (method: string, endpoint: string): CustomResource | undefined =>
  byRoute.get(endpointKey(method, endpoint));

/** The resource whose list (or one record of it: `/tags/{id}`) a page's endpoint reads. */
export const resourceOfList = (endpoint: string): CustomResource | undefined =>
  RESOURCES.find((r) =>
    [r.list, `${r.list}/{id}`].some((path) => endpointKey('get', path) === endpointKey('get', endpoint)),
  );

/** The fields of a form that are custom fields of its resource (none when the route keeps none). */
export function customFieldsOf(doc: FormDocument): FieldSchema[] {
  const resource = resourceOfRoute(doc.method ?? 'post', doc.endpoint);
  if (!resource) return [];
  return doc.fields.filter((f) => !isDisplayOnly(f) && !resource.stored.includes(f.key));
}
