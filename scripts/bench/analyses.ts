// Bench section: token analyses per minute through the LLM twin, and how long a plain
// command ('balance') waits for its reply while 50 analyses are queued behind the model. The
// agent's real loops run in-process (PGlite in memory) against the local X, network and LLM twin.
import { eq, inArray } from 'drizzle-orm';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { agentInbox, agentOutbox } from '@/db/schema/index.ts';
import { startAgentEnv } from '../../tests/support/agent-env.ts';
import { percentile } from './stats.ts';
import type { BenchSection } from './types.ts';

const USERS = 10;
const ASKS = [
  'analyze $UP',
  'analyze $DAG',
  'analyze $DOR',
  'what do you think of $UP',
  'thoughts on $DAG',
];
const word = (n: number) =>
  String.fromCharCode(97 + (n % 26)) + String.fromCharCode(97 + Math.floor(n / 26));

export async function benchAnalyses(): Promise<void> {
  const env = await startAgentEnv({ env: { AGENT_POLL_INTERVAL_MS: '200' } });
  try {
    // Charges are paid to the treasury, as in the default run (bootstrap provisions it).
    await provisionSystemWallets(env.deps);
    const users: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const name = `analyst${word(i)}`;
      await env.user(name);
      const ask = await env.post(name, "@UpsiderAgent what's my address");
      await env.agent.worker.tick();
      await env.agent.worker.tick();
      const reply = (await env.repliesTo(ask.id))[0]!.text;
      await env.fund(/DAG\w{37}/.exec(reply)![0], 'UP', '1000');
      users.push(name);
    }
    env.agent.worker.start();
    const sentFor = async (ids: string[]) =>
      (
        await env.deps.db
          .select({
            postId: agentOutbox.postId,
            status: agentOutbox.status,
            at: agentOutbox.sentAt,
          })
          .from(agentOutbox)
          .where(inArray(agentOutbox.postId, ids))
      ).filter((r) => r.status === 'sent' && r.at);
    const started = Date.now();
    const analyses: string[] = [];
    for (const ask of ASKS) {
      for (const name of users) analyses.push((await env.post(name, `@UpsiderAgent ${ask}`)).id);
    }
    const postedAt = new Map<string, number>();
    for (const name of users) {
      const p = await env.post(name, '@UpsiderAgent balance');
      postedAt.set(p.id, Date.now());
    }
    const balances = [...postedAt.keys()];
    const deadline = Date.now() + 5 * 60_000;
    let answered = await sentFor(analyses);
    while (Date.now() < deadline && answered.length < analyses.length) {
      await new Promise((r) => setTimeout(r, 250));
      answered = await sentFor(analyses);
    }
    const minutes = (Date.now() - started) / 60_000;
    const waits = (await sentFor(balances))
      .map((r) => r.at!.getTime() - postedAt.get(r.postId)!)
      .sort((a, b) => a - b);
    // Where a 'balance' waited: read and answered (inbox) vs queued to sent (outbox).
    const stages = await env.deps.db
      .select({
        postId: agentInbox.postId,
        received: agentInbox.receivedAt,
        processed: agentInbox.processedAt,
        queued: agentOutbox.createdAt,
        sent: agentOutbox.sentAt,
      })
      .from(agentInbox)
      .innerJoin(agentOutbox, eq(agentOutbox.postId, agentInbox.postId))
      .where(inArray(agentInbox.postId, balances));
    const sorted = (f: (r: (typeof stages)[number]) => number) =>
      stages.map(f).sort((a, b) => a - b);
    const readWait = sorted((r) => r.received.getTime() - postedAt.get(r.postId)!);
    const inboxWait = sorted((r) => r.processed!.getTime() - r.received.getTime());
    const outboxWait = sorted((r) => r.sent!.getTime() - r.queued.getTime());
    console.info(
      `  ${answered.length}/${analyses.length} analyses answered in ${(minutes * 60).toFixed(0)} s: ${(answered.length / minutes).toFixed(1)} analyses/min through the LLM twin`,
    );
    console.info(
      `  'balance' posted behind them: ${waits.length}/${balances.length} answered, p50 ${percentile(waits, 50)} ms, p95 ${percentile(waits, 95)} ms`,
    );
    console.info(
      `    of which posted → read p50 ${percentile(readWait, 50)} ms, read → answered p50 ${percentile(inboxWait, 50)} ms, queued → sent p50 ${percentile(outboxWait, 50)} ms`,
    );
  } finally {
    await env.close();
  }
}

export const analysesBench: BenchSection = {
  title: 'Agent token analyses per minute, and a plain command while 50 are pending',
  run: () => benchAnalyses(),
};
