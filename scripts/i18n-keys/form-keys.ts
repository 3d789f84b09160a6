import { join } from 'node:path';
import {
  METHOD_VERBS,
  OPERATION_COMPLETED,
  PATH_VERBS,
  SERVER_ERROR,
  SPECIAL_ITEMS,
  describeRequest,
  resultTemplates,
} from '../../engine/errors/result-message';
import { FIELD_MESSAGES } from '../../engine/fields/messages';
import { translateFormDocument } from '../../engine/schema/translate-form';
import type { FormDocument } from '../../engine/schema/types';
import { VERSION_ACTION_LABELS } from '../../engine/schema/version-actions';
import { FAILURE_TEXTS } from '../../engine/submit/result-text';
import { MESSAGE_TEMPLATES } from '../../engine/validators/messages';
import { literalCalls, schemaDocuments, translatedTexts } from './collect';
import { pageDocuments } from './page-keys';

// Node-side helper for the catalogue test: every interface string of the forms —
// the texts translateFormDocument translates in each document under schemas/forms,
// the literal t('…') calls of the form components, the widgets, the field kinds and
// the form studio, the validation message templates, the field kinds' messages, the studio's version action
// labels, and the result texts: each verb's templates and each item name the
// forms and the page requests speak of.

const CODE_DIRS = [
  join('renderer', 'form'),
  join('renderer', 'widgets'),
  join('engine', 'fields'),
  join('console', 'forms'),
  join('console', 'studio'),
];

/** Every form document under schemas/forms. */
export const formDocuments = (root: string) => schemaDocuments<FormDocument>(root, 'forms');

/** The texts translateFormDocument passes through its translator. */
const formDocumentKeys = (doc: FormDocument) => translatedTexts((t) => translateFormDocument(doc, t));

/** The result texts: every known verb's templates and the item names of forms and page requests. */
function resultKeys(root: string): string[] {
  const forms = formDocuments(root).map((doc) => {
    const derived = describeRequest(doc.method ?? 'post', doc.endpoint);
    return { item: doc.item ?? derived.item, verb: doc.verb ?? derived.verb };
  });
  const requests = pageDocuments(root)
    .flatMap((page) => [page.toolbarActions, page.rowActions, page.bulkActions, page.actions].flat())
    .flatMap((action) => (action?.request ? [describeRequest(action.request.method, action.request.path)] : []));
  const verbs = [
    ...Object.values(METHOD_VERBS),
    ...PATH_VERBS,
    ...SPECIAL_ITEMS.flatMap((s) => (s.verb ? [s.verb] : [])),
    ...[...forms, ...requests].map((r) => r.verb),
  ];
  return [...new Set(verbs)]
    .flatMap((verb) => Object.values(resultTemplates(verb)))
    .concat(
      SPECIAL_ITEMS.map((s) => s.item),
      [...forms, ...requests].map((r) => r.item),
      [OPERATION_COMPLETED, SERVER_ERROR, ...FAILURE_TEXTS],
    );
}

export function formKeys(root: string): string[] {
  return [
    ...new Set([
      ...formDocuments(root).flatMap(formDocumentKeys),
      ...literalCalls(root, CODE_DIRS),
      ...Object.values(MESSAGE_TEMPLATES),
      ...Object.values(FIELD_MESSAGES),
      ...Object.values(VERSION_ACTION_LABELS),
      ...resultKeys(root),
    ]),
  ].sort();
}
