import { Queue, Worker, type Job } from 'bullmq';
import type { SharedRedis } from '../cluster/redis';
import type { BulkWork } from './bulk-work';

// Bulk jobs. Without Redis they run in this process, one after another's
// chunks interleaved, and shutdown waits for them. With Redis they go to a
// durable BullMQ queue that every instance works on: a job outlives the
// instance that took it — when that instance dies, its lock expires and
// another instance resumes the job from its last saved progress.

export interface BulkJob {
  channel: string;
  userId: number;
  ids: number[];
  work: BulkWork;
}

export interface BulkProgress {
  offset: number;
  done: number;
  failed: number;
}

export const NO_PROGRESS: BulkProgress = { offset: 0, done: 0, failed: 0 };

/** Runs a job from a saved point, saving its progress after every chunk. */
export type JobRunner = (job: BulkJob, from: BulkProgress, save: (p: BulkProgress) => Promise<void>) => Promise<void>;

export interface JobQueue {
  add(job: BulkJob): Promise<void>;
  /** Stops taking jobs and waits for the running ones (graceful shutdown). */
  close(): Promise<void>;
}

const START_DELAY_MS = 100;
const LOCK_MS = 5000;

export function localJobQueue(run: JobRunner): JobQueue {
  const running = new Set<Promise<void>>();
  return {
    async add(job) {
      const task = new Promise((resolve) => setTimeout(resolve, START_DELAY_MS))
        .then(() => run(job, NO_PROGRESS, async () => undefined))
        .catch(() => undefined)
        .finally(() => running.delete(task));
      running.add(task);
    },
    async close() {
      while (running.size) await Promise.all(running);
    },
  };
}

const isProgress = (value: unknown): value is BulkProgress =>
  typeof value === 'object' && value !== null && typeof (value as BulkProgress).offset === 'number';

export function redisJobQueue(redis: SharedRedis, run: JobRunner): JobQueue {
  const prefix = `${redis.prefix}bull`;
  const queue = new Queue<BulkJob>('bulk', { connection: redis.connect({ forQueue: true }), prefix });
  const worker = new Worker<BulkJob>(
    'bulk',
    async (job: Job<BulkJob>) => {
      const from = isProgress(job.progress) ? job.progress : NO_PROGRESS;
      await run(job.data, from, async (progress) => job.updateProgress(progress));
    },
    {
      connection: redis.connect({ forQueue: true }),
      prefix,
      concurrency: 4,
      lockDuration: LOCK_MS,
      stalledInterval: LOCK_MS,
      maxStalledCount: 10,
    },
  );
  worker.on('error', () => undefined);
  return {
    async add(job) {
      await queue.add('bulk', job, { removeOnComplete: 1000, removeOnFail: 1000 });
    },
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
