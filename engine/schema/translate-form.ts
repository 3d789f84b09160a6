// The interface texts of a form document through a translator (a language's
// catalogue): title, subtitle, description, button and success texts, and each
// field's label, placeholder, help, hint, pattern message, link text, static
// option labels and table column titles and options. Keys, endpoints and registered names are left as they are.
import type { Translate } from '../pages/translate';
import type { FieldSchema, FormDocument, OptionItem } from './types';

const FIELD_TEXTS = ['label', 'placeholder', 'subtext', 'hint', 'patternMessage', 'linkText'] as const;
const DOCUMENT_TEXTS = ['title', 'subtitle', 'description', 'submitText', 'successMsg'] as const;

const translateOptions = (options: OptionItem[], t: Translate) =>
  options.map((o) => ({ ...o, label: t(o.label), ...(o.description ? { description: t(o.description) } : {}) }));

export function translateField(field: FieldSchema, t: Translate): FieldSchema {
  const out: FieldSchema = { ...field };
  for (const key of FIELD_TEXTS) if (typeof field[key] === 'string') out[key] = t(field[key]);
  if (Array.isArray(field.options)) out.options = translateOptions(field.options, t);
  if (field.table)
    out.table = {
      ...field.table,
      fields: field.table.fields.map((c) => ({
        ...c,
        title: t(c.title),
        ...(c.options ? { options: translateOptions(c.options, t) } : {}),
      })),
    };
  return out;
}

/**
 * The translator for one document in one language: the document's own
 * `translations` first (a product owner translates a new text with it), then
 * the console's catalogue.
 */
export function documentTranslator(
  doc: Pick<FormDocument, 'translations'>,
  language: string,
  catalogue: Translate,
): Translate {
  const own = doc.translations?.[language];
  return own ? (text) => own[text] || catalogue(text) : catalogue;
}

/** A form document in the interface language: its own translations, then the catalogue. */
export function localFormDocument(doc: FormDocument, language: string, catalogue: Translate): FormDocument {
  return translateFormDocument(doc, documentTranslator(doc, language, catalogue));
}

export function translateFormDocument(doc: FormDocument, t: Translate): FormDocument {
  const out: FormDocument = { ...doc, fields: doc.fields.map((f) => translateField(f, t)) };
  for (const key of DOCUMENT_TEXTS) if (typeof doc[key] === 'string') out[key] = t(doc[key]);
  return out;
}

/** The texts of a form or prompt document a translation covers, in document order. */
export function documentTexts(doc: FormDocument & { confirmText?: string; cancelText?: string }): string[] {
  const seen = new Set<string>();
  translateFormDocument(doc, (text) => {
    if (text) seen.add(text);
    return text;
  });
  for (const text of [doc.confirmText, doc.cancelText]) if (text) seen.add(text);
  return [...seen];
}
