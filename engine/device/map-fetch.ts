// The devices of a filtered list with their positions, every page of it (the map draws the whole filtered fleet,
// not the table's page): the list query without paging, only the fields a marker needs.
import { http } from '../http/client';
import { readEnvelope } from '../pages/fetch-list';
import { buildListQuery } from '../pages/query';
import { resolvePath, type Scope } from '../pages/template';
import type { ListState } from '../pages/list-state';
import type { PageDocument } from '../pages/types';
import { devicePoints, type DevicePoint } from './map';

/** Rows asked for per request (the server's largest page). */
export const MAP_PAGE_SIZE = 1000;
/** Stop after this many rows: a fleet beyond it is narrowed with the filters first. */
export const MAP_ROW_LIMIT = 20000;
export const MAP_FIELDS = 'id,name,serial,status,latitude,longitude,company_id';

export async function fetchMapPoints(
  doc: PageDocument,
  state: ListState,
  scope: Scope,
  signal?: AbortSignal,
): Promise<{ points: DevicePoint[]; total: number }> {
  const url = resolvePath(doc.endpoint ?? '', scope);
  if (!url) throw new Error(`Missing route parameter for ${doc.endpoint}`);
  const query = { ...buildListQuery(doc, state, scope), fields: MAP_FIELDS, limit: MAP_PAGE_SIZE };
  const points: DevicePoint[] = [];
  let total = 0;
  for (let offset = 0; offset < MAP_ROW_LIMIT; offset += MAP_PAGE_SIZE) {
    const response = await http.get<unknown>(url, { params: { ...query, offset }, signal });
    const page = readEnvelope(response.data);
    total = page.total;
    points.push(...devicePoints(page.rows));
    if (page.rows.length < MAP_PAGE_SIZE || offset + MAP_PAGE_SIZE >= total) break;
  }
  return { points, total };
}
