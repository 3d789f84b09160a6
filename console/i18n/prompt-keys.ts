import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PromptDocument } from '../../engine/schema/types';
import { CANCEL_TEXT, CONFIRM_TEXT } from '../../engine/prompts/confirm';
import { MFA_TEXTS } from '../../renderer/modals/named/mfa';

// Node-side helper for the catalogue test: every interface string of the prompt
// dialogs — the texts promptView passes through t() from each document under
// schemas/prompts, the literal t('…') calls of the prompt and transfer
// components, and the code prompts' method texts.

const CODE_DIRS = [join('renderer', 'prompts'), join('renderer', 'transfers')];
const CALL = /\bt\(\s*'((?:[^'\\]|\\.)+)'/g;

function documentKeys(doc: PromptDocument): string[] {
  const fields = doc.fields.flatMap((field) => [
    field.label,
    field.placeholder,
    field.subtext,
    ...(Array.isArray(field.options) ? field.options.map((o) => o.label) : []),
  ]);
  return [doc.title, doc.subtitle, doc.description, doc.confirmText, doc.cancelText, ...fields].filter(
    (s): s is string => !!s,
  );
}

function literalKeys(root: string): string[] {
  return CODE_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .flatMap((name) =>
        [...readFileSync(join(root, dir, name), 'utf8').matchAll(CALL)].map((m) => m[1].replace(/\\'/g, "'")),
      ),
  );
}

export function promptKeys(root: string): string[] {
  const dir = join(root, 'schemas', 'prompts');
  const docs = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as PromptDocument);
  return [
    ...new Set([
      ...docs.flatMap(documentKeys),
      ...literalKeys(root),
      ...Object.values(MFA_TEXTS),
      CONFIRM_TEXT,
      CANCEL_TEXT,
    ]),
  ].sort();
}
