// Bench section: agent commands per second through parse → ledger → outbox (mentions read from
// the local X, interpreted, transferred on the local network, replies posted), and the time
// from ingestion (the post appearing on X) to the transfer being settled (confirmed), p50/p95.
// In-process (PGlite in memory); BENCH_AGENT_COMMANDS (default 40) sets the load.
import { inArray } from 'drizzle-orm';
import { agentOutbox, transfers } from '@/db/schema/index.ts';
import { startAgentEnv } from '../../tests/support/agent-env.ts';
import { percentile } from './stats.ts';
import type { BenchSection } from './types.ts';

const SENDERS = 4;
const word = (n: number) =>
  String.fromCharCode(97 + (n % 26)) + String.fromCharCode(97 + (Math.floor(n / 26) % 26));

export async function benchAgent(): Promise<void> {
  const commands = Number(process.env.BENCH_AGENT_COMMANDS ?? 40);
  const env = await startAgentEnv({ env: { AGENT_CONFIRM_ABOVE_UP: '1000000' } });
  try {
    await env.user('benchbob');
    const senders: string[] = [];
    for (let i = 0; i < SENDERS; i++) {
      const name = `bencher${word(i)}`;
      await env.user(name);
      const ask = await env.post(name, "@UpsiderAgent what's my address");
      await env.agent.worker.tick();
      await env.agent.worker.tick();
      const reply = (await env.repliesTo(ask.id))[0]!.text;
      await env.fund(/DAG\w{37}/.exec(reply)![0], 'UP', '100000');
      senders.push(name);
    }
    const postedAt = new Map<string, number>();
    for (let i = 0; i < commands; i++) {
      const p = await env.post(
        senders[i % SENDERS]!,
        `@UpsiderAgent send 1 UP to @benchbob, ${word(i)}`,
      );
      postedAt.set(p.id, Date.now());
    }
    const keys = [...postedAt.keys()];
    const started = Date.now();
    let repliedAt = 0;
    for (let round = 0; round < 200; round++) {
      await env.agent.worker.tick();
      const sent = await env.deps.db
        .select()
        .from(agentOutbox)
        .where(inArray(agentOutbox.postId, keys));
      if (!repliedAt && sent.length === keys.length && sent.every((s) => s.status === 'sent')) {
        repliedAt = Date.now();
      }
      await env.settle();
      const rows = await env.deps.db
        .select()
        .from(transfers)
        .where(inArray(transfers.idempotencyKey, keys));
      if (repliedAt && rows.length === keys.length && rows.every((r) => r.state === 'confirmed'))
        break;
    }
    const rows = await env.deps.db
      .select()
      .from(transfers)
      .where(inArray(transfers.idempotencyKey, keys));
    const latencies = rows
      .filter((r) => r.confirmedAt)
      .map((r) => r.confirmedAt!.getTime() - postedAt.get(r.idempotencyKey)!)
      .sort((a, b) => a - b);
    const seconds = ((repliedAt || Date.now()) - started) / 1000;
    console.info(
      `  ${commands} send commands from ${SENDERS} authors (read → parse → transfer → reply posted)`,
    );
    console.info(`  throughput: ${(commands / seconds).toFixed(1)} commands/s`);
    console.info(
      `  ingestion → settled: ${latencies.length}/${commands} confirmed, p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms`,
    );
  } finally {
    await env.close();
  }
}

export const agentBench: BenchSection = {
  title: 'Agent commands through parse → ledger → outbox',
  run: () => benchAgent(),
};

if (import.meta.url === `file://${process.argv[1]}`) await benchAgent();
