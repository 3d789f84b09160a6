// Result messages of the error catalogue (forms spec §8): on success '{Item} {verb}d
// successfully'; on failure the first server error message, otherwise 'Failed to
// {verb} {item} ({status text or code})'; with no request config 'Server error'.
// Item names derive from the path, with the special names of the catalogue.
// Each verb's texts are catalogue keys ('{Item} created successfully', 'Failed
// to create {item}'), the item a key of its own, so a language orders them.
import { t } from '../i18n/i18n';

export const SERVER_ERROR = 'Server error';

interface Special {
  test: RegExp;
  item: string;
  verb?: string;
}

/** Paths with special item names (and verbs), first match wins. */
export const SPECIAL_ITEMS: readonly Special[] = [
  { test: /^\/devices\/updates\/cancel/, item: 'pending updates', verb: 'cancel' },
  { test: /^\/devices\/tags/, item: 'device(s) tags' },
  { test: /^\/devices\/authorized/, item: 'authorized device(s)' },
  { test: /^\/devices\/passwords/, item: 'password' },
  { test: /^\/devices\/remote-access/, item: 'remote access' },
  { test: /^\/devices\/credits\/move/, item: 'resources', verb: 'move' },
  { test: /^\/credits\/move/, item: 'resources', verb: 'move' },
  { test: /^\/credits\/codes/, item: 'credit code' },
  { test: /\/mfa(\/|$)/, item: 'MFA' },
  { test: /^\/suppressed-emails/, item: 'email' },
  { test: /^\/admin\/users/, item: 'user' },
  { test: /^\/users\/invite/, item: 'invitation', verb: 'sent' },
  { test: /^\/distributors\/invitations/, item: 'invitation', verb: 'sent' },
  { test: /^\/files$/, item: 'file', verb: 'upload' },
];

export const METHOD_VERBS: Record<string, string> = {
  post: 'create',
  put: 'update',
  patch: 'update',
  delete: 'remove',
  get: 'get',
};
export const PATH_VERBS = ['cancel', 'assign', 'upload', 'add', 'move', 'generate', 'set', 'activate', 'complete'];

/** Past forms of the verbs whose past is not just a 'd' added. */
const PAST: Record<string, string> = {
  get: 'retrieved',
  add: 'added',
  upload: 'uploaded',
  cancel: 'cancelled',
  sent: 'sent',
  send: 'sent',
  assign: 'assigned',
  set: 'set',
};

export const pastTense = (verb: string) => PAST[verb] ?? (verb.endsWith('e') ? `${verb}d` : `${verb}ed`);

const isIdSegment = (s: string) => /^(\d+|\{[^}]+\}|:[A-Za-z_]+|[^@]+@[^@]+)$/.test(s) || /^[0-9a-f-]{16,}$/i.test(s);

function singular(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(ss|us)$/.test(word)) return word;
  return word.replace(/s$/, '');
}

/** The item and verb a request path and method stand for. */
export function describeRequest(method: string, url: string): { item: string; verb: string } {
  const path = url.split('?')[0].replace(/^\/api(?=\/)/, '');
  const m = method.toLowerCase();
  const special = SPECIAL_ITEMS.find((s) => s.test.test(path));
  const segments = path.split('/').filter((s) => s && !isIdSegment(s));
  const last = segments[segments.length - 1] ?? '';
  const pathVerb = PATH_VERBS.includes(last) ? last : undefined;
  const verb = special?.verb ?? pathVerb ?? METHOD_VERBS[m] ?? 'update';
  if (special) return { item: special.item, verb };
  const nouns = pathVerb ? segments.slice(0, -1) : segments;
  const noun = nouns[nouns.length - 1] ?? 'item';
  return { item: singular(noun.replace(/[-_]/g, ' ')), verb };
}

const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

export const OPERATION_COMPLETED = 'Operation completed successfully';

/** The catalogue keys of a verb's success and failure texts. */
export function resultTemplates(verb: string): { success: string; failure: string } {
  return {
    success: `{Item} ${pastTense(verb)} successfully`,
    failure: `Failed to ${verb === 'sent' ? 'send' : verb} {item}`,
  };
}

/** '{Item} {verb}d successfully'. */
export function successMessage(item: string, verb: string): string {
  if (verb === 'operation complete') return t(OPERATION_COMPLETED);
  return t(resultTemplates(verb).success, { Item: capitalise(t(item)) });
}

export interface ResultInput {
  /** Request method and url; without them (no config on the response) the failure is 'Server error'. */
  method?: string;
  url?: string;
  ok: boolean;
  statusText?: string;
  code?: string | number;
  errors?: readonly { message?: string }[];
  /** Overrides of the derived names (a form document's item and verb). */
  item?: string;
  verb?: string;
}

/** The message of a request's result per the error catalogue. */
export function resultMessage(input: ResultInput): string {
  if (!input.ok && input.errors?.length && input.errors[0].message) return input.errors[0].message;
  if (!input.url || !input.method) return t(input.ok ? OPERATION_COMPLETED : SERVER_ERROR);
  const derived = describeRequest(input.method, input.url);
  const item = input.item ?? derived.item;
  const verb = input.verb ?? derived.verb;
  if (input.ok) return successMessage(item, verb);
  const reason = input.statusText || (input.code !== undefined ? String(input.code) : '');
  return `${t(resultTemplates(verb).failure, { item: t(item) })}${reason ? ` (${reason})` : ''}`;
}
