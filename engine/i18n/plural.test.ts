import { afterEach, describe, expect, it } from 'vitest';
import { setMessages, t, tn } from './i18n';
import { pluralCategories, pluralForm } from './plural';

afterEach(() => setMessages('en', {}));

const KEY = 'Delete {count} devices?';

describe('plural forms', () => {
  it('lists each language’s categories in the written order', () => {
    expect(pluralCategories('en')).toEqual(['one', 'other']);
    expect(pluralCategories('no')).toEqual(['one', 'other']);
    expect(pluralCategories('ja')).toEqual(['other']);
    expect(pluralCategories('uk')).toEqual(['one', 'few', 'many', 'other']);
  });

  it('en: one and other', () => {
    setMessages('en', { [KEY]: 'Delete {count} device?|Delete {count} devices?' });
    expect(tn(KEY, 1)).toBe('Delete 1 device?');
    expect(tn(KEY, 0)).toBe('Delete 0 devices?');
    expect(tn(KEY, 2)).toBe('Delete 2 devices?');
  });

  it('no: one and other', () => {
    setMessages('no', { [KEY]: 'Slette {count} enhet?|Slette {count} enheter?' });
    expect(tn(KEY, 1)).toBe('Slette 1 enhet?');
    expect(tn(KEY, 5)).toBe('Slette 5 enheter?');
  });

  it('ja: one form for every count', () => {
    setMessages('ja', { [KEY]: '{count} 台のデバイスを削除しますか?' });
    expect(tn(KEY, 1)).toBe('1 台のデバイスを削除しますか?');
    expect(tn(KEY, 7)).toBe('7 台のデバイスを削除しますか?');
  });

  it('uk: one, few, many and other', () => {
    setMessages('uk', {
      [KEY]:
        'Видалити {count} пристрій?|Видалити {count} пристрої?|Видалити {count} пристроїв?|Видалити {count} пристрою?',
    });
    expect(tn(KEY, 1)).toBe('Видалити 1 пристрій?');
    expect(tn(KEY, 21)).toBe('Видалити 21 пристрій?');
    expect(tn(KEY, 3)).toBe('Видалити 3 пристрої?');
    expect(tn(KEY, 5)).toBe('Видалити 5 пристроїв?');
    expect(tn(KEY, 11)).toBe('Видалити 11 пристроїв?');
    expect(tn(KEY, 1.5)).toBe('Видалити 1.5 пристрою?');
  });

  it('keeps the forms of a text translated without params, for filling later', () => {
    setMessages('no', { [KEY]: 'Slette {count} enhet?|Slette {count} enheter?' });
    expect(t(KEY)).toBe('Slette {count} enhet?|Slette {count} enheter?');
    expect(pluralForm(t(KEY), 1, 'no')).toBe('Slette {count} enhet?');
    expect(pluralForm('Plain {count}', 1, 'no')).toBe('Plain {count}');
  });
});
