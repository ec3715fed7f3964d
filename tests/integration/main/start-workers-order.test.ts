import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bootstrap } from '@/main/bootstrap.ts';
import { loadConfig } from '@/main/config.ts';
import { startUpTimer } from '@/main/start-up-timer.ts';
import type { BaseChain } from '@/sandbox/base/chain.ts';

/**
 * The order of a start's last parts (decision 0081): the workers (the agent's loops, transfer
 * confirmation, rewards, the bot's book, upkeep) start once the Base holders indexer has, so
 * their first passes do not hold back the statement readiness waits on; and they have started
 * by the time readiness can answer. The local Base node is held here until the test lets it go
 * (it then fails: the indexer has nothing to index, and the start goes on without it).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-start-order-'));
let stop = async () => {};
afterAll(async () => {
  await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('starts the workers after the Base holders indexer and before ready', async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '4332',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SANDBOX_DEMO: 'false',
  });
  let release = (_err: Error) => {};
  const baseChain = new Promise<BaseChain>((_resolve, reject) => {
    release = reject;
  });
  baseChain.catch(() => {});
  const timer = startUpTimer();
  const started = await bootstrap(config, { baseChain, timer });
  stop = () => started.stop();
  // Composed, the local Base node still starting: nothing has run a pass yet.
  expect(timer.summary()).toHaveProperty('holderIndexers');
  expect(timer.summary()).not.toHaveProperty('workers');

  release(new Error('held by the test'));
  const outcome = await started.background;
  expect(outcome?.failed.map((f) => f.part)).toEqual(['base']);
  const steps = timer.summary();
  expect(steps.workers).toBeGreaterThanOrEqual(steps.holderIndexers ?? Infinity);
  expect(steps.background).toBeGreaterThanOrEqual(steps.workers ?? Infinity);
}, 300_000);
