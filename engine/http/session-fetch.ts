import { http, type HttpClient } from './client';

/**
 * fetch for the calls that bypass axios (documents revalidated by ETag, where a
 * 304 is an answer): a 401 gets the client's session recovery and one retry,
 * like every other call (shell spec §4, §8). Otherwise an expired access token
 * would leave such a page loading for ever, with no refresh sent.
 */
export async function sessionFetch(url: string, init: RequestInit = {}, client: HttpClient = http): Promise<Response> {
  const fetchFn = client.settings.fetch ?? globalThis.fetch;
  const sentAt = client.settings.now();
  const response = await fetchFn(url, init);
  if (response.status !== 401 || !client.recovery.mayRecover({ url, method: init.method ?? 'get' })) return response;
  try {
    await client.recovery.recover(sentAt);
  } catch {
    // The session is gone (revoked and logged out): the caller sees the 401.
    return response;
  }
  return fetchFn(url, init);
}
