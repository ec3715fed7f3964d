import { loadKeyRing } from '@/core/crypto/key-ring.ts';
import { createTokenCipher } from '@/core/crypto/token-cipher.ts';
import { confirmTransfers } from '@/core/transfers/index.ts';
import type { Database } from '@/db/client.ts';
import { agentInbox, agentOutbox } from '@/db/schema/index.ts';
import { localSandbox } from '@/main/bootstrap.ts';
import { composeProduct } from '@/main/compose-product.ts';
import { loadConfig } from '@/main/config.ts';
import { createLogger } from '@/main/logger.ts';
import type { FaultSpec } from '@/sandbox/faults/spec.ts';
import type { XLimits } from '@/sandbox/x/context.ts';
import type { Token } from '@/shared/tokens.ts';
import { TEST_ENV } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';
import { walletTestEnv } from './wallet-env.ts';

/**
 * The whole product in-process, composed by `npm start`'s own wiring (src/main/compose-product.ts) on a
 * fresh test database: local X + local Constellation (snapshots on demand) + the agent, whose
 * loops the test drives with `agent.worker.tick()`. `database` lets a second instance
 * (a "restart") run on the same data.
 */
export async function startAgentEnv(
  opts: {
    database?: Database;
    env?: Record<string, string>;
    now?: () => Date;
    /** X pushes mentions to /api/x/webhook (as in the default run); set it up with `setUpPush`. */
    push?: boolean;
    /** The local X's rate limits, raised for a bench (X's documented ones otherwise). */
    xLimits?: Partial<XLimits>;
    /** Start the local Base node (anvil) too: `sandbox.base` resolves once it runs. */
    withBase?: boolean;
  } = {},
) {
  const database = opts.database ?? (await createTestDatabase());
  const env = {
    ...TEST_ENV,
    SANDBOX_SNAPSHOT_INTERVAL_MS: '0',
    SANDBOX_EVIDENCE_BATCH_INTERVAL_MS: '0',
    ...walletTestEnv(),
    ...opts.env,
  };
  const config = loadConfig(env);
  const now = opts.now ?? (() => new Date());
  /** Every chat-completions request body the product sent (to check what the model was told). */
  const llmRequests: { messages: { role: string; content: string }[] }[] = [];
  const product = await composeProduct(config, database, {
    logger: createLogger('silent'),
    now,
    // Requests to the server's own origin (the sandbox) go to the app in-process.
    inProcess: (url) => url.startsWith(config.publicUrl),
    sandbox: localSandbox({ xLimits: opts.xLimits, withBase: opts.withBase }),
    fetchFor: (inProcess) => ({
      llm: async (url, init) => {
        if (init?.body) llmRequests.push(JSON.parse(String(init.body)));
        return inProcess(url, init);
      },
    }),
    tokenCipher: createTokenCipher(
      loadKeyRing({ enc: undefined, mac: undefined, dataDir: '/tmp/upsider-agent-test-keys' }),
    ),
    agent: { env, push: opts.push ? 'local-x' : null },
  });
  const { app, deps, agent, sandbox } = product;
  if (!agent || !sandbox) throw new Error('the agent env composes the agent and the sandbox');
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await app.request(`${config.publicUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  return {
    app,
    deps,
    agent,
    sandbox,
    database,
    config,
    env,
    call,
    llmRequests,
    async user(username: string) {
      return (await call('POST', '/sandbox/x/_admin/users', { username })).body as { id: string };
    },
    async post(
      username: string,
      text: string,
      extra: { inReplyToId?: string; quotedId?: string } = {},
    ) {
      const res = await call('POST', '/sandbox/x/_admin/posts', { username, text, ...extra });
      if (res.status >= 300) throw new Error(`post failed: ${JSON.stringify(res.body)}`);
      return res.body as { id: string };
    },
    /** The author edits a post on the local X (X: a new post id carrying the edit history). */
    async edit(postId: string, text: string) {
      const res = await call('POST', `/sandbox/x/_admin/posts/${postId}/edit`, { text });
      if (res.status >= 300) throw new Error(`edit failed: ${JSON.stringify(res.body)}`);
      return res.body as { id: string; editHistoryTweetIds: string[] };
    },
    async posts() {
      return (await call('GET', '/sandbox/x/_admin/posts')).body as {
        id: string;
        author: { username: string };
        text: string;
        inReplyToId: string | null;
      }[];
    },
    async repliesTo(postId: string) {
      return (await this.posts()).filter((p) => p.inReplyToId === postId);
    },
    /** The texts of the replies to `postId`, oldest first. */
    async replyTexts(postId: string) {
      return (await this.repliesTo(postId)).map((p) => p.text);
    },
    /** Runs the worker's loops `ticks` times: enough for a post to be read, run and answered. */
    async drain(ticks = 4) {
      for (let i = 0; i < ticks; i++) await agent.worker.tick();
    },
    /** Asks the agent for `username`'s wallet address (made on first use) and returns it. */
    async walletAddressOf(username: string) {
      const ask = await this.post(username, "@UpsiderAgent what's my address");
      await this.drain();
      const [reply] = await this.replyTexts(ask.id);
      return /DAG\d[1-9A-HJ-NP-Za-km-z]{36}/.exec(reply ?? '')![0];
    },
    async fund(address: string, token: Token, tokens: string) {
      await call('POST', '/sandbox/constellation/_admin/faucet', { address, token, tokens });
      await this.snapshot();
    },
    async snapshot() {
      await call('POST', '/sandbox/constellation/_admin/snapshot');
    },
    /** Snapshot, then let the transfer reconciler see it. */
    async settle() {
      await this.snapshot();
      await confirmTransfers(deps);
    },
    /** Makes the local X fail as `spec` says (its own admin body); throws if X refused it. */
    async fault(spec: FaultSpec) {
      const res = await call('POST', '/sandbox/x/_admin/faults', spec);
      if (res.status !== 201) throw new Error(`the local X refused the fault: ${res.status}`);
      return res.body;
    },
    /** Every fault of the local X cleared at once (a test never waits one out). */
    async clearFaults() {
      await call('DELETE', '/sandbox/x/_admin/faults');
    },
    async counts() {
      const inbox = await database.db.select().from(agentInbox);
      const outbox = await database.db.select().from(agentOutbox);
      return { inbox, outbox };
    },
    async stop() {
      await agent.worker.stop();
      await sandbox.stop();
    },
    async close() {
      await this.stop();
      await database.close();
    },
  };
}

export type AgentEnv = Awaited<ReturnType<typeof startAgentEnv>>;

/** Real time plus an offset the test can push forward (database clocks keep running too). */
export function offsetClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}
