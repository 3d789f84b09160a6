import autocannon from 'autocannon';

// The load generator of `npm run bench:server`, forked as its own process so
// that the clients do not share the server's event loop (as real clients do
// not). It receives one job on its IPC channel, first sends the same load for
// `warmup` seconds unmeasured (the server's JIT compiles its hot paths then,
// as a long-running server's already has) and says so, then runs the measured
// load and answers every response time (ms) with the average requests per second.

export interface LoadJob {
  base: string;
  cookie: string;
  paths: string[];
  connections: number;
  seconds: number;
  warmup: number;
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

process.once('message', async (job: LoadJob) => {
  if (job.warmup > 0) await run(job, job.warmup, () => undefined);
  await new Promise((resolve) => process.send!({ warmedUp: true } satisfies LoadMessage, resolve));
  const times: number[] = [];
  let errors = 0;
  const result = await run(job, job.seconds, (status, time) => {
    times.push(time);
    if (status !== 200) errors += 1;
  });
  process.send!({ times, rps: result.requests.average, errors } satisfies LoadMessage, () => process.exit(0));
});
