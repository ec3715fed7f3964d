import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentInbox, transfers, transferTransactions } from '../../src/db/schema/index.ts';
import { type AgentEnv, startAgentEnv } from '../support/agent-env.ts';
import { PRODUCTION_SITE_ENV } from '../support/production-env.ts';
import { createTestDatabase, testDbKind } from '../support/test-db.ts';

const TRIALS = Number(process.env.AGENT_SIGKILL_TRIALS ?? 20);
/** A unique word per trial (digits would read as amounts). */
const letters = (n: number) =>
  String.fromCharCode(97 + (n % 26)) + String.fromCharCode(97 + Math.floor(n / 26));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A free port: the parent serves the local X and network there for the worker children. */
async function freePort() {
  const srv = serve({ fetch: () => new Response(), port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => srv.once('listening', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

describe.skipIf(testDbKind !== 'postgres')(
  'SIGKILL of agent worker processes on PostgreSQL',
  () => {
    let t: AgentEnv;
    let server: ReturnType<typeof serve>;
    let childEnv: Record<string, string>;
    const children = new Set<ChildProcess>();

    const spawnWorker = () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/agent-worker.ts'], {
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
      const localX = (await t.call('GET', '/sandbox')).body.services.x;
      const keys = JSON.parse(
        fs.readFileSync('/tmp/upsider-agent-test-keys/x-token-keys.json', 'utf8'),
      );
      const c = t.config.constellation;
      childEnv = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url!,
        SANDBOX: 'false',
        ...PRODUCTION_SITE_ENV,
        PUBLIC_URL: t.config.publicUrl,
        X_CLIENT_ID: localX.clientId,
        X_CLIENT_SECRET: localX.clientSecret,
        X_API_URL: localX.apiUrl,
        X_TOKEN_URL: localX.tokenUrl,
        X_AUTHORIZE_URL: localX.authorizeUrl,
        X_REVOKE_URL: localX.revokeUrl,
        X_TOKEN_ENC_KEYS: keys.enc,
        X_TOKEN_MAC_KEYS: keys.mac,
        WALLET_MASTER_KEYS: (t.env as Record<string, string>).WALLET_MASTER_KEYS!,
        CONSTELLATION_DAG_L0_URL: c.dag.l0Url,
        CONSTELLATION_DAG_L1_URL: c.dag.l1Url,
        CONSTELLATION_UP_L0_URL: c.UP!.l0Url,
        CONSTELLATION_UP_L1_URL: c.UP!.l1Url,
        CONSTELLATION_UP_METAGRAPH_ID: c.UP!.metagraphId,
        CONSTELLATION_DOR_L0_URL: c.DOR!.l0Url,
        CONSTELLATION_DOR_L1_URL: c.DOR!.l1Url,
        CONSTELLATION_DOR_METAGRAPH_ID: c.DOR!.metagraphId,
        CONSTELLATION_BLOCK_EXPLORER_URL: c.blockExplorerUrl,
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
          await sleep(50);
        }
        // Every other trial kills the moment the job is claimed, so some kills surely land
        // mid-job now that a send takes well under the random delay; the rest land anywhere.
        if (trial % 2 === 1) await sleep(Math.floor(Math.random() * 400));
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
        await sleep(500);
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
