import { type ChildProcess, spawn } from 'node:child_process';
import { serve } from '@hono/node-server';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentInbox, transfers, transferTransactions } from '@/db/schema/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';
import { childProcessEnv, freePort } from '../../support/child-env.ts';
import { nodeArgs } from '../../support/node-entry.ts';
import { waitRealMs } from '../../support/real-time.ts';
import { seededRandom } from '../../support/seed.ts';
import { createTestDatabase, testDbKind } from '../../support/test-db.ts';

const TRIALS = Number(process.env.AGENT_SIGKILL_TRIALS ?? 20);
/** A unique word per trial (digits would read as amounts). */
const letters = (n: number) =>
  String.fromCharCode(97 + (n % 26)) + String.fromCharCode(97 + Math.floor(n / 26));
// When each kill lands (printed seed: TEST_SEED replays the run).
const chaos = seededRandom('agent-sigkill');

describe.skipIf(testDbKind !== 'postgres')(
  'SIGKILL of agent worker processes on PostgreSQL',
  () => {
    let t: AgentEnv;
    let server: ReturnType<typeof serve>;
    let childEnv: Record<string, string>;
    const children = new Set<ChildProcess>();

    const spawnWorker = () => {
      const child = spawn(process.execPath, nodeArgs('src/main/agent-worker.ts'), {
        env: { ...process.env, ...childEnv },
        stdio: 'ignore',
      });
      children.add(child);
      child.once('exit', () => children.delete(child));
      return child;
    };

    beforeAll(async () => {
      const port = await freePort();
      const database = await createTestDatabase();
      t = await startAgentEnv({
        database,
        env: {
          PORT: String(port),
          SANDBOX_SNAPSHOT_INTERVAL_MS: '500',
          X_TOKEN_ENC_KEYS: '',
          X_TOKEN_MAC_KEYS: '',
        },
      });
      server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
      childEnv = {
        ...(await childProcessEnv(t, {
          databaseUrl: database.url!,
          nodeEnv: 'test',
          logLevel: 'silent',
        })),
        AGENT_LEASE_MS: '1500',
        AGENT_POLL_INTERVAL_MS: '200',
      };
    });

    afterAll(async () => {
      for (const c of children) c.kill('SIGKILL');
      server?.close();
      await t?.close();
    });

    it(`${TRIALS} trials: every post processed exactly once (one transfer, one reply)`, {
      timeout: 600_000,
    }, async () => {
      await t.user('alice');
      await t.user('bob');
      const ask = await t.post('alice', "@UpsiderAgent what's my address");
      for (let i = 0; i < 3; i++) await t.agent.worker.tick();
      const alice = /DAG\w{37}/.exec((await t.repliesTo(ask.id))[0]!.text)![0];
      await t.fund(alice, 'UP', '1000');

      const sends: string[] = [];
      const others: string[] = [];
      for (let trial = 0; trial < TRIALS; trial++) {
        const tag = letters(trial);
        sends.push((await t.post('alice', `@UpsiderAgent send 1 UP to @bob, round ${tag}`)).id);
        others.push((await t.post('alice', `@UpsiderAgent balance (trial ${trial})`)).id);
        const child = spawnWorker();
        // Kill once the child is at work on this trial's posts, at a random point.
        for (let waited = 0; waited < 30_000; waited += 50) {
          const rows = await t.deps.db
            .select()
            .from(agentInbox)
            .where(eq(agentInbox.postId, sends.at(-1)!));
          if (rows[0]?.lockedUntil || rows[0]?.status === 'done') break;
          await waitRealMs(50, 'process: the spawned worker claims the job in its own time');
        }
        // Every other trial kills the moment the job is claimed, so some kills surely land
        // mid-job now that a send takes well under the random delay; the rest land anywhere.
        if (trial % 2 === 1)
          await waitRealMs(
            Math.floor(chaos() * 400),
            'process: a kill at a random point of the child’s work',
          );
        child.kill('SIGKILL');
        await new Promise((r) =>
          child.exitCode !== null || child.signalCode ? r(null) : child.once('exit', r),
        );
      }

      // A last worker, left alone, finishes whatever the killed ones left behind.
      const finisher = spawnWorker();
      const all = [...sends, ...others];
      for (let waited = 0; waited < 120_000; waited += 500) {
        const rows = await t.deps.db
          .select()
          .from(agentInbox)
          .where(inArray(agentInbox.postId, all));
        const replied = await Promise.all(all.map((id) => t.repliesTo(id)));
        if (rows.every((r) => r.status === 'done') && replied.every((r) => r.length > 0)) break;
        await waitRealMs(500, 'process: the finisher child works in its own time');
      }
      finisher.kill('SIGTERM');
      await t.settle();

      // The kills did land mid-work: some jobs were taken over from a dead worker's lease.
      const done = await t.deps.db.select().from(agentInbox).where(inArray(agentInbox.postId, all));
      const retaken = done.filter((r) => r.attempts > 1).length;
      console.info(`jobs retaken after a SIGKILL: ${retaken} of ${all.length}`);
      expect(retaken).toBeGreaterThan(0);
      for (const id of all) expect(await t.repliesTo(id), `replies to ${id}`).toHaveLength(1);
      const rows = await t.deps.db
        .select()
        .from(transfers)
        .where(inArray(transfers.idempotencyKey, sends));
      expect(rows).toHaveLength(TRIALS);
      for (const row of rows) {
        const legs = await t.deps.db
          .select()
          .from(transferTransactions)
          .where(eq(transferTransactions.transferId, row.id));
        expect(legs.filter((l) => l.state !== 'rejected')).toHaveLength(2);
      }
      const bob = await t.post('bob', '@UpsiderAgent balance');
      for (let i = 0; i < 3; i++) await t.agent.worker.tick();
      const expected = `${TRIALS}.00 UP`;
      expect((await t.repliesTo(bob.id))[0]!.text).toContain(expected);
    });
  },
);
