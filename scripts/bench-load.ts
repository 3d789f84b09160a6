import http from 'node:http';
import autocannon from 'autocannon';

// The load generator of `npm run bench:server`, forked as its own process so
// that the clients do not share the server's event loop (as real clients do
// not). It receives one job on its IPC channel, first sends the same load for
// `warmup` seconds unmeasured (the server's JIT compiles its hot paths then,
// as a long-running server's already has) and says so, then runs the measured
// load and answers every response time (ms) with the average requests per second.
// A `group` job is a user's global search: each connection sends all its paths
// at once and times them to the slowest answer; the rate is searches per second.

export interface LoadJob {
  base: string;
  cookie: string;
  paths: string[];
  connections: number;
  seconds: number;
  warmup: number;
  /** Each connection sends the paths together and waits for all of them (one time per group). */
  group?: boolean;
}

/** The client's messages: the warm-up is over (the measured load starts), then the result. */
type LoadMessage = { warmedUp: true } | LoadResult;

export interface LoadResult {
  times: number[];
  rps: number;
  errors: number;
}

function run(job: LoadJob, seconds: number, onResponse: (status: number, time: number) => void) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.base,
        connections: job.connections,
        duration: seconds,
        headers: { cookie: job.cookie },
        requests: job.paths.map((p) => ({ method: 'GET' as const, path: p })),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_client, status, _bytes, time) => onResponse(status, time));
  });
}

/** Each of job.connections users sends every path at once, again and again; the time is the slowest answer's. */
async function runGroups(job: LoadJob, seconds: number, onGroup: (ok: boolean, time: number) => void) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections * job.paths.length });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(`${job.base}${path}`, { agent, headers: { cookie: job.cookie } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', reject);
    });
  const end = performance.now() + seconds * 1000;
  let groups = 0;
  await Promise.all(
    Array.from({ length: job.connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const statuses = await Promise.all(job.paths.map(get));
        groups += 1;
        onGroup(
          statuses.every((status) => status === 200),
          performance.now() - started,
        );
      }
    }),
  );
  agent.destroy();
  return groups / seconds;
}

async function measure(job: LoadJob): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  if (job.group) {
    const rps = await runGroups(job, job.seconds, (ok, time) => {
      times.push(time);
      if (!ok) errors += 1;
    });
    return { times, rps, errors };
  }
  const result = await run(job, job.seconds, (status, time) => {
    times.push(time);
    if (status !== 200) errors += 1;
  });
  return { times, rps: result.requests.average, errors };
}

process.once('message', async (job: LoadJob) => {
  if (job.warmup > 0)
    await (job.group ? runGroups(job, job.warmup, () => undefined) : run(job, job.warmup, () => undefined));
  await new Promise((resolve) => process.send!({ warmedUp: true } satisfies LoadMessage, resolve));
  const result = await measure(job);
  process.send!(result satisfies LoadMessage, () => process.exit(0));
});
