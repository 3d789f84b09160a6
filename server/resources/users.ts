import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor';
import type { ListSpec } from '../http/list-query';
import { listRoute } from './list-route';
import { bool, scoped } from './scoped';

export function userListSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(
        app.ctx.db
          .selectFrom('users as u')
          .innerJoin('companies as c', 'c.id', 'u.company_id')
          .innerJoin('roles as r', 'r.id', 'u.role_id'),
        actor,
        'u.company_id',
      ),
    idColumn: 'u.id',
    fields: {
      id: 'u.id',
      username: 'u.username',
      name: 'u.username',
      email: 'u.email',
      first_name: 'u.first_name',
      last_name: 'u.last_name',
      role: 'u.role_id',
      role_id: 'u.role_id',
      role_name: 'r.name',
      role_title: 'r.title',
      company_id: 'u.company_id',
      company_name: 'c.name',
      mfa_type: 'u.mfa_type',
      email_verified: 'u.email_verified',
      last_login_at: 'u.last_login_at',
      created_at: 'u.created_at',
      updated_at: 'u.updated_at',
    },
    search: ['username', 'email'],
    // The global search asks for `name`: a user's name is the username.
    searchAliases: { name: ['username'] },
    sortable: ['id', 'username', 'email', 'company_name', 'role_title', 'created_at', 'last_login_at'],
    defaultSort: 'id',
    filters: { company_id: 'u.company_id', role: 'r.name', role_id: 'u.role_id' },
    map: (row) => ('email_verified' in row ? { ...row, email_verified: bool(row.email_verified) } : row),
  };
}

export default async function users(app: FastifyInstance) {
  listRoute(app, '/users', 'view_users', (actor) => userListSpec(app, actor));
}
