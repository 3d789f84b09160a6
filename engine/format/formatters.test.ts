import { describe, expect, it } from 'vitest';
import { formatCell, formatterNames, WORD_FORMATTERS } from './formatters';

describe('formatters', () => {
  it('are registered by name', () => {
    expect(formatterNames()).toEqual(
      expect.arrayContaining(['bytes', 'deviceStatus', 'model', 'relativeTime', 'list']),
    );
  });
  it('that answer words are registered formatters', () => {
    expect(formatterNames()).toEqual(expect.arrayContaining([...WORD_FORMATTERS]));
    expect(WORD_FORMATTERS.has('boolean')).toBe(true);
    expect(WORD_FORMATTERS.has('bytes')).toBe(false);
  });
  it('format cells', () => {
    expect(formatCell('deviceStatus', 1, {})).toBe('Online');
    expect(formatCell('bytes', 2048, {})).toBe('2 KB');
    expect(formatCell('list', [{ name: 'a' }, { name: 'b' }], {})).toBe('a, b');
    expect(
      formatCell(
        'model',
        'RUT955',
        {},
        { branding: { models: [{ original_model: 'RUT955', branded_model: 'ACME-9' }] } },
      ),
    ).toBe('ACME-9');
    expect(formatCell(undefined, null, {})).toBe('');
    expect(formatCell('boolean', 1, {})).toBe('Yes');
    expect(formatCell('attempt', 15, {})).toBe('No active credit');
  });
});
