import type { Db } from '@/db/client.ts';
import { handBackJobs } from '@/db/queue/index.ts';
import { handBackReplies } from '../outbox/outbox-queue.ts';
import { handBackInboxJobs } from './inbox-queue.ts';

/**
 * What a stopping agent worker still leases, given back in every queue it claims from (jobs,
 * inbox, outbox), so another worker takes it at once instead of after the lease runs out.
 */
export async function handBackLeases(db: Db, workerId: string) {
  const [jobs, inbox, replies] = await Promise.all([
    handBackJobs(db, workerId),
    handBackInboxJobs(db, workerId),
    handBackReplies(db, workerId),
  ]);
  return { jobs, inbox, replies };
}
