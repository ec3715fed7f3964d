import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';

let t: AgentEnv;
beforeAll(async () => {
  t = await startAgentEnv();
});
afterAll(() => t?.close());

/** The README's walkthrough on a fresh start: nobody creates @bob or @friend first. */
describe('the handles the docs use exist in the sandbox', () => {
  it('README step 3: "send 5 UP to @bob" sends to bob (no "not an X account")', async () => {
    await t.user('walker');
    const ask = await t.post('walker', "@UpsiderAgent what's my address");
    await t.drain();
    const address = /DAG\d\w{36}/.exec((await t.repliesTo(ask.id))[0]!.text)![0];
    await t.fund(address, 'UP', '100');

    const send = await t.post('walker', '@UpsiderAgent send 5 UP to @bob');
    const landing = await t.post('walker', '@UpsiderAgent send 1 $UP to @friend');
    await t.drain();
    for (const p of [send, landing]) {
      const [reply] = await t.repliesTo(p.id);
      expect(reply?.text).not.toMatch(/not an X account/);
      expect(reply?.text).toMatch(/^Sent /);
    }
  });
});
