import { percentile } from './stats.ts';
import type { BenchSection } from './types.ts';

const MINUTES = Number(process.env.BENCH_MENTION_MINUTES ?? 5);
/** One post per 10 s: the pace X's posting limit lets the agent answer indefinitely (100 / 15 min). */
const INTERVAL_MS = Number(process.env.BENCH_MENTION_INTERVAL_MS ?? 10_000);
const GOAL_P95_MS = 3_000;
const USERS = ['alice', 'bob', 'carol', 'dana'];

/**
 * Mention-to-reply latency (decision 0018) in the default run (production server, sandbox X pushing
 * mentions to the webhook, polling as catch-up) under steady posting: a post every INTERVAL_MS
 * for MINUTES (the goal's hour: BENCH_MENTION_MINUTES=60), timed from the post's creation to
 * the agent's reply appearing on the local X. Prints p50/p95/max against the 3 s goal.
 */
export const mentionLatency: BenchSection = {
  title: `Agent mention-to-reply latency, a post every ${INTERVAL_MS / 1000} s for ${MINUTES} min (default run)`,
  async run(ctx) {
    const origin = await ctx.server();
    const json = async (path: string, init?: RequestInit) =>
      (await fetch(origin + path, init)).json();
    const pending = new Map<string, number>();
    const latencies: number[] = [];
    const slowest: { ms: number; at: string }[] = [];
    let stop = false;
    const watcher = (async () => {
      while (!stop || pending.size > 0) {
        const posts = (await json('/sandbox/x/_admin/posts?limit=100')) as {
          inReplyToId: string | null;
        }[];
        for (const p of posts) {
          const t0 = p.inReplyToId ? pending.get(p.inReplyToId) : undefined;
          if (t0 !== undefined) {
            latencies.push(Date.now() - t0);
            slowest.push({ ms: Date.now() - t0, at: new Date(t0).toISOString() });
            pending.delete(p.inReplyToId!);
          }
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const end = Date.now() + MINUTES * 60_000;
    for (let i = 0; Date.now() < end; i++) {
      const t0 = Date.now();
      const post = (await json('/sandbox/x/_admin/posts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: USERS[i % USERS.length],
          text: `@UpsiderAgent balance (bench ${i} ${t0})`,
        }),
      })) as { id: string };
      pending.set(post.id, t0);
      await new Promise((r) => setTimeout(r, INTERVAL_MS));
    }
    stop = true;
    await Promise.race([watcher, new Promise((r) => setTimeout(r, 60_000))]);
    const sorted = [...latencies].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    const status = (await json('/api/agent/status')) as { push: unknown };
    console.info(
      `  ${sorted.length} replies (${pending.size} unanswered), mentions ${status.push ? 'pushed by X' : 'polled'}: p50 ${percentile(sorted, 50)} ms  p95 ${p95} ms  max ${sorted.at(-1) ?? '-'} ms  ${p95 <= GOAL_P95_MS && pending.size === 0 ? 'goal met' : 'goal NOT met'} (p95 ≤ 3 s)`,
    );
    // When the slow ones happened, to match against the server's log.
    const worst = slowest.sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.info(`  slowest: ${worst.map((w) => `${w.ms} ms at ${w.at}`).join(', ')}`);
  },
};
