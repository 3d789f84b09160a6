import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { engineValidator } from './validator';

describe('the renderer validator (engine checks, no code generation)', () => {
  it('answers @rjsf schema questions by reading the schema', () => {
    const schema: RJSFSchema = { type: 'object', properties: { n: { type: 'number', minimum: 1 } }, required: ['n'] };
    expect(engineValidator.isValid(schema, { n: 2 }, schema)).toBe(true);
    expect(engineValidator.isValid(schema, { n: 0 }, schema)).toBe(false);
    expect(engineValidator.isValid(schema, {}, schema)).toBe(false);
    expect(engineValidator.rawValidation(schema, { n: 'x' }).errors).toEqual([
      { keyword: 'type', params: { type: 'number' } },
    ]);
  });

  it('runs a custom validate callback into the error schema', () => {
    const result = engineValidator.validateFormData({ name: 'a' }, { type: 'object' }, (data, errors) => {
      if (String(data?.name).length < 3) errors.name?.addError('Too short');
      return errors;
    });
    expect(result.errorSchema).toMatchObject({ name: { __errors: ['Too short'] } });
    expect(result.errors.map((e) => e.stack)).toEqual(['.name Too short']);
  });

  it('never generates code: no Function constructor call while validating', () => {
    const original = globalThis.Function;
    let constructed = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        constructed += 1;
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        constructed += 1;
        return Reflect.apply(target, self, args);
      },
    });
    try {
      engineValidator.isValid(
        { type: 'object', properties: { a: { type: 'string', pattern: '^a+$', maxLength: 3 } } },
        { a: 'aa' },
        {},
      );
    } finally {
      globalThis.Function = original;
    }
    expect(constructed).toBe(0);
  });
});
