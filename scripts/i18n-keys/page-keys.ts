import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ATTEMPTED_CODES, ATTEMPT_REASONS, connectionAttempt } from '../../engine/device/attempts';
import { CONNECTION_STATUSES, connectionStatus, faceliftText, l2tpStatus } from '../../engine/device/status';
import {
  NOTIFICATION_TYPE_LABELS,
  REPORT_CODE_LABELS,
  STATUS_LABELS,
  VPN_CLIENT_TYPE_LABELS,
} from '../../engine/format/code-labels';
import { formatters } from '../../engine/format/formatters';
import { taskTypeLabel } from '../../engine/format/task-types';
import type { PageAction, PageDocument } from '../../engine/pages/types';
import { schemaDocuments } from './collect';

// Node-side helper for the catalogue test: every interface string of the list,
// detail, tree and chart pages. The document texts translateDocument passes
// through t() (engine/pages/translate.ts), the literal `t('…')` calls of the
// page components and the page engine, and the labels the cell formatters
// translate (task types, yes/no and enabled/disabled words).

const PAGE_CODE_DIRS = [join('console', 'pages'), join('console', 'map'), join('engine', 'pages')];
const CALL = /\bt\(\s*'((?:[^'\\]|\\.)+)'/g;
// The known task type codes of the forms spec (§3 "Task names").
const TASK_TYPES = [
  'firmware_upload',
  'config_upload',
  'execute_tasks_group',
  'api_request',
  'execute_mulficonfig_template',
  'add_device',
];
// The words of the formatters whose output the cell translates (WORD_FORMATTERS):
// boolean, enabled, deviceStatus, facelift, l2tp, attempt (its known texts), status, notificationType and reportCode.
const FORMATTER_WORDS = [
  ...[true, false].flatMap((v) => [formatters.boolean(v, {}, {}), formatters.enabled(v, {}, {})]),
  ...CONNECTION_STATUSES.map((_, i) => connectionStatus(i)),
  connectionStatus(null),
  faceliftText(true),
  faceliftText(false),
  ...[0, 1, 2, 3, 4].map(l2tpStatus),
  ...[ATTEMPTED_CODES[0], ...Object.keys(ATTEMPT_REASONS).map(Number)].map((code) => connectionAttempt(code).text),
  ...Object.values(STATUS_LABELS),
  ...Object.values(NOTIFICATION_TYPE_LABELS),
  ...Object.values(REPORT_CODE_LABELS),
  ...Object.values(VPN_CLIENT_TYPE_LABELS),
];
// Default texts passed to t() through a variable rather than a literal call.
const DEFAULT_TEXTS = ['Failed to load.'];

type Labelled = { title?: string; label?: string };

function labelled(items: Labelled[] | undefined): string[] {
  return (items ?? []).flatMap((x) => [x.title, x.label]).filter((s): s is string => !!s);
}

function actionKeys(action: PageAction): string[] {
  const c = action.confirm;
  const reasons = (action.refuse ?? []).map((rule) => rule.reason);
  return [action.label, c?.title, c?.text, c?.confirmText, c?.cancelText, c?.selectBox?.label, ...reasons].filter(
    (s): s is string => !!s,
  );
}

/** The texts translateDocument translates in one page document. */
export function documentKeys(doc: PageDocument): string[] {
  return [
    doc.title,
    doc.description,
    doc.empty,
    doc.error,
    doc.notFound,
    doc.search?.label,
    doc.search?.placeholder,
    ...labelled(doc.columns),
    ...labelled(doc.fields),
    ...labelled(doc.tabs),
    ...(doc.filters ?? []).flatMap((f) => [...labelled([f]), ...labelled(f.options)]),
    ...labelled(doc.chart?.series),
    doc.chart?.xTitle,
    ...labelled(doc.tree?.details),
    ...(['toolbarActions', 'rowActions', 'bulkActions', 'actions'] as const).flatMap((key) =>
      (doc[key] ?? []).flatMap(actionKeys),
    ),
  ].filter((s): s is string => !!s);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(dir, name));
}

/** Literal `t('…')` calls of the page components and the page engine. */
export function pageLiteralKeys(rootDir: string): string[] {
  return PAGE_CODE_DIRS.flatMap((dir) => sourceFiles(join(rootDir, dir))).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(CALL)].map((m) => m[1].replace(/\\'/g, "'")),
  );
}

/** Every page document under schemas/pages. */
export const pageDocuments = (rootDir: string) => schemaDocuments<PageDocument>(rootDir, 'pages');

export function pageKeys(rootDir: string): string[] {
  return [
    ...new Set([
      ...pageDocuments(rootDir).flatMap(documentKeys),
      ...pageLiteralKeys(rootDir),
      ...TASK_TYPES.map(taskTypeLabel),
      ...FORMATTER_WORDS,
      ...DEFAULT_TEXTS,
    ]),
  ].sort();
}
