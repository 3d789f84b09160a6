import { join } from 'node:path';
import { translateField } from '../../engine/schema/translate-form';
import type { PromptDocument } from '../../engine/schema/types';
import { CANCEL_TEXT, CONFIRM_TEXT } from '../../engine/prompts/confirm';
import { MFA_TEXTS } from '../../renderer/modals/named/mfa';
import { literalCalls, schemaDocuments, translatedTexts } from './collect';

// Node-side helper for the catalogue test: every interface string of the prompt
// dialogs — the texts promptView passes through t() from each document under
// schemas/prompts, the literal t('…') calls of the prompt and transfer
// components, and the code prompts' method texts.

const CODE_DIRS = [join('renderer', 'prompts'), join('renderer', 'transfers')];

function documentKeys(doc: PromptDocument): string[] {
  // The fields' texts as promptView translates them (translateField of the form documents).
  const fields = doc.fields.flatMap((field) => translatedTexts((t) => translateField(field, t)));
  return [doc.title, doc.subtitle, doc.description, doc.confirmText, doc.cancelText, ...fields].filter(
    (s): s is string => !!s,
  );
}

export function promptKeys(root: string): string[] {
  const docs = schemaDocuments<PromptDocument>(root, 'prompts');
  return [
    ...new Set([
      ...docs.flatMap(documentKeys),
      ...literalCalls(root, CODE_DIRS),
      ...Object.values(MFA_TEXTS),
      CONFIRM_TEXT,
      CANCEL_TEXT,
    ]),
  ].sort();
}
