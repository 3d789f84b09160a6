import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Actor } from '../auth/actor';
import type { AppContext } from '../context';
import { jsonInteger } from '../db/dialect';
import type { Database } from '../db/types';
import type { ListSpec } from '../http/list-query';
import { listRoute } from './list-route';

// The credits pool move history of the RMS API (GET /credits/move/history):
// every move (POST /credits/move) is recorded with the pool it made, who
// moved how many from which company to which; a caller sees the moves from
// or to their companies.

export interface Move {
  from: number;
  to: number;
  count: number;
  poolId: number;
  userId: number;
}

/** Records a move in the move's transaction (a record of kind credit_move of the source company). */
export async function recordMove(db: Kysely<Database>, ctx: AppContext, move: Move): Promise<void> {
  await db
    .insertInto('records')
    .values({
      kind: 'credit_move',
      company_id: move.from,
      name: `${move.count} credits`,
      status: 'completed',
      details: JSON.stringify({
        to_company_id: move.to,
        count: move.count,
        pool_id: move.poolId,
        user_id: move.userId,
      }),
      created_at: ctx.now().toISOString(),
    })
    .execute();
}

function moveSpec(app: FastifyInstance, actor: Actor): ListSpec {
  const { db } = app.ctx;
  const to = jsonInteger(db, 'r.details', 'to_company_id');
  return {
    from: () => {
      const qb = db
        .selectFrom('records as r')
        .innerJoin('companies as f', 'f.id', 'r.company_id')
        .innerJoin('companies as t', (join) => join.on(sql`t.id`, '=', to))
        .leftJoin('users as u', (join) => join.on(sql`u.id`, '=', jsonInteger(db, 'r.details', 'user_id')))
        .where('r.kind', '=', 'credit_move');
      if (actor.companyIds === null) return qb;
      const mine = actor.companyIds;
      return qb.where((eb) => eb.or([eb('r.company_id', 'in', mine), eb(to, 'in', mine)]));
    },
    idColumn: 'r.id',
    fields: {
      id: 'r.id',
      user_id: jsonInteger(db, 'r.details', 'user_id'),
      user: 'u.username',
      from_company: 'f.name',
      to_company: 't.name',
      count: jsonInteger(db, 'r.details', 'count'),
      created_at: 'r.created_at',
    },
    search: ['from_company', 'to_company'],
    sortable: ['id', 'created_at'],
    defaultSort: '-id',
    filters: {
      pool_id: (values) => {
        const ids = values.map(Number).filter(Number.isSafeInteger);
        return sql`${jsonInteger(db, 'r.details', 'pool_id')} in (${sql.join(ids.length ? ids : [-1])})`;
      },
    },
  };
}

export default async function creditsHistory(app: FastifyInstance) {
  listRoute(app, '/credits/move/history', 'view_credits', (actor) => moveSpec(app, actor));
}
