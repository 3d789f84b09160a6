import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { loadErrorText } from './load-error';

const t = (s: string) => s;
const failed = (status: number, data?: unknown) =>
  Object.assign(new Error(`Request failed with status code ${status}`), { status, data });

describe('loadErrorText', () => {
  it('says "not found" for a 404, never the client message', () => {
    expect(loadErrorText({ notFound: 'Report not found.' }, failed(404), t)).toBe('Report not found.');
    expect(loadErrorText({}, failed(404), t)).toBe('Not found.');
    expect(loadErrorText({}, failed(404), t)).not.toMatch(/status code/);
  });
  it('keeps the document error text and the server message for other failures', () => {
    const error = failed(500, { success: false, errors: [{ code: 'x', message: 'Database is busy' }] });
    expect(loadErrorText({ error: 'Could not load the report.' }, error, t)).toBe(
      'Could not load the report. Database is busy',
    );
    expect(loadErrorText({}, new Error('offline'), t)).toBe('Failed to load. offline');
  });
  it('reads the status of the HTTP client error', () => {
    const error = new HttpError(
      'Request failed with status code 404',
      { url: '/reports/generated/999' },
      { status: 404 },
    );
    expect(loadErrorText({ notFound: 'Report not found.' }, error, t)).toBe('Report not found.');
  });
});
