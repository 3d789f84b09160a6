// Plural forms (no package: Intl.PluralRules). A catalogue text with plural forms
// lists them separated by '|' in the language's CLDR order — zero, one, two, few,
// many, other, only those the language has: en and no "one|other", ja one text,
// uk "one|few|many|other". English keys stay the plain (other) text.

const ORDER: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The plural categories of a language, in the order its forms are written. */
export function pluralCategories(language: string): Intl.LDMLPluralRule[] {
  const present = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  return ORDER.filter((category) => present.includes(category));
}

/** The form of a '|'-separated text for a count; a text without forms as it is. */
export function pluralForm(text: string, count: unknown, language: string): string {
  if (!text.includes('|')) return text;
  const forms = text.split('|');
  if (typeof count !== 'number') return forms[forms.length - 1];
  const index = pluralCategories(language).indexOf(new Intl.PluralRules(language).select(count));
  return forms[index] ?? forms[forms.length - 1];
}
