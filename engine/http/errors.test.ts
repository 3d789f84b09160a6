import { describe, expect, it } from 'vitest';
import { HttpError, serverMessage } from './errors';

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
  });
});
