import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { errorItems, failureBody, firstErrorItem, serverMessage } from './envelope';

const failure = (data: unknown) =>
  new HttpError('Request failed with status code 422', { url: '/notifications' }, { status: 422, data });

describe('serverMessage (forms spec §8)', () => {
  it("gives the first server error's message", () => {
    const error = failure({ success: false, errors: [{ code: 'X', message: 'Not allowed' }, { message: 'second' }] });
    expect(serverMessage(error)).toBe('Not allowed');
    expect(serverMessage(error, 'Failed to get notifications.')).toBe('Not allowed');
  });

  it("falls back to 'Failed to get notifications.' for the notifications and to the client message otherwise", () => {
    for (const data of [undefined, { errors: [] }, { errors: [{ message: '' }] }, 'Bad Gateway']) {
      expect(serverMessage(failure(data), 'Failed to get notifications.')).toBe('Failed to get notifications.');
      expect(serverMessage(failure(data))).toBe('Request failed with status code 422');
    }
    expect(serverMessage(new TypeError('boom'))).toBe('boom');
    expect(serverMessage('text')).toBe('text');
  });
});

describe('the failure envelope (contract 2)', () => {
  it('reads the body of an error, only when it is an object', () => {
    expect(failureBody(failure({ errors: [] }))).toEqual({ errors: [] });
    for (const data of [undefined, 'Bad Gateway', [1], null]) expect(failureBody(failure(data))).toBeUndefined();
    expect(failureBody(new TypeError('boom'))).toBeUndefined();
  });

  it('gives every error item a string message, the code when it is a string and the source or null', () => {
    const body = {
      success: false,
      errors: [
        { code: 'VALIDATION_ERROR', message: 'Name is required', source: 'name' },
        { message: 42 },
        'not an item',
        { code: 7 },
      ],
    };
    expect(errorItems(body)).toEqual([
      { code: 'VALIDATION_ERROR', message: 'Name is required', source: 'name' },
      { code: undefined, message: '42', source: null },
      { code: undefined, message: '', source: null },
    ]);
    expect(firstErrorItem(body)).toEqual({ code: 'VALIDATION_ERROR', message: 'Name is required', source: 'name' });
    for (const none of [undefined, {}, { errors: 'x' }, []]) {
      expect(errorItems(none)).toEqual([]);
      expect(firstErrorItem(none)).toBeUndefined();
    }
  });
});
