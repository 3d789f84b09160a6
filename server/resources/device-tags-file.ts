import { queueTagActions, tagActionCaller, taggingsWithActions } from '../services/tag-actions';
import type { FastifyInstance } from 'fastify';
import { PARAMETER_LIMIT } from '../../engine/constants';
import { actorOf } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { invalid } from '../http/envelope';
import { readMultipart } from '../http/multipart';
import { assertSomeTaken, devicesOf, fileRows, uploadedText } from '../services/device-file';
import { isId } from '../services/ids';

// POST /devices/tags of the RMS API: the tags given (tag_id, a comma list or
// a JSON array in the multipart body, or `tag_id[]` fields) are set on every device a CSV file
// names by its serial or MAC (first_parameter), added to the tags it has;
// 200 with the devices tagged, or 207 with the lines refused beside them.

/** A list given as JSON, or a comma list; anything else is no list. */
function listOf(text: string): unknown[] {
  if (!text.startsWith('[')) return text.split(',').map((v) => Number(v.trim()));
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function tagIds(value: unknown): number[] {
  // `tag_id[]` fields (multipart.ts) are a list of texts, each an id.
  const given = Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN))
    : listOf(typeof value === 'string' ? value.trim() : '');
  const ids = given.map(Number);
  if (!ids.length || ids.length > PARAMETER_LIMIT || !ids.every(isId)) {
    throw invalid(['tag_id', 'Select at least one valid tag.']);
  }
  return [...new Set(ids)];
}

export default async function deviceTagsFile(app: FastifyInstance) {
  const { db } = app.ctx;
  app.post('/devices/tags', guard(app, { permission: 'update_devices' }), async (request, reply) => {
    const actor = actorOf(request);
    const body = await readMultipart(request);
    const key = body.first_parameter;
    if (key !== 'serial' && key !== 'mac')
      throw invalid(['first_parameter', 'The selected first parameter is invalid.']);
    const tags = tagIds(body.tag_id);
    let known = db.selectFrom('tags').select('id').where('id', 'in', tags);
    if (actor.companyIds !== null) known = known.where('company_id', 'in', actor.companyIds);
    if ((await known.execute()).length !== tags.length) throw invalid(['tag_id', 'The selected tag is invalid.']);
    const { rows, errors } = fileRows(uploadedText(body), key);
    const found = await devicesOf(db, actor, key, rows);
    errors.push(...found.errors);
    assertSomeTaken(found.found.length, errors);
    const ids = found.found.map((d) => d.id);
    const given = ids.flatMap((device_id) => tags.map((tag_id) => ({ device_id, tag_id })));
    const fresh = await taggingsWithActions(db, given);
    await db
      .insertInto('device_tags')
      .values(given)
      .onConflict((oc) => oc.doNothing())
      .execute();
    await queueTagActions(app.ctx, tagActionCaller(request), fresh);
    return reply
      .status(errors.length ? 207 : 200)
      .send({ success: true, data: ids, ...(errors.length ? { errors } : {}) });
  });
}
