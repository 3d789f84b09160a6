import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { actorOf } from '../auth/guards';
import type { Database } from '../db/types';
import { jsonArrayFrom } from '../db/dialect';
import { invalid } from '../http/envelope';
import type { AppContext } from '../context';
import type { BulkWork } from '../jobs/bulk-work';
import { templateRequests } from './configurator-template';

// A tag's actions (POST /tags `actions`, the OpenAPI's four kinds): what a
// device given the tag gets, each with its source in the tag's company: a
// firmware file to update to, a backup (config) file to upload, a task group
// to run, a configurator template to apply. One of each kind per tag. A
// device newly given the tag (by any call that tags devices) gets each action
// as the action's own page would start it: a bulk job on its channel.

export type TagActionName =
  'firmware_upload' | 'config_upload' | 'execute_tasks_group' | 'execute_mulficonfig_template';

/** Where each action's source lives: a file of these types, or a company record of this kind. */
const SOURCES: Record<TagActionName, { files: string[] } | { record: string }> = {
  firmware_upload: { files: ['firmware', 'global_firmware'] },
  config_upload: { files: ['config'] },
  execute_tasks_group: { record: 'task_group' },
  execute_mulficonfig_template: { record: 'configurator_template' },
};

export interface TagAction {
  action: TagActionName;
  source_id: number;
}

async function sourceFound(db: Kysely<Database>, companyId: number, { action, source_id: id }: TagAction) {
  const source = SOURCES[action];
  if ('files' in source) {
    const file = await db
      .selectFrom('files')
      .select(['company_id', 'type'])
      .where('id', '=', id)
      .where('type', 'in', source.files)
      .executeTakeFirst();
    return Boolean(file && (file.company_id === companyId || file.type === 'global_firmware'));
  }
  const record = await db
    .selectFrom('records')
    .select('id')
    .where('id', '=', id)
    .where('kind', '=', source.record)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Boolean(record);
}

/**
 * The actions a body sends (as the OpenAPI's schema checked them), each with an action and a source found in
 * the company, no kind twice: else a 422 on the item's field.
 */
export async function checkedTagActions(
  db: Kysely<Database>,
  companyId: number,
  sent: { action?: string; source_id?: number }[],
): Promise<TagAction[]> {
  const problems: [string, string][] = [];
  const seen = new Set<string>();
  for (const [i, item] of sent.entries()) {
    if (!item.action) problems.push([`actions.${i}.action`, 'The action field is required.']);
    else if (seen.has(item.action)) problems.push([`actions.${i}.action`, 'A tag takes each action once.']);
    else if (item.source_id === undefined) problems.push([`actions.${i}.source_id`, 'The source field is required.']);
    else if (!(await sourceFound(db, companyId, item as TagAction)))
      problems.push([`actions.${i}.source_id`, 'The selected source is invalid.']);
    if (item.action) seen.add(item.action);
  }
  if (problems.length) throw invalid(...problems);
  return sent as TagAction[];
}

/** A tag's actions as the tag list answers them (JSON text): tag, action, source and its name, creation time. */
export function tagActionsJson(db: Kysely<Database>) {
  const fileName = sql<string>`(select f.name from files as f where f.id = ta.source_id)`;
  const recordName = sql<string>`(select r.name from records as r where r.id = ta.source_id)`;
  return jsonArrayFrom(
    db,
    db
      .selectFrom('tag_actions as ta')
      .select(['ta.tag_id', 'ta.action', 'ta.source_id', 'ta.created_at'])
      .select(
        sql<string>`case when ta.action in ('firmware_upload', 'config_upload') then ${fileName} else ${recordName} end`.as(
          'source_name',
        ),
      )
      .whereRef('ta.tag_id', '=', sql.ref('t.id'))
      .orderBy('ta.action'),
  );
}

/** Who gave the tags, and the console's address the devices download files from (a job's `base`). */
export interface TagActionCaller {
  userId: number;
  base: string;
}

/** The caller of a call that tags devices. */
export const tagActionCaller = (request: FastifyRequest): TagActionCaller => ({
  userId: actorOf(request).user.id,
  base: `${request.protocol}://${request.host}`,
});

export interface Tagging {
  device_id: number;
  tag_id: number;
}

/**
 * The taggings of these not yet stored whose tags have actions: asked before the taggings are written, they are
 * the devices whose tags' actions are to run (a device that had the tag already does not run them again).
 */
export async function taggingsWithActions(db: Kysely<Database>, pairs: Tagging[]): Promise<Tagging[]> {
  const tagIds = [...new Set(pairs.map((p) => p.tag_id))];
  if (!tagIds.length) return [];
  const acting = await db.selectFrom('tag_actions').select('tag_id').distinct().where('tag_id', 'in', tagIds).execute();
  if (!acting.length) return [];
  const withActions = new Set(acting.map((a) => a.tag_id));
  const candidates = pairs.filter((p) => withActions.has(p.tag_id));
  const stored = await db
    .selectFrom('device_tags')
    .select(['device_id', 'tag_id'])
    .where('device_id', 'in', [...new Set(candidates.map((p) => p.device_id))])
    .where('tag_id', 'in', [...withActions])
    .execute();
  const had = new Set(stored.map((s) => `${s.device_id}:${s.tag_id}`));
  return candidates.filter((p) => !had.has(`${p.device_id}:${p.tag_id}`));
}

/** The job of one tag action, from its source (undefined when the source has gone since). */
async function actionWork(
  db: Kysely<Database>,
  action: string,
  sourceId: number,
  base: string,
): Promise<BulkWork | undefined> {
  if (action === 'firmware_upload' || action === 'config_upload') {
    const file = await db.selectFrom('files').select(['id', 'name']).where('id', '=', sourceId).executeTakeFirst();
    return file && { kind: 'device-job', job: { task: action, source: file.name, fileId: file.id, base } };
  }
  const record = await db
    .selectFrom('records')
    .select(['name', 'details'])
    .where('id', '=', sourceId)
    .executeTakeFirst();
  if (!record) return undefined;
  if (action === 'execute_mulficonfig_template')
    return { kind: 'template', name: record.name, requests: templateRequests(record.details) };
  const tasks = await db
    .selectFrom('device_tasks')
    .select('name')
    .where('group_id', '=', sourceId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return { kind: 'task', task: 'task_group', source: `${record.name}: ${tasks.map((t) => t.name).join(', ')}` };
}

/**
 * Runs the actions of the tags these devices were just given: one bulk job per action, over the devices given
 * its tag, on a channel of the caller's (as if they had started it from the action's own page).
 */
export async function queueTagActions(ctx: AppContext, caller: TagActionCaller, taggings: Tagging[]): Promise<void> {
  if (!taggings.length) return;
  const actions = await ctx.db
    .selectFrom('tag_actions')
    .select(['tag_id', 'action', 'source_id'])
    .where('tag_id', 'in', [...new Set(taggings.map((t) => t.tag_id))])
    .orderBy('tag_id')
    .orderBy('action')
    .execute();
  for (const { tag_id, action, source_id } of actions) {
    const ids = [...new Set(taggings.filter((t) => t.tag_id === tag_id).map((t) => t.device_id))];
    const work = await actionWork(ctx.db, action, source_id, caller.base);
    if (!work || !ids.length) continue;
    const channel = await ctx.realtime.createActionChannel(caller.userId);
    await ctx.jobs.add({ channel, userId: caller.userId, ids, work });
  }
}
