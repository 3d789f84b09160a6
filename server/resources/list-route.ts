import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, requirePermission } from '../auth/guards';
import { list, notFound, ok } from '../http/envelope';
import { planList, rowObjects, runPlan, type ListPlan, type ListSpec } from '../http/list-query';
import { conformerOf } from '../openapi/conform';
import { listWriter, type ListWriter } from '../openapi/list-writer';
import { routeId } from '../services/ids';
import { OwnerMemo } from '../services/owner-memo';

/**
 * Registers GET `path` answering a list envelope for a spec built per caller.
 * The spec must depend on the caller and the URL only (its compiled plan is kept per caller and URL).
 */
export function listRoute(
  app: FastifyInstance,
  path: string,
  permission: string | string[],
  spec: (actor: Actor) => ListSpec,
  mode: 'every' | 'some' = 'every',
): void {
  // The compiled statements of each caller's list URLs. A plan depends only on the caller (its companies, user,
  // permissions) and the URL; session callers are cached per data version (server/auth), so any write, revocation
  // or role change brings a new caller object, and the plans of the old one are never read again.
  const plans = new OwnerMemo<ListPlan>(100);
  // The JSON writer of each plan's columns, for lists without a row map: their rows go from the database's
  // column values to the response text, shaped as the OpenAPI conformance shapes every other response.
  const writers = new WeakMap<ListPlan, ListWriter>();
  const writerOf = (plan: ListPlan, request: FastifyRequest) => {
    let writer = writers.get(plan);
    if (!writer) {
      const { schemaOf } = app.conformance;
      // A plan is per URL: whether it names its fields (`fields`) is the same for every request of it.
      writer = listWriter(
        conformerOf(app.conformance, request.query),
        schemaOf('GET', request.routeOptions.url, 200),
        plan.fields,
        plan.columns,
      );
      writers.set(plan, writer);
    }
    return writer;
  };
  app.get(path, { preHandler: requirePermission(permission, mode) }, async (request, reply) => {
    const actor = actorOf(request);
    const { counts, db } = app.ctx;
    const plan = plans.get(actor, request.url, () => planList(spec(actor), request.query as Record<string, unknown>));
    const { rows, total } = await runPlan(db, plan, counts);
    if (plan.map) return list(rowObjects(plan, rows), total);
    reply.type('application/json; charset=utf-8');
    return writerOf(plan, request)(rows, total);
  });
}

/**
 * Finds one row of a list as the list shows it (its spec's tenancy and row map), by the call's `id` and the list
 * parameters given (`fields`). An item's page asks for it again on every update of it: the compiled statement is
 * kept per caller and URL, as the list's are.
 */
export function itemFinder(app: FastifyInstance, spec: (actor: Actor) => ListSpec) {
  const plans = new OwnerMemo<ListPlan>(100);
  return async (request: FastifyRequest, query: Record<string, unknown>) => {
    const actor = actorOf(request);
    const plan = plans.get(actor, request.url, () => planList(spec(actor), { ...query, limit: '1' }));
    const [row] = rowObjects(plan, (await runPlan(app.ctx.db, plan, app.ctx.counts)).rows);
    return row as Record<string, unknown> | undefined;
  };
}

/**
 * Registers GET `path` (`<list>/:id`) answering one row of the list, as the list shows it: the list's spec (its
 * permission, tenancy and row map) and, for a route the OpenAPI does not have, the wire format of the list's rows
 * (an OpenAPI item operation is shaped by its own schema). A 404 (`notFound`) when the row is not the caller's.
 */
export function itemRoute(
  app: FastifyInstance,
  path: string,
  permission: string,
  spec: (actor: Actor) => ListSpec,
  { shape = (row) => row, notFound: message }: ItemOptions = {},
) {
  const find = itemFinder(app, spec);
  app.get(path, { preHandler: requirePermission(permission) }, async (request) => {
    const row = await find(request, { id: String(routeId(request.params)) });
    if (!row) throw notFound(message);
    const item = shape(row);
    const { schemaOf } = app.conformance;
    const conform = conformerOf(app.conformance, request.query);
    const url = request.routeOptions.url;
    const listSchema = schemaOf('GET', url, 200) ? undefined : schemaOf('GET', url?.replace(/\/:id$/, ''), 200);
    return ok(listSchema ? (conform({ data: [item] }, listSchema) as { data: unknown[] }).data[0] : item);
  });
}

interface ItemOptions {
  /** The item as the route answers it, from the list's row. */
  shape?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** The 404's message. */
  notFound?: string;
}
