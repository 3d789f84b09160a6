import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor';
import type { ListSpec } from '../http/list-query';
import { listRoute } from './list-route';
import { scoped } from './scoped';

// Read-only logs: impersonation logs (tenancy by the impersonated user's
// company) and the mail log of every e-mail the server sent.

function impersonationSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(
        app.ctx.db
          .selectFrom('impersonation_logs as l')
          .innerJoin('companies as c', 'c.id', 'l.company_id')
          .leftJoin('users as a', 'a.id', 'l.impersonator_id')
          .leftJoin('users as u', 'u.id', 'l.user_id'),
        actor,
        'l.company_id',
      ),
    idColumn: 'l.id',
    fields: {
      id: 'l.id',
      impersonator_id: 'l.impersonator_id',
      impersonator_email: 'a.email',
      user_id: 'l.user_id',
      user_email: 'u.email',
      email: 'u.email',
      company_id: 'l.company_id',
      company_name: 'c.name',
      started_at: 'l.started_at',
      ended_at: 'l.ended_at',
      created_at: 'l.started_at',
    },
    search: ['impersonator_email', 'user_email'],
    defaultSort: '-id',
    filters: { company_id: 'l.company_id', user_id: 'l.user_id', impersonator_id: 'l.impersonator_id' },
  };
}

const mailSpec = (app: FastifyInstance): ListSpec => ({
  from: () => app.ctx.db.selectFrom('mail_logs as m'),
  idColumn: 'm.id',
  fields: {
    id: 'm.id',
    recipient: 'm.recipient',
    email: 'm.recipient',
    subject: 'm.subject',
    template: 'm.template',
    body: 'm.body',
    created_at: 'm.created_at',
  },
  search: ['recipient', 'subject'],
  defaultSort: '-id',
  filters: { template: 'm.template', recipient: 'm.recipient' },
});

export default async function logs(app: FastifyInstance) {
  listRoute(app, '/users/impersonation-logs', 'view_impersonation_logs', (actor) => impersonationSpec(app, actor));
  listRoute(app, '/system/mail-logs', 'view_mail_logs', () => mailSpec(app));
}
