import { afterEach, describe, expect, it } from 'vitest';
import { setMessages } from '../i18n/i18n';
import { MESSAGE_TEMPLATES, messages } from './messages';

afterEach(() => setMessages('en', {}));

describe('validation messages', () => {
  it('speak English without a catalogue (as the server does)', () => {
    expect(messages.required('Tag name', 'name')).toBe('The tag name field is required.');
    expect(messages.maxLength(undefined, 'serial_number', 20)).toBe(
      'The serial number may not be greater than 20 characters.',
    );
  });

  it('count in English plural forms without a catalogue: 1 character, 1 item', () => {
    expect(messages.minLength('Name', 'name', 1)).toBe('The name must be at least 1 character.');
    expect(messages.maxLength('Name', 'name', 1)).toBe('The name may not be greater than 1 character.');
    expect(messages.maxItems('Tags', 'tags', 1)).toBe('The tags may not have more than 1 item.');
    expect(messages.maxItems('Tags', 'tags', 2)).toBe('The tags may not have more than 2 items.');
  });

  it('come from the catalogue in the interface language, the label as given', () => {
    setMessages('no', {
      [MESSAGE_TEMPLATES.required]: 'Feltet {name} er påkrevd.',
      [MESSAGE_TEMPLATES.minLength]: '{name} må ha minst {count} tegn.',
    });
    expect(messages.required('Navn', 'name')).toBe('Feltet navn er påkrevd.');
    expect(messages.minLength('Navn', 'name', 3)).toBe('navn må ha minst 3 tegn.');
  });
});
