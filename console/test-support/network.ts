// Test support for the console's unit tests (jsdom): the network and the page reload, stubbed.
// Each stub is a global that vi.unstubAllGlobals() takes back (in the test's afterEach).
import { vi } from 'vitest';
import { http } from '../../engine/http/client';

type Answer = (url: string, init: RequestInit) => Promise<Response>;

/** The stubbed platform fetch is the network (jsdom's XMLHttpRequest would go out): each request gets `answer`'s response. */
export function stubFetch(answer: Answer) {
  http.configure({ adapter: 'fetch' });
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Every request is answered with `body` as JSON, with `status`. */
export function answerEvery(body: unknown, status = 200) {
  return stubFetch(async () => jsonResponse(body, status));
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** `location.reload` as a spy (jsdom cannot reload), the rest of the location as it is. */
export function stubReload() {
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  return reload;
}
