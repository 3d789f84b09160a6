import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { clearErrorLog, ERROR_LOG_SIZE, errorLog, logError, logRequestFailure } from './error-log';

describe('the error log (the header error widget)', () => {
  beforeEach(clearErrorLog);

  it('keeps the newest first, with its time, at most ERROR_LOG_SIZE', () => {
    for (let i = 1; i <= ERROR_LOG_SIZE + 5; i++)
      logError({ message: `failure ${i}` }, new Date(Date.UTC(2026, 0, 1, 0, i)));
    expect(errorLog.entries).toHaveLength(ERROR_LOG_SIZE);
    expect(errorLog.entries[0]).toMatchObject({
      message: `failure ${ERROR_LOG_SIZE + 5}`,
      at: '2026-01-01T00:55:00.000Z',
    });
    expect(errorLog.entries.at(-1)!.message).toBe('failure 6');
    expect(new Set(errorLog.entries.map((e) => e.id)).size).toBe(ERROR_LOG_SIZE);
  });

  it("logs a failed call in the server's words, else the client's, with its method, path and status", () => {
    const body = { success: false, errors: [{ code: 'NOT_FOUND', message: 'Device not found.', source: null }] };
    logRequestFailure(
      new HttpError('Request failed with status code 404', { url: '/devices/9' }, { status: 404, data: body }),
    );
    logRequestFailure(new HttpError('Network Error', { url: '/tags', method: 'post' }));
    expect(errorLog.entries.map(({ message, request, status }) => ({ message, request, status }))).toEqual([
      { message: 'Network Error', request: 'POST /tags', status: undefined },
      { message: 'Device not found.', request: 'GET /devices/9', status: 404 },
    ]);
  });

  it('is cleared on demand', () => {
    logError({ message: 'x' });
    clearErrorLog();
    expect(errorLog.entries).toEqual([]);
  });
});
