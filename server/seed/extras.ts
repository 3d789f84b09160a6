import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import data from '../../fixtures/data.json';
import { seedRoles, SEED_TIME } from './roles';
import { seedRecordLinks } from './record-links';
import { seedPasswordTasks } from './password-tasks';
import { seedVpn } from './vpn';

// Everything else the console shows from fixtures/data.json: credit pools and
// codes, tags, notifications, announcements, files, VPN hubs, invitations,
// custom roles, suppressed e-mails, mail and impersonation logs, remote
// access, and the simple company records (task groups, reports, ...).

const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60000).toISOString();

async function userIds(db: Kysely<Database>) {
  return new Map((await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]));
}

export async function seedExtras(db: Kysely<Database>): Promise<void> {
  const users = await userIds(db);
  const roles = new Map((await db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
  const at = (i: number) => minutesAfter(SEED_TIME, i * 97);
  await db
    .insertInto('credits')
    .values(
      data.credit_pools.map((p, i) => ({
        credit_price: null,
        pro_form_nr: null,
        ...p,
        assigned_at: at(i),
        expire_at: null,
      })),
    )
    .execute();
  await db
    .insertInto('credit_codes')
    .values(
      data.credit_codes.map((c, i) => {
        const used = c as { used_by_company_id?: number; used_by?: string };
        return {
          code: c.code,
          company_id: c.company_id,
          credit_type_id: c.credit_type_id,
          amount: c.amount,
          comment: c.comment,
          email: c.created_by,
          is_used: used.used_by_company_id ? 1 : 0,
          used_by_company_id: used.used_by_company_id ?? null,
          used_by_user_id: used.used_by ? users.get(used.used_by)! : null,
          activated_at: used.used_by_company_id ? at(i + 20) : null,
          created_at: at(i),
        };
      }),
    )
    .execute();
  await db
    .insertInto('tags')
    .values(data.tags.map((t, i) => ({ ...t, created_at: at(i), updated_at: at(i) })))
    .execute();
  const tags = await db.selectFrom('tags').select(['id', 'company_id']).execute();
  for (const tag of tags) {
    const devices = await db
      .selectFrom('devices')
      .select('id')
      .where('company_id', '=', tag.company_id)
      .limit(12)
      .offset(tag.id * 3)
      .execute();
    if (devices.length)
      await db
        .insertInto('device_tags')
        .values(devices.map((d) => ({ device_id: d.id, tag_id: tag.id })))
        .execute();
  }
  await db
    .insertInto('notifications')
    .values(
      data.notifications.map((n, i) => ({
        user_id: users.get(n.user)!,
        type: n.type,
        summary: n.summary,
        created_at: at(i),
        seen_at: (n as { seen?: boolean }).seen ? at(i + 1) : null,
      })),
    )
    .execute();
  await db
    .insertInto('announcements')
    .values(data.announcements.map((a, i) => ({ ...a, created_at: at(i) })))
    .execute();
  await db
    .insertInto('files')
    .values(
      data.files.map((f, i) => ({
        ...f,
        device_id: null,
        mime:
          f.type === 'firmware'
            ? 'application/octet-stream'
            : f.type === 'eventslog'
              ? 'text/plain'
              : 'application/gzip',
        content: Buffer.from(f.content),
        created_at: at(i),
      })),
    )
    .execute();
  await db
    .insertInto('vpn_hubs')
    .values(data.vpn_hubs.map((h, i) => ({ ...h, created_at: at(i), updated_at: at(i) })))
    .execute();
  await db
    .insertInto('invitations')
    .values(
      data.invitations.map((v, i) => ({
        kind: v.kind,
        email: v.email,
        company_id: v.company,
        role_id: v.role ? roles.get(v.role)! : null,
        invited_by: users.get(v.by)!,
        bounce_status: (v as { bounce_status?: string }).bounce_status ?? null,
        created_at: at(i),
      })),
    )
    .execute();
  for (const role of data.custom_roles) {
    await seedRoles(db, [{ ...role, id: 0, invites: [] }], role.company_id);
  }
  await db
    .insertInto('suppressed_emails')
    .values(data.suppressed_emails.map((s, i) => ({ ...s, created_at: at(i) })))
    .execute();
  await db
    .insertInto('mail_logs')
    .values(data.mail_logs.map((m, i) => ({ ...m, created_at: at(i) })))
    .execute();
  for (const [i, log] of data.impersonation_logs.entries()) {
    const target = await db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', log.user)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('impersonation_logs')
      .values({
        impersonator_id: users.get(log.impersonator)!,
        user_id: target.id,
        company_id: target.company_id,
        started_at: at(i),
        ended_at: minutesAfter(at(i), log.minutes),
      })
      .execute();
  }
  await db
    .insertInto('company_data_history')
    .values(
      data.company_data_history.map((h, i) => ({
        company_id: h.company_id,
        user_id: users.get(h.user)!,
        data: h.credits * 2 * 1024 ** 3,
        credits_used: h.credits,
        created_at: at(i),
      })),
    )
    .execute();
  await db
    .insertInto('records')
    .values(data.records.map((r, i) => ({ ...r, details: JSON.stringify(r.details), created_at: at(i) })))
    .execute();
  await seedRecordLinks(db);
  await seedPasswordTasks(db, users.get('admin@example.com')!, SEED_TIME);
  await seedRemoteAccess(db, users.get('admin@example.com')!);
  await seedVpn(db);
}

const SERVICES: [string, number][] = [
  ['https', 443],
  ['ssh', 22],
  ['http', 80],
  ['rdp', 3389],
  ['vnc', 5900],
  ['telnet', 23],
];

async function seedRemoteAccess(db: Kysely<Database>, userId: number) {
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'company_id', 'name'])
    .where('status', '=', 1)
    .orderBy('id')
    .limit(60)
    .execute();
  for (const [i, d] of devices.entries()) {
    const [protocol, port] = SERVICES[i % SERVICES.length];
    const { id } = await db
      .insertInto('remote_access')
      .values({
        device_id: d.id,
        company_id: d.company_id,
        name: `${d.name} ${protocol.toUpperCase()}`,
        protocol,
        destination_ip: `192.168.${1 + (i % 4)}.1`,
        destination_port: port,
        is_main: i % 6 === 0 ? 1 : 0,
        credentials_required: protocol === 'ssh' || protocol === 'rdp' ? 1 : 0,
        created_at: minutesAfter(SEED_TIME, i * 11),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (i % 3 === 0) {
      await db
        .insertInto('remote_access_history')
        .values({
          remote_access_id: id,
          company_id: d.company_id,
          user_id: userId,
          protocol,
          started_at: minutesAfter(SEED_TIME, i * 13),
          ended_at: minutesAfter(SEED_TIME, i * 13 + 25),
        })
        .execute();
    }
  }
}
