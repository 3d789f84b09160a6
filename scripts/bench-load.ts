import autocannon from 'autocannon';

// The load generator of `npm run bench:server`, forked as its own process so
// that the clients do not share the server's event loop (as real clients do
// not). It receives one job on its IPC channel, runs autocannon and answers
// every response time (ms) with the average requests per second.

export interface LoadJob {
  base: string;
  cookie: string;
  paths: string[];
  connections: number;
  seconds: number;
}

export interface LoadResult {
  times: number[];
  rps: number;
  errors: number;
}

process.once('message', (job: LoadJob) => {
  const times: number[] = [];
  let errors = 0;
  const instance = autocannon(
    {
      url: job.base,
      connections: job.connections,
      duration: job.seconds,
      headers: { cookie: job.cookie },
      requests: job.paths.map((p) => ({ method: 'GET' as const, path: p })),
    },
    (err, result) => {
      if (err) throw err;
      const answer: LoadResult = { times, rps: result.requests.average, errors };
      process.send!(answer, () => process.exit(0));
    },
  );
  instance.on('response', (_client, status, _bytes, time) => {
    times.push(time);
    if (status !== 200) errors += 1;
  });
});
