import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { setMessages } from '../i18n/i18n';
import type { PromptDocument } from '../schema/types';
import { checkPrompt, promptValues, promptView } from './prompt-view';

const doc = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../schemas/prompts/${name}.json`, import.meta.url), 'utf8')) as PromptDocument;

afterEach(() => setMessages('en', {}));

describe('prompt documents as dialogs', () => {
  it('shows the document in the interface language', () => {
    const no = JSON.parse(readFileSync(new URL('../../console/i18n/no.json', import.meta.url), 'utf8'));
    setMessages('no', no);
    const view = promptView(doc('verification-code'));
    expect(view).toMatchObject({
      title: 'Bekreftelse',
      description: 'Skriv inn bekreftelseskoden for å fortsette.',
      confirmText: 'Bekreft',
      cancelText: 'Avbryt',
    });
    expect(view.fields[0].label).toBe(no.Code);
  });

  it("prefers the document's own translations over the catalogue", () => {
    setMessages('no', { Verification: 'Bekreftelse', Code: 'Kode' });
    const own = { ...doc('verification-code'), translations: { no: { Code: 'Engangskode' } } };
    const view = promptView(own);
    expect(view.title).toBe('Bekreftelse');
    expect(view.fields[0].label).toBe('Engangskode');
  });

  it('reads every key of the verification-code document', () => {
    const view = promptView(doc('verification-code'));
    expect(view).toMatchObject({
      title: 'Verification',
      description: 'Enter the verification code to continue.',
      confirmText: 'Confirm',
      cancelText: 'Cancel',
    });
    expect(view.fields.map((f) => [f.key, f.label, f.required])).toEqual([['code', 'Code', true]]);
  });

  it('the generic prompt input is prompt-input.json; defaults for absent button texts', () => {
    const { confirmText: _c, cancelText: _x, ...bare } = doc('prompt-input');
    const view = promptView({ ...bare, subtitle: 'Sub' });
    expect(view).toMatchObject({ title: 'Input', subtitle: 'Sub', confirmText: 'Confirm', cancelText: 'Cancel' });
    expect(view.fields[0]).toMatchObject({ key: 'value', label: 'Value', required: true });
  });

  it('trims text before the check, never passwords', () => {
    const view = promptView({
      $schema: '',
      title: 't',
      fields: [
        { key: 'code', label: 'Code', type: 'text', required: true },
        { key: 'password', label: 'Password', type: 'password', required: true },
      ],
    });
    expect(promptValues(view, { code: '  12 ', password: ' p ' })).toEqual({ code: '12', password: ' p ' });
    expect(checkPrompt(view, { code: '   ', password: 'x' })).toEqual({ code: 'The code field is required.' });
    expect(checkPrompt(view, { code: '1', password: 'x' })).toEqual({});
  });
});
