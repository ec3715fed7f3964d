export * from './backoff.ts';
export * from './durable-queue.ts';
export * from './failures.ts';
export * from './jobs.ts';
export * from './run-jobs.ts';
