// The studio's calls to the document store (server/resources/documents.ts) and the
// role list the preview borrows permission sets from.
import type { DocumentKind } from '../../engine/schema/document-source';
import type { DocumentVersionAction } from '../../engine/schema/version-actions';
import { http, isHttpError } from '../../engine/http/client';
import type { ReceivedErrorItem } from '../../engine/contract/error-item';
import { errorItems, failureBody } from '../../engine/contract/envelope';

export interface DocumentSummary {
  kind: DocumentKind;
  name: string;
  title: string | null;
  version: number;
  updated_at: string;
  updated_by: string;
}

export interface VersionRow {
  version: number;
  action: DocumentVersionAction;
  author: string;
  created_at: string;
}

export interface Problem {
  pointer: string;
  message: string;
}

export interface ApiRoute {
  method: string;
  path: string;
}

export interface Published {
  document: Record<string, unknown>;
  version: number;
}

const base = (kind: string, name: string) => `/documents/${kind}/${encodeURIComponent(name)}`;

export async function listDocuments(): Promise<DocumentSummary[]> {
  return (await http.get<{ data: DocumentSummary[] }>('/documents')).data.data;
}

/** The published document and its version, or undefined for a new one. */
export async function loadPublished(kind: DocumentKind, name: string): Promise<Published | undefined> {
  try {
    const reply = await http.get<{ data: Record<string, unknown>; meta: { version: number } }>(base(kind, name));
    return { document: reply.data.data, version: reply.data.meta.version };
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return undefined;
    throw error;
  }
}

export async function checkText(kind: DocumentKind, name: string, text: string, signal?: AbortSignal) {
  const reply = await http.post<{ data: { problems: Problem[]; routed: boolean | null } }>(
    `${base(kind, name)}/check`,
    { text },
    { signal, skipCancel: true },
  );
  return reply.data.data;
}

export type PublishResult =
  | { status: 'published'; version: number }
  | { status: 'conflict'; latest: number }
  | { status: 'invalid'; errors: ReceivedErrorItem[] };

export async function publish(kind: DocumentKind, name: string, document: unknown, version: number) {
  try {
    const reply = await http.put<{ data: { version: number } }>(base(kind, name), { document, version });
    return { status: 'published', version: reply.data.data.version } satisfies PublishResult;
  } catch (error) {
    if (isHttpError(error) && error.status === 409)
      return {
        status: 'conflict',
        latest: (error.data as { meta: { version: number } }).meta.version,
      } as PublishResult;
    if (isHttpError(error) && error.status === 422)
      return { status: 'invalid', errors: errorItems(failureBody(error)) } as PublishResult;
    throw error;
  }
}

export async function listVersions(kind: DocumentKind, name: string): Promise<VersionRow[]> {
  return (await http.get<{ data: VersionRow[] }>(`${base(kind, name)}/versions`)).data.data;
}

/** One stored version of a document. */
export async function loadVersion(kind: DocumentKind, name: string, version: number): Promise<Record<string, unknown>> {
  return (await http.get<{ data: Record<string, unknown> }>(`${base(kind, name)}/versions/${version}`)).data.data;
}

export async function revert(kind: DocumentKind, name: string, version: number): Promise<number> {
  return (await http.post<{ data: { version: number } }>(`${base(kind, name)}/revert`, { version })).data.data.version;
}

/** A submission of values against a draft form, nothing written: the server's field errors, or none. */
export async function dryRun(
  name: string,
  document: unknown,
  values: Record<string, unknown>,
  permissions: string[],
): Promise<{ ok: true; message: string } | { ok: false; errors: ReceivedErrorItem[] }> {
  try {
    const reply = await http.post<{ message: string }>(`${base('forms', name)}/dry-run`, {
      document,
      values,
      permissions,
    });
    return { ok: true, message: reply.data.message };
  } catch (error) {
    if (isHttpError(error) && (error.status === 422 || error.status === 403))
      return { ok: false, errors: errorItems(failureBody(error)) };
    throw error;
  }
}

export async function listEndpoints(): Promise<ApiRoute[]> {
  return (await http.get<{ data: ApiRoute[] }>('/documents/endpoints')).data.data;
}

export interface RoleRow {
  id: number;
  name: string;
  title: string;
}

export async function listRoles(): Promise<RoleRow[]> {
  return (await http.get<{ data: RoleRow[] }>('/roles', { params: { limit: 100 } })).data.data;
}

export async function rolePermissions(id: number): Promise<string[]> {
  const rows = (await http.get<{ data: ({ name: string } | string)[] }>(`/roles/${id}/permissions`)).data.data;
  return rows.map((row) => (typeof row === 'string' ? row : row.name));
}

export interface PermissionRow {
  name: string;
  title: string;
}

/** Every permission there is (the permission list roles are made of). */
export async function listPermissions(): Promise<PermissionRow[]> {
  return (await http.get<{ data: PermissionRow[] }>('/roles/permissions')).data.data;
}

/** The names of the lookup documents, for option pickers. */
export async function listLookupNames(): Promise<string[]> {
  return (await http.get<{ data: DocumentSummary[] }>('/documents/lookups')).data.data.map((d) => d.name);
}

export interface StoredKeys {
  /** The resource the form's endpoint writes, null when none keeps its values. */
  resource: string | null;
  /** The keys the resource stores in its own columns; any other field is its custom field. */
  stored: string[];
}

/** Which of a form's fields the resource behind its endpoint stores, and which become custom fields. */
export async function storedKeys(call: string): Promise<StoredKeys> {
  const [method, endpoint] = call.split(' ');
  return (await http.get<{ data: StoredKeys }>('/custom-fields/stored', { params: { method, endpoint } })).data.data;
}

export interface DraftRow {
  author: string;
  author_id: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The caller's own draft of a document (its raw text), or null. */
export async function loadDraft(kind: DocumentKind, name: string) {
  const reply = await http.get<{ data: { text: string; version: number; updated_at: string } | null }>(
    `${base(kind, name)}/draft`,
  );
  return reply.data.data;
}

export async function saveDraft(kind: DocumentKind, name: string, text: string, version: number): Promise<void> {
  await http.put(`${base(kind, name)}/draft`, { text, version }, { skipCancel: true });
}

export async function dropDraft(kind: DocumentKind, name: string): Promise<void> {
  await http.delete(`${base(kind, name)}/draft`, { skipCancel: true });
}

/** Every owner's draft of a document. */
export async function listDrafts(kind: DocumentKind, name: string): Promise<DraftRow[]> {
  return (await http.get<{ data: DraftRow[] }>(`${base(kind, name)}/drafts`)).data.data;
}
