import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../engine/fields/messages';
import { setMessages, tn, type Language } from '../../engine/i18n/i18n';
import { MESSAGE_TEMPLATES } from '../../engine/validators/messages';

// Every counted text in its plural forms: Ukrainian one (1, 21), few (2), many (5);
// Norwegian one and other; Japanese one text. The table lists every counted text —
// the English catalogue's (its one/other texts) and those only Ukrainian inflects —
// so a new counted text without its forms fails here.

const here = dirname(fileURLToPath(import.meta.url));
const catalogue = (language: Language) =>
  JSON.parse(readFileSync(join(here, `${language}.json`), 'utf8')) as Record<string, string>;

/** Counted text, uk for 1, 2, 5 and 21, no for 1 and 2 ({name} filled with "x"). */
const COUNTED: [text: string, uk: string[], no: string[]][] = [
  [
    'Apply a template to {count} devices',
    [
      'Застосувати шаблон до 1 пристрою',
      'Застосувати шаблон до 2 пристроїв',
      'Застосувати шаблон до 5 пристроїв',
      'Застосувати шаблон до 21 пристрою',
    ],
    ['Bruk en mal på 1 enhet', 'Bruk en mal på 2 enheter'],
  ],
  [
    'Assign a tag to {count} devices',
    [
      'Призначити тег 1 пристрою',
      'Призначити тег 2 пристроям',
      'Призначити тег 5 пристроям',
      'Призначити тег 21 пристрою',
    ],
    ['Tildel en etikett til 1 enhet', 'Tildel en etikett til 2 enheter'],
  ],
  [
    'Delete {count} devices?',
    ['Видалити 1 пристрій?', 'Видалити 2 пристрої?', 'Видалити 5 пристроїв?', 'Видалити 21 пристрій?'],
    ['Slette 1 enhet?', 'Slette 2 enheter?'],
  ],
  [
    'Mark {count} notifications as seen?',
    [
      'Позначити 1 сповіщення як переглянуте?',
      'Позначити 2 сповіщення як переглянуті?',
      'Позначити 5 сповіщень як переглянуті?',
      'Позначити 21 сповіщення як переглянуте?',
    ],
    ['Merke 1 varsel som sett?', 'Merke 2 varsler som sett?'],
  ],
  [
    'Move {count} devices',
    ['Перемістити 1 пристрій', 'Перемістити 2 пристрої', 'Перемістити 5 пристроїв', 'Перемістити 21 пристрій'],
    ['Flytt 1 enhet', 'Flytt 2 enheter'],
  ],
  [
    'No more than {count} rows.',
    ['Не більше ніж 1 рядок.', 'Не більше ніж 2 рядки.', 'Не більше ніж 5 рядків.', 'Не більше ніж 21 рядок.'],
    ['Ikke mer enn 1 rad.', 'Ikke mer enn 2 rader.'],
  ],
  [
    'Not published: {count} problems in the document.',
    [
      'Не опубліковано: у документі 1 проблема.',
      'Не опубліковано: у документі 2 проблеми.',
      'Не опубліковано: у документі 5 проблем.',
      'Не опубліковано: у документі 21 проблема.',
    ],
    ['Ikke publisert: 1 problem i dokumentet.', 'Ikke publisert: 2 problemer i dokumentet.'],
  ],
  [
    'Notifications ({count} unseen)',
    [
      'Сповіщення (1 непереглянуте)',
      'Сповіщення (2 непереглянуті)',
      'Сповіщення (5 непереглянутих)',
      'Сповіщення (21 непереглянуте)',
    ],
    ['Varsler (1 usett)', 'Varsler (2 usette)'],
  ],
  [
    FIELD_MESSAGES.tooShort,
    [
      'Подовжте текст до 1 символу або більше.',
      'Подовжте текст до 2 символів або більше.',
      'Подовжте текст до 5 символів або більше.',
      'Подовжте текст до 21 символу або більше.',
    ],
    ['Forleng teksten til 1 tegn eller mer.', 'Forleng teksten til 2 tegn eller mer.'],
  ],
  [
    FIELD_MESSAGES.tooLong,
    [
      'Скоротіть текст до 1 символу або менше.',
      'Скоротіть текст до 2 символів або менше.',
      'Скоротіть текст до 5 символів або менше.',
      'Скоротіть текст до 21 символу або менше.',
    ],
    ['Forkort teksten til 1 tegn eller mindre.', 'Forkort teksten til 2 tegn eller mindre.'],
  ],
  [
    MESSAGE_TEMPLATES.maxLength,
    [
      'Поле «x» може містити не більше ніж 1 символ.',
      'Поле «x» може містити не більше ніж 2 символи.',
      'Поле «x» може містити не більше ніж 5 символів.',
      'Поле «x» може містити не більше ніж 21 символ.',
    ],
    ['Feltet x kan ikke ha mer enn 1 tegn.', 'Feltet x kan ikke ha mer enn 2 tegn.'],
  ],
  [
    MESSAGE_TEMPLATES.maxItems,
    [
      'Поле «x» може містити не більше ніж 1 елемент.',
      'Поле «x» може містити не більше ніж 2 елементи.',
      'Поле «x» може містити не більше ніж 5 елементів.',
      'Поле «x» може містити не більше ніж 21 елемент.',
    ],
    ['Feltet x kan ikke ha mer enn 1 oppføring.', 'Feltet x kan ikke ha mer enn 2 oppføringer.'],
  ],
  [
    MESSAGE_TEMPLATES.minLength,
    [
      'Поле «x» має містити щонайменше 1 символ.',
      'Поле «x» має містити щонайменше 2 символи.',
      'Поле «x» має містити щонайменше 5 символів.',
      'Поле «x» має містити щонайменше 21 символ.',
    ],
    ['Feltet x må ha minst 1 tegn.', 'Feltet x må ha minst 2 tegn.'],
  ],
  [
    'Unassign a tag from {count} devices',
    ['Зняти тег з 1 пристрою', 'Зняти тег з 2 пристроїв', 'Зняти тег з 5 пристроїв', 'Зняти тег з 21 пристрою'],
    ['Fjern en etikett fra 1 enhet', 'Fjern en etikett fra 2 enheter'],
  ],
  [
    'Update firmware on {count} devices',
    [
      'Оновити прошивку на 1 пристрої',
      'Оновити прошивку на 2 пристроях',
      'Оновити прошивку на 5 пристроях',
      'Оновити прошивку на 21 пристрої',
    ],
    ['Oppdater fastvare på 1 enhet', 'Oppdater fastvare på 2 enheter'],
  ],
  [
    'Upload a backup to {count} devices',
    [
      'Завантажити резервну копію на 1 пристрій',
      'Завантажити резервну копію на 2 пристрої',
      'Завантажити резервну копію на 5 пристроїв',
      'Завантажити резервну копію на 21 пристрій',
    ],
    ['Last opp en sikkerhetskopi til 1 enhet', 'Last opp en sikkerhetskopi til 2 enheter'],
  ],
  ['{count} devices', ['1 пристрій', '2 пристрої', '5 пристроїв', '21 пристрій'], ['1 enhet', '2 enheter']],
  [
    '{count} items. Press Enter or comma to add a value.',
    [
      '1 елемент. Натисніть Enter або кому, щоб додати значення.',
      '2 елементи. Натисніть Enter або кому, щоб додати значення.',
      '5 елементів. Натисніть Enter або кому, щоб додати значення.',
      '21 елемент. Натисніть Enter або кому, щоб додати значення.',
    ],
    [
      '1 oppføring. Trykk Enter eller komma for å legge til en verdi.',
      '2 oppføringer. Trykk Enter eller komma for å legge til en verdi.',
    ],
  ],
  ['{count} problems', ['1 проблема', '2 проблеми', '5 проблем', '21 проблема'], ['1 problem', '2 problemer']],
  ['{count} results', ['1 результат', '2 результати', '5 результатів', '21 результат'], ['1 resultat', '2 resultater']],
  [
    '{count} selected',
    ['Вибрано 1 рядок', 'Вибрано 2 рядки', 'Вибрано 5 рядків', 'Вибрано 21 рядок'],
    ['1 valgt', '2 valgt'],
  ],
];

afterEach(() => setMessages('en', {}));

const say = (language: Language, text: string, count: number) => {
  setMessages(language, catalogue(language));
  return tn(text, count, { name: 'x' });
};

describe('counted texts', () => {
  it('lists every counted text: the English ones and those only Ukrainian inflects', () => {
    const uk = catalogue('uk');
    const counted = new Set([
      ...Object.keys(catalogue('en')),
      ...Object.keys(uk).filter((key) => uk[key].includes('|')),
    ]);
    expect(COUNTED.map(([text]) => text).sort()).toEqual([...counted].sort());
  });

  for (const [text, uk, no] of COUNTED) {
    it(`uk 1 / 2 / 5 / 21, no 1 / 2, ja: ${text}`, () => {
      expect([1, 2, 5, 21].map((n) => say('uk', text, n))).toEqual(uk);
      expect([1, 2].map((n) => say('no', text, n))).toEqual(no);
      const ja = say('ja', text, 3);
      expect(ja).toContain('3');
      expect(ja).not.toContain('|');
    });
  }

  it('English: one and other', () => {
    expect(say('en', '{count} problems', 1)).toBe('1 problem');
    expect(say('en', '{count} problems', 2)).toBe('2 problems');
    expect(say('en', MESSAGE_TEMPLATES.minLength, 1)).toBe('The x must be at least 1 character.');
  });
});
