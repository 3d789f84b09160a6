import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../engine/i18n/i18n';
import { pluralCategories } from '../../engine/i18n/plural';
import { formKeys } from '../../scripts/i18n-keys/form-keys';
import { shellKeys } from '../../scripts/i18n-keys/keys';
import { pageKeys } from '../../scripts/i18n-keys/page-keys';
import { promptKeys } from '../../scripts/i18n-keys/prompt-keys';
import { studioKeys } from '../../scripts/i18n-keys/studio-keys';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const keys = [
  ...new Set([
    ...shellKeys(join(here, '..')),
    ...pageKeys(root),
    ...promptKeys(root),
    ...formKeys(root),
    ...studioKeys(),
  ]),
].sort();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('finds the interface strings', () => {
    expect(keys).toContain('No results found');
    expect(keys).toContain('Logout & cancel impersonation');
    expect(keys.length).toBeGreaterThan(150);
  });

  it('finds the page strings: document texts, page component literals and task types', () => {
    expect(keys).toContain('Rows per page');
    expect(keys).toContain('{first}–{last} of {total}');
    expect(keys).toContain('Firmware upload');
    expect(keys).toContain('No records found');
  });

  it('finds the prompt strings: every prompt document, the prompt components and the code prompts', () => {
    expect(keys).toContain('Enter the verification code to continue.');
    expect(keys).toContain('Password confirmation');
    expect(keys).toContain('Uploading {name}');
    expect(keys).toContain('Enter the 6-digit code from your authenticator app.');
  });

  it('finds the form strings: every form document, the form components, validation and result texts', () => {
    expect(keys).toContain(
      'Move devices to another company. Type device IDs or upload a CSV file with one ID per line.',
    );
    expect(keys).toContain('Submitting…');
    expect(keys).toContain('The {name} field is required.');
    expect(keys).toContain('{Item} created successfully');
    expect(keys).toContain('Failed to remove {item}');
    expect(keys).toContain('task group');
  });

  it("finds the studio's property titles and descriptions: every property the meta-schema gives a form, a field and their objects", () => {
    expect(keys).toContain('Help text');
    expect(keys).toContain('Help text under the field.');
    expect(keys).toContain('Fewest characters in an item.');
    expect(keys).toContain('Required when');
    expect(keys).toContain('Max item length');
  });

  // Texts that read the same in English and the language: names, protocols, acronyms, sample values, and words
  // the language shares with English. Anything else equal to its English source is an untranslated string.
  const SAME_EVERYWHERE = new Set([
    '00:1E:42:00:00:00',
    '192.168.1.1',
    '2026-11-01 00:00:00',
    '2026-11-30 23:59:59',
    'smtp.example.com',
    'CSV',
    'Excel (XLSX)',
    'DAP',
    'DDNS',
    'Facelift',
    'GPS',
    'HTTP',
    'HTTPS',
    'I/O',
    'IMEI',
    'IP',
    'L2TP',
    'MAC',
    'MFA',
    'OTD',
    'RDP',
    'RMS Connect',
    'RMS VPN',
    'RUT',
    'RutOS',
    'SFTP',
    'SSH',
    'SWM',
    'TAP',
    'TCR',
    'TRB',
    'TSW',
    'TSWOS',
    'Telnet',
    'VNC',
    'WAN IP',
    'WebUI',
    'Wi-Fi',
    'eSIM',
    'http',
    'https',
    'rdp',
    'sftp',
    'ssh',
    'telnet',
    'vnc',
  ]);
  const COGNATES: Record<string, string[]> = {
    no: [
      'Administrator',
      'Terminal',
      'Data',
      'Design',
      'Format',
      'Gateway',
      'Hotspot',
      'Hotspots',
      'Hub',
      'hub',
      'Port',
      'Signal',
      'Signal (dBm)',
      'Status',
      'System',
      'Token',
      'token',
      'Type',
    ],
  };
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language} shows no English string: every text equal to its English source is a name or a cognate`, () => {
      const catalogue = JSON.parse(readFileSync(join(here, `${language}.json`), 'utf8')) as Record<string, string>;
      const same = new Set([...SAME_EVERYWHERE, ...(COGNATES[language] ?? [])]);
      const english = keys.filter((key) => catalogue[key] === key.split('|').at(-1) && !same.has(key));
      expect(english).toEqual([]);
    });
  }

  for (const language of LANGUAGES) {
    it(`${language} translates every interface string, keeping placeholders and its plural forms`, () => {
      const catalogue = JSON.parse(readFileSync(join(here, `${language}.json`), 'utf8')) as Record<string, string>;
      // English is the source: its catalogue holds only the texts that differ from their key (the counted ones).
      const text = (key: string) => (language === 'en' ? (catalogue[key] ?? key) : catalogue[key]);
      const missing = keys.filter((key) => !text(key)?.trim());
      expect(missing).toEqual([]);
      if (language === 'en') expect(Object.entries(catalogue).filter(([key, value]) => key === value)).toEqual([]);
      for (const key of keys) {
        // A counted text lists one form per plural category of the language ('|'-separated).
        const forms = text(key).split('|');
        if (forms.length > 1) expect(forms.length, key).toBe(pluralCategories(language).length);
        // An engine template may carry its English forms in its key (one|other): its last form is the source text.
        const source = key.split('|').at(-1)!;
        for (const form of forms) expect(placeholders(form), key).toEqual(placeholders(source));
        if (language === 'en') expect(forms[forms.length - 1]).toBe(source);
      }
    });
  }

  // One term per concept per language (issue 32: "Flytt til firma" where everything else said "Selskap"): every
  // interface string naming a concept of the console uses the language's one term for it, by its stem (so its
  // inflections pass). A placeholder ({company}) is not the concept; "report" as a verb is not a report.
  const GLOSSARY: Record<string, Record<string, string>> = {
    company: { no: 'selskap', uk: 'компані', ja: '会社' },
    credit: { no: 'kreditt', uk: 'кредит', ja: 'クレジット' },
    device: { no: 'enhet', uk: 'пристр', ja: 'デバイス' },
    file: { no: 'fil', uk: 'файл', ja: 'ファイル' },
    firmware: { no: 'fastvare', uk: 'прошив', ja: 'ファームウェア' },
    password: { no: 'passord', uk: 'парол', ja: 'パスワード' },
    report: { no: 'rapport', uk: 'звіт', ja: 'レポート' },
    role: { no: 'rolle', uk: 'рол', ja: 'ロール' },
    tag: { no: 'etikett', uk: 'тег', ja: 'タグ' },
    user: { no: 'bruker', uk: 'користувач', ja: 'ユーザー' },
  };
  const VERB = /\breport (their|its|I\/O)\b/;
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language} names each concept with one term`, () => {
      const catalogue = JSON.parse(readFileSync(join(here, `${language}.json`), 'utf8')) as Record<string, string>;
      const off = Object.entries(GLOSSARY).flatMap(([concept, terms]) => {
        const named = new RegExp(`(?<!\\{)\\b${concept}s?\\b(?!\\})`, 'i');
        return keys
          .filter((key) => named.test(key.split('|').at(-1)!) && !VERB.test(key))
          .filter((key) => !catalogue[key].toLowerCase().includes(terms[language]))
          .map((key) => `${concept}: ${catalogue[key]}`);
      });
      expect(off).toEqual([]);
    });
  }
});
