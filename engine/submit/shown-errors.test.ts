import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorList, fieldError, generalErrors } from './shown-errors';

describe('the errors a form shows (forms spec §8)', () => {
  it('a field shows one message: the server’s while it stands, else the client check’s', () => {
    expect(fieldError('Name is required.', ['Name is taken.', 'Name is too long.'])).toBe('Name is taken.');
    expect(fieldError('Name is required.', undefined)).toBe('Name is required.');
    expect(fieldError('Name is required.', [])).toBe('Name is required.');
    expect(fieldError(undefined, undefined)).toBeUndefined();
  });

  it('the general list shows one message, or one entry per message, none twice', () => {
    expect(generalErrors(['Tag limit reached.'])).toEqual(['Tag limit reached.']);
    expect(generalErrors(['Tag limit reached.', 'Try later.', 'Tag limit reached.'])).toEqual([
      'Tag limit reached.',
      'Try later.',
    ]);
    expect(generalErrors([])).toEqual([]);
  });

  it('the Error modal lists one message per field, then the general ones, none twice', () => {
    expect(
      errorList({ name: ['Name is taken.', 'Name is too long.'], code: ['Bad code.'] }, ['Bad code.', 'Try later.']),
    ).toEqual(['Name is taken.', 'Bad code.', 'Try later.']);
  });

  it('property: the general list is every message once, in the order first received', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd')), (messages) => {
        const shown = generalErrors(messages);
        expect(new Set(shown).size).toBe(shown.length);
        expect(new Set(shown)).toEqual(new Set(messages));
        expect(shown).toEqual(messages.filter((m, i) => messages.indexOf(m) === i));
      }),
    );
  });
});
