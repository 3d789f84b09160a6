import type { FastifyInstance } from 'fastify';
import { actorOf, requirePermission, requireSession } from '../auth/guards';
import { customResource, resourceOfList, resourceOfRoute, type CustomResource } from '../custom-fields/resources';
import { customKeys, publishedCustomFields } from '../custom-fields/values';
import { ApiError, forbidden, invalid, notFound, ok } from '../http/envelope';

// The custom fields API: which keys a form's resource stores (the studio's
// designer says "stored by the resource" or "custom field"), a resource's
// custom fields with whether a form still has them (a list page's columns and
// filters; the studio's "no longer on the form"), and deleting the stored
// values of a field no form has any more. Tenancy: counts and deletes reach
// the caller's companies only.

const MANAGE = 'manage_documents';
const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

function resourceNamed(name: string): CustomResource {
  const resource = customResource(name);
  if (!resource) throw notFound(`There is no resource ${name} with custom fields.`);
  return resource;
}

export default async function customFields(app: FastifyInstance) {
  const { db, documents: store } = app.ctx;

  app.get('/custom-fields/stored', { preHandler: requirePermission(MANAGE) }, async (request) => {
    const { method = 'post', endpoint } = request.query as { method?: string; endpoint?: string };
    if (typeof endpoint !== 'string' || !endpoint.startsWith('/'))
      throw invalid(['endpoint', 'The endpoint field is required.']);
    const resource = resourceOfRoute(String(method), endpoint);
    return ok({ resource: resource?.name ?? null, stored: resource ? [...resource.stored] : [] });
  });

  /** A resource's custom fields: by name, or by its list endpoint (`?endpoint=/tags`). */
  app.get('/custom-fields', { preHandler: requireSession }, async (request) => {
    const { endpoint } = request.query as { endpoint?: string };
    const resource = typeof endpoint === 'string' ? resourceOfList(endpoint) : undefined;
    if (!resource) return ok({ resource: null, fields: [] });
    return ok({ resource: resource.name, fields: await fieldsOf(resource, request) });
  });

  app.get('/custom-fields/:resource', { preHandler: requireSession }, async (request) => {
    const resource = resourceNamed((request.params as { resource: string }).resource);
    return ok({ resource: resource.name, fields: await fieldsOf(resource, request) });
  });

  async function fieldsOf(resource: CustomResource, request: Parameters<typeof actorOf>[0]) {
    const actor = actorOf(request);
    if (!actor.permissions.has(resource.view)) throw forbidden();
    await store.fresh();
    const published = publishedCustomFields(store, resource);
    const keys = await customKeys(db, store, resource, actor);
    let counts = db
      .selectFrom('custom_values')
      .select(['key', (eb) => eb.fn.countAll<number>().as('records')])
      .where('resource', '=', resource.name)
      .groupBy('key');
    if (actor.companyIds !== null) counts = counts.where('company_id', 'in', actor.companyIds);
    const byKey = new Map((await counts.execute()).map((r) => [r.key, Number(r.records)]));
    return keys.map((key) => {
      const field = published.get(key);
      return {
        key,
        label: field?.label ?? key,
        type: field?.type ?? 'text',
        on_form: field !== undefined,
        forms: field?.forms ?? [],
        records: byKey.get(key) ?? 0,
      };
    });
  }

  app.delete('/custom-fields/:resource/:key', { preHandler: requirePermission(MANAGE) }, async (request) => {
    const params = request.params as { resource: string; key: string };
    const resource = resourceNamed(params.resource);
    if (!KEY.test(params.key)) throw notFound();
    await store.fresh();
    const field = publishedCustomFields(store, resource).get(params.key);
    if (field) {
      throw new ApiError(422, [
        {
          code: 'VALIDATION_ERROR',
          message: `The field ${params.key} is still on the form ${field.forms.join(', ')}; remove it from the form first.`,
          source: 'key',
        },
      ]);
    }
    const actor = actorOf(request);
    let query = db.deleteFrom('custom_values').where('resource', '=', resource.name).where('key', '=', params.key);
    if (actor.companyIds !== null) query = query.where('company_id', 'in', actor.companyIds);
    const result = await query.executeTakeFirst();
    const deleted = Number(result.numDeletedRows ?? 0);
    return {
      ...ok({ key: params.key, deleted }),
      message: `Deleted the values of ${params.key} from ${deleted} record(s).`,
    };
  });
}
