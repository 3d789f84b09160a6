// What the benchmarks share: percentiles of sorted samples and a console
// sign-in over HTTP (the XSRF cookie first, then the login), answering the
// Cookie header of the signed-in session.

/** NaN where nothing answered (a scenario that got no response in its seconds on a loaded machine). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

export async function signIn(base: string, email: string): Promise<string> {
  const health = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.getSetCookie().join(';'))![1];
  const login = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: JSON.stringify({ email, password: 'Demo-Password-1' }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  // Sign-in answers a new XSRF token bound to the session.
  const cookie = (name: string) =>
    login.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))!
      .split(';')[0];
  return `${cookie('XSRF-TOKEN')}; ${cookie('rms_access')}`;
}
