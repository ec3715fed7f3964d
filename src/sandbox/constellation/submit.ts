import type { Db } from '@/db/client.ts';
import {
  type SignedTransaction,
  verifySignedTransaction,
} from '@/integrations/constellation/index.ts';
import type { TokenNetwork } from './network.ts';
import { applyBatch, type SubmitResult, type Verified } from './submit-batch.ts';
import { rejection } from './validate.ts';

export type { SubmitResult } from './submit-batch.ts';

interface Queued extends Verified {
  answer: (result: SubmitResult) => void;
  fail: (err: unknown) => void;
}

/**
 * `POST /transactions` of one L1 with group commit (decision 0032): the stateless checks run per
 * request, outside any database transaction; the transactions that pass wait in a queue, and
 * whatever queued meanwhile is written next as one batch (applyBatch: the same 5 round trips
 * a lone post took, for the whole batch). Under load the batches grow by themselves.
 * Concurrent posts from one address are serialised by the batch order here and, across
 * processes on PostgreSQL, by the account row locks (decision 0032).
 */
export function createSubmitter(
  db: Db,
  net: TokenNetwork,
  now: () => Date,
  /** Told each batch's size before it is written (tests prove what one batch does). */
  onBatch?: (size: number) => void,
) {
  let queue: Queued[] = [];
  let writing = false;

  async function drain() {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      await write(batch);
    }
    writing = false;
  }

  async function write(batch: Queued[]) {
    try {
      onBatch?.(batch.length);
      const results = await applyBatch(db, net, batch, now());
      for (const [i, q] of batch.entries()) q.answer(results[i] as SubmitResult);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.fail(err);
        return;
      }
      // Whatever went wrong must not fail the others: each again alone, in the same order.
      for (const q of batch) await write([q]);
    }
  }

  return function submit(signed: SignedTransaction): Promise<SubmitResult> {
    const { value } = signed;
    const verified = verifySignedTransaction(signed);
    if (!verified.ok) return Promise.resolve({ ok: false, rejection: rejection(verified.reason) });
    if (value.source === value.destination) {
      return Promise.resolve({
        ok: false,
        rejection: rejection('SameSourceAndDestinationAddress', value.source),
      });
    }
    return new Promise<SubmitResult>((answer, fail) => {
      queue.push({ signed, hash: verified.hash, answer, fail });
      if (writing) return;
      writing = true;
      // Not at once: PGlite answers within microtasks, so a batch written now would always be
      // this one request alone. After the I/O phase, every request already read has queued.
      setImmediate(drain);
    });
  };
}

export type Submitter = ReturnType<typeof createSubmitter>;
