import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField, canActOn, hasPermission, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { ApiError, done, invalid, list, notFound } from '../http/envelope';
import { readMultipart } from '../http/multipart';
import { invitableDefaultRoles } from '../services/invitable-roles';
import { ID_SCHEMA, distinct, idList, routeId } from '../services/ids';
import { memoryList } from './pages-memory-list';
import { messages } from '../../engine/validators/messages';

/** Fields a role list may be sorted by and searched in. */
const ROLE_LIST = {
  sortable: ['id', 'name', 'title', 'permissions_count', 'company_id', 'scope'],
  search: ['title', 'name'],
};
/**
 * A role's permission table: sorted and searched as the list's allow lists
 * say, every row unless `limit` is given (the vendor API does not page it).
 */
const ROLE_PERMISSION_LIST = {
  sortable: ['id', 'name', 'title', 'category', 'created_at'],
  search: ['name', 'title'],
  defaultSort: 'category,id',
  unpaged: true,
};

// Roles: the five default roles of the spec (company_id null) and custom
// roles per company; the permission table of a role (view_permissions).
// Default roles first by permission count descending, then custom roles by
// id descending (forms spec §6).

const SCOPES: Record<string, number> = { own: 0, subtree: 1 };

const roleBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // The new-role form's limits, so an edit saves what a create stored.
    title: { type: 'string', minLength: 1, maxLength: 255 },
    description: { type: ['string', 'null'], maxLength: 255 },
    company_id: ID_SCHEMA,
    permissions: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 100 } },
    scope: { type: 'string', enum: ['own', 'subtree'] },
    // The OpenAPI's spelling of an edit: the role's own id, and its permissions by id.
    id: ID_SCHEMA,
    permission_id: { type: 'array', maxItems: 200, items: ID_SCHEMA },
  },
} as const;

/** PUT /roles/permissions: the roles and the permissions they get (ids, each once). */
const rolesPermissionsBody = {
  type: 'object',
  required: ['role_id', 'permission_id'],
  additionalProperties: false,
  properties: {
    role_id: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: ID_SCHEMA },
    permission_id: { type: 'array', maxItems: 200, uniqueItems: true, items: ID_SCHEMA },
  },
} as const;

/** Roles with their company name and permission count (the list's and the item's columns). */
export function selectRoles(db: Kysely<Database>) {
  return db
    .selectFrom('roles as r')
    .leftJoin('companies as c', 'c.id', 'r.company_id')
    .select([
      'r.id',
      'r.name',
      'r.title',
      'r.description',
      'r.company_id',
      'c.name as company_name',
      'r.scope',
      'r.created_at',
      'r.updated_at',
      sql<number>`(select count(*) from role_permissions rp where rp.role_id = r.id)`.as('permissions_count'),
    ]);
}

export default async function roles(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  async function visibleRole(actor: Actor, id: number) {
    const role = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!role) throw notFound('Role not found.');
    if (role.company_id !== null && !canActOn(actor, role.company_id)) throw notFound('Role not found.');
    // Without view_roles a user sees only the permission table of the own role.
    if (!hasPermission(actor, 'view_roles') && role.id !== actor.role.id) throw notFound('Role not found.');
    return role;
  }

  async function checkPermissions(actor: Actor, names: string[], source = 'permissions') {
    const known = new Set((await db.selectFrom('permissions').select('name').execute()).map((p) => p.name));
    const bad = names.find((n) => !known.has(n));
    if (bad) throw invalid([source, `The permission ${bad} does not exist.`]);
    const beyond = names.find((n) => !actor.permissions.has(n));
    if (beyond) throw invalid([source, `You cannot grant the permission ${beyond} that you do not hold.`]);
  }

  async function setPermissions(roleId: number, names: string[]) {
    await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
    if (!names.length) return;
    const ids = await db.selectFrom('permissions').select('id').where('name', 'in', names).execute();
    await db
      .insertInto('role_permissions')
      .values(ids.map((p) => ({ role_id: roleId, permission_id: p.id })))
      .execute();
  }

  app.get('/roles', { preHandler: requirePermission(['view_roles', 'create_users'], 'some') }, async (request) => {
    const actor = actorOf(request);
    const q = request.query as { company_id?: string; type?: string };
    let query = selectRoles(db);
    const companyId = q.company_id ? Number(q.company_id) : undefined;
    if (companyId !== undefined && !canActOn(actor, companyId)) throw notFound('Company not found.');
    query = query.where((eb) => {
      const custom =
        companyId !== undefined
          ? eb('r.company_id', '=', companyId)
          : actor.companyIds === null
            ? eb('r.company_id', 'is not', null)
            : eb('r.company_id', 'in', actor.companyIds);
      return eb.or([eb('r.company_id', 'is', null), custom]);
    });
    if (q.type !== undefined && q.type !== 'default' && q.type !== 'custom') {
      throw invalid(['type', 'The selected type is invalid. Allowed: default, custom.']);
    }
    if (q.type === 'default') query = query.where('r.company_id', 'is', null);
    if (q.type === 'custom') query = query.where('r.company_id', 'is not', null);
    const rows = await query.execute();
    const invitable = invitableDefaultRoles(actor);
    rows.sort((a, b) => {
      if ((a.company_id === null) !== (b.company_id === null)) return a.company_id === null ? -1 : 1;
      return a.company_id === null ? Number(b.permissions_count) - Number(a.permissions_count) : b.id - a.id;
    });
    const data = rows.map(({ scope, ...r }) => ({
      ...r,
      permissions_count: Number(r.permissions_count),
      scope: scope === 2 ? 'all' : scope === 1 ? 'subtree' : 'own',
      isDefault: r.company_id === null,
      canInviteRoles: r.company_id !== null || invitable.includes(r.name),
    }));
    // limit, offset, sort and q as every list (default order: default roles first).
    return memoryList(data, request.query as Record<string, unknown>, ROLE_LIST);
  });

  app.get('/roles/permissions', { preHandler: requirePermission('view_roles') }, async (request) => {
    const q = (request.query as { q?: string }).q?.trim();
    let query = db
      .selectFrom('permissions')
      .select([
        'id',
        'name',
        'title',
        'category',
        sql<string>`'Category: ' || category`.as('description'),
        'created_at',
      ])
      .orderBy('id');
    if (q) query = query.where((eb) => eb.or([eb('name', 'like', `%${q}%`), eb('title', 'like', `%${q}%`)]));
    const rows = await query.execute();
    return list(rows, rows.length);
  });

  app.get('/roles/:id/permissions', { preHandler: requirePermission('view_permissions') }, async (request) => {
    const actor = actorOf(request);
    const role = await visibleRole(actor, routeId(request.params));
    const rows = await db
      .selectFrom('role_permissions as rp')
      .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
      .select(['p.id', 'p.name', 'p.title', 'p.category', 'p.created_at'])
      .where('rp.role_id', '=', role.id)
      .execute();
    return memoryList(rows, request.query as Record<string, unknown>, ROLE_PERMISSION_LIST, {
      role: { id: role.id, name: role.name, title: role.title },
    });
  });

  // The new-role form: title, description, company_id (one or more companies:
  // one custom role each), permission_id (ids from /roles/permissions). As JSON
  // (the console) or as the OpenAPI writes it, multipart/form-data with the
  // lists as `company_id[]` and `permission_id[]` fields, their ids as text.
  const createGuard = guard(app, { permission: 'create_roles', form: true, mfa: true });
  const multipartRole = async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const fields = await readMultipart(request);
    const ids = (value: unknown) =>
      [value ?? []].flat().map((v) => (typeof v === 'string' && /^[1-9]\d{0,15}$/.test(v) ? Number(v) : v));
    request.body = {
      ...fields,
      ...('company_id' in fields ? { company_id: ids(fields.company_id) } : {}),
      ...('permission_id' in fields ? { permission_id: ids(fields.permission_id) } : {}),
    };
  };
  const preValidation = [multipartRole, ...[createGuard.preValidation ?? []].flat()];
  app.post('/roles', { ...createGuard, preValidation }, async (request, reply) => {
    const actor = actorOf(request);
    const form = request.form!;
    const companies: number[] = [];
    for (const c of idList(form.company_id, 'company_id', 'company')) {
      companies.push(await assertCompanyField(db, actor, c));
    }
    const ids = idList(form.permission_id, 'permission_id', 'permission');
    const named = await db.selectFrom('permissions').select(['id', 'name']).where('id', 'in', ids).execute();
    if (named.length !== ids.length) throw invalid(['permission_id', 'The selected permissions are invalid.']);
    const permissions = named.map((p) => p.name);
    await checkPermissions(actor, permissions, 'permission_id');
    const title = String(form.title).trim();
    const name =
      title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, '') || 'role';
    const clash = await db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', name)
      .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', 'in', companies)]))
      .executeTakeFirst();
    if (clash) throw invalid(['title', 'A role with this title already exists.']);
    const now = ctx.now().toISOString();
    const description = form.description ? String(form.description) : null;
    const created: number[] = [];
    for (const companyId of companies) {
      const { id } = await db
        .insertInto('roles')
        .values({
          name,
          title,
          description,
          company_id: companyId,
          scope: SCOPES.own,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setPermissions(id, permissions);
      created.push(id);
    }
    return reply
      .status(201)
      .send({ success: true, data: { id: created[0], ids: created, name }, message: 'Role created successfully' });
  });

  // Overwrites the permissions of several custom roles at once, under the rules of PUT /roles/{id}.
  app.put(
    '/roles/permissions',
    { ...guard(app, { permission: 'update_roles', mfa: true }), schema: { body: rolesPermissionsBody } },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body as { role_id: number[]; permission_id: number[] };
      const changed = [];
      for (const id of body.role_id) {
        const role = await visibleRole(actor, id);
        if (role.company_id === null) throw ApiError.of(403, 'FORBIDDEN', 'Default roles cannot be changed.');
        changed.push(role.id);
      }
      if (!body.permission_id.length) throw invalid(['permission_id', 'A role needs at least one permission.']);
      const named = await db.selectFrom('permissions').select('name').where('id', 'in', body.permission_id).execute();
      if (named.length !== body.permission_id.length)
        throw invalid(['permission_id', 'The selected permissions are invalid.']);
      const permissions = named.map((p) => p.name);
      await checkPermissions(actor, permissions, 'permission_id');
      for (const id of changed) await setPermissions(id, permissions);
      await db.updateTable('roles').set({ updated_at: ctx.now().toISOString() }).where('id', 'in', changed).execute();
      return done(undefined, 'Roles updated successfully');
    },
  );

  app.put(
    '/roles/:id',
    // The published edit-role form is enforced (a partial form: a field left out keeps its value); a body of
    // permission_id alone (the OpenAPI's spelling of the permissions) is checked by the body schema alone.
    {
      ...guard(app, {
        permission: 'update_roles',
        mfa: true,
        form: 'optional',
        formOmits: ['id', 'permission_id'],
      }),
      schema: { body: roleBody },
    },
    async (request) => {
      const actor = actorOf(request);
      const role = await visibleRole(actor, routeId(request.params));
      if (role.company_id === null) throw ApiError.of(403, 'FORBIDDEN', 'Default roles cannot be changed.');
      const body = request.body as {
        title?: string;
        description?: string | null;
        permissions?: string[];
        permission_id?: number[];
        scope?: string;
        company_id?: number;
        id?: number;
      };
      if (body.id !== undefined && body.id !== role.id) throw invalid(['id', 'The id must be the role being edited.']);
      if (body.permission_id) {
        if (body.permissions) throw invalid(['permission_id', 'Send the permissions by id or by name, not both.']);
        const ids = distinct(body.permission_id, 'permission_id');
        const named = ids.length
          ? await db.selectFrom('permissions').select('name').where('id', 'in', ids).execute()
          : [];
        if (named.length !== ids.length) throw invalid(['permission_id', 'The selected permissions are invalid.']);
        body.permissions = named.map((p) => p.name);
      }
      // Trimmed as the form trims: blank is no title.
      if (body.title !== undefined && !body.title.trim()) throw invalid(['title', messages.required('Title', 'title')]);
      if (body.company_id !== undefined && body.company_id !== role.company_id)
        throw invalid(['company_id', 'A role cannot change its company.']);
      // A role without permissions grants nothing: clearing the list is refused, not saved.
      if (body.permissions?.length === 0) throw invalid(['permissions', 'A role needs at least one permission.']);
      if (body.permissions) {
        await checkPermissions(actor, distinct(body.permissions, 'permissions'));
        await setPermissions(role.id, body.permissions);
      }
      await db
        .updateTable('roles')
        .set({
          ...(body.title !== undefined ? { title: body.title.trim() } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.scope ? { scope: SCOPES[body.scope] } : {}),
          updated_at: ctx.now().toISOString(),
        })
        .where('id', '=', role.id)
        .execute();
      return done(undefined, 'Role updated successfully');
    },
  );

  app.delete('/roles/:id', guard(app, { permission: 'delete_roles', mfa: true }), async (request) => {
    const actor = actorOf(request);
    const role = await visibleRole(actor, routeId(request.params));
    if (role.company_id === null) throw ApiError.of(403, 'FORBIDDEN', 'Default roles cannot be removed.');
    const used = await db.selectFrom('users').select('id').where('role_id', '=', role.id).limit(1).executeTakeFirst();
    if (used) throw ApiError.of(422, 'ROLE_IN_USE', 'The role is assigned to users and cannot be removed.', 'id');
    await db.deleteFrom('roles').where('id', '=', role.id).execute();
    return done(undefined, 'Role removed successfully');
  });
}
