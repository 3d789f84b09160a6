import type { FastifyInstance } from 'fastify';

// Graceful shutdown on SIGTERM or SIGINT: stop accepting connections, let
// the requests in flight and the running jobs finish (app.close() runs every
// onClose hook), then exit 0. A close that outlasts the timeout, or a second
// signal, exits at once with status 1.

type Exit = (code: number) => void;

export function exitGracefully(
  app: FastifyInstance,
  timeoutMs: number,
  exit: Exit = (code) => process.exit(code),
): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal during shutdown: exiting now');
      exit(1);
      return;
    }
    closing = true;
    app.log.info({ signal, timeoutMs }, 'shutting down: finishing requests and jobs');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown timed out: exiting with work unfinished');
      exit(1);
    }, timeoutMs);
    timer.unref();
    app.close().then(
      () => exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
