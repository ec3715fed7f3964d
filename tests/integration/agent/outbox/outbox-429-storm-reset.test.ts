import { afterAll, expect, it } from 'vitest';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../../support/agent-env.ts';

/**
 * A short 429 storm on posting (faults bench, decision 0073): X names the storm's end in
 * `x-rate-limit-reset`, and the replies go out once it has passed, not a minute later (a floor
 * of a minute on every 429 block made a 10 s storm cost ~50 s of replies).
 */
let env: AgentEnv | undefined;
afterAll(async () => {
  await env?.close();
});

it('a reply refused by a 429 goes out once the reset X named has passed', async () => {
  const clock = offsetClock();
  env = await startAgentEnv({ now: clock.now });
  await env.user('erin');
  const ask = await env.post('erin', '@UpsiderAgent balance');
  // Its duration is real time (decision 0064); the 429 names its end as the reset.
  await env.fault({ path: '/2/tweets', method: 'POST', status: 429, durationMs: 8_000 });
  await env.drain();
  expect(await env.repliesTo(ask.id)).toHaveLength(0);

  // The storm is over (cleared at once: the test does not wait it out) and its reset passed.
  await env.clearFaults();
  clock.advance(10_000);
  await env.drain();
  expect(await env.repliesTo(ask.id)).toHaveLength(1);
});
