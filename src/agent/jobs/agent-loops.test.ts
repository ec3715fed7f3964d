import { describe, expect, it } from 'vitest';
import { createAgentLoops } from './agent-loops.ts';

const quietLogger = (warned: object[]) => ({ warn: (o: object) => warned.push(o) });

describe('createAgentLoops', () => {
  it('runs a step again after the wait it returns, and stop() ends a loop mid-sleep', async () => {
    const warned: object[] = [];
    const loops = createAgentLoops({ now: () => new Date(), logger: quietLogger(warned) });
    let runs = 0;
    loops.start('quick', async () => (++runs < 3 ? 0 : 3_600_000));
    await expect.poll(() => runs).toBe(3);
    const started = Date.now();
    await loops.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(runs).toBe(3);
    expect(warned).toEqual([]);
  });

  it('a failing step is logged with its loop name and backs off; stop() ends the back-off', async () => {
    const warned: object[] = [];
    const loops = createAgentLoops({ now: () => new Date(), logger: quietLogger(warned) });
    let runs = 0;
    loops.start('flaky', async () => {
      runs++;
      throw new Error('X is down');
    });
    await expect.poll(() => warned.length).toBe(1);
    expect(warned[0]).toMatchObject({ loop: 'flaky', failures: 1, err: 'Error: X is down' });
    expect((warned[0] as { retryInMs: number }).retryInMs).toBeGreaterThan(0);
    await loops.stop();
    expect(runs).toBe(1); // still backing off when stopped: not retried at once
  });
});
