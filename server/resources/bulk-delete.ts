import type { FastifyInstance } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { invalid } from '../http/envelope';
import { reportDone } from '../services/action-report';
import { ID_LIST_BODY } from '../services/ids';
import { scoped } from './scoped';

// The RMS API's bulk deletes by an `id` list (remote access entries, VPN hubs):
// every id must be one of the caller's companies' records, else nothing is
// removed; the result is reported on an action channel as the OpenAPI says.

interface BulkDelete {
  path: string;
  permission: string;
  table: 'remote_access' | 'vpn_hubs';
  /** The message on `id` when an id is not one of the caller's records. */
  notFound: string;
  /** The completion message (the OpenAPI's, where it gives one). */
  value?: string;
  /** Removes what goes with the records (what no foreign key removes), before they go. */
  dependents?: (ids: number[]) => Promise<void>;
}

export function bulkDeleteRoute(
  app: FastifyInstance,
  { path, permission, table, notFound, value, dependents }: BulkDelete,
): void {
  const { ctx } = app;
  app.delete(path, { preHandler: requirePermission(permission), schema: { body: ID_LIST_BODY } }, async (request) => {
    const actor = actorOf(request);
    const ids = (request.body as { id: number[] }).id;
    const found = await scoped(
      ctx.db.selectFrom(table).select('id').where('id', 'in', ids),
      actor,
      'company_id',
    ).execute();
    if (found.length !== ids.length) throw invalid(['id', notFound]);
    await dependents?.(ids);
    await ctx.db.deleteFrom(table).where('id', 'in', ids).execute();
    return reportDone(ctx, actor, {
      total: ids.length,
      done: ids.length,
      failed: 0,
      ...(value ? { data: { value } } : {}),
    });
  });
}
