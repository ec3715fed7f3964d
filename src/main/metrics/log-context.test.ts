import { describe, expect, it } from 'vitest';
import { telemetry } from '@/shared/telemetry.ts';
import { settle } from '../../../tests/support/wait-for.ts';
import { createLogger } from '../logger.ts';
import { withLogIds } from './log-context.ts';
import { createMetrics } from './registry.ts';

/** Every line written inside a request or job carries its ids, across awaits. */
describe('log ids', () => {
  it('are added to every line written inside withLogIds, nested ids included, and to no other', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', { write: (s: string) => lines.push(JSON.parse(s)) });
    await withLogIds({ reqId: 'r-1' }, async () => {
      await settle(); // across a turn of the event loop, not only a microtask
      logger.info('in the request');
      await withLogIds({ jobId: '7', postId: '123' }, async () => {
        await Promise.resolve();
        logger.child({ component: 'agent' }).warn({ n: 1 }, 'in the job');
      });
    });
    logger.info('outside');
    expect(lines.map(({ msg, reqId, jobId, postId }) => ({ msg, reqId, jobId, postId }))).toEqual([
      { msg: 'in the request', reqId: 'r-1', jobId: undefined, postId: undefined },
      { msg: 'in the job', reqId: 'r-1', jobId: '7', postId: '123' },
      { msg: 'outside', reqId: undefined, jobId: undefined, postId: undefined },
    ]);
  });

  it('reach the layers through the telemetry port once metrics are made', () => {
    createMetrics({} as never);
    const ids = telemetry.withLogIds({ reqId: 'r-2' }, () => {
      const lines: Record<string, unknown>[] = [];
      createLogger('info', { write: (s: string) => lines.push(JSON.parse(s)) }).info('x');
      return lines[0];
    });
    expect(ids).toMatchObject({ reqId: 'r-2' });
  });
});
