import { type ChildProcess, spawn } from 'node:child_process';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPaused } from '@/agent/engine/paused.ts';
import {
  ensureWalletForHandle,
  getWalletById,
  provisionSystemWallets,
  type WalletRecord,
} from '@/core/wallets/index.ts';
import { transfers, walletSweepItems, walletSweepRuns } from '@/db/schema/index.ts';
import { TOKENS, type Token } from '@/shared/tokens.ts';
import { nodeArgs } from '../../../support/node-entry.ts';
import { testDbKind } from '../../../support/test-db.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';
import type { SweepChildInput } from '../../../support/wallet-sweep-child.ts';

/**
 * `npm run wallets:sweep` across a kill -9 (decision 0047): a sweep process is SIGKILLed just after
 * the network accepted one of its transfers and before it recorded that; the command run again
 * finishes the run. Every balance lands at its wallet's new address once and the supply is exact.
 * The command also refuses while the agent runs and prints a dry run that changes nothing.
 */
const UNIT = 100_000_000n;
let t: Awaited<ReturnType<typeof startTransferNet>>;
let swept: WalletRecord[];
const before = new Map<string, Record<Token, bigint>>();

const balancesOf = async (address: string) =>
  Object.fromEntries(
    await Promise.all(TOKENS.map(async (k) => [k, await t.balance(t.net.client, k, address)])),
  ) as Record<Token, bigint>;

// PGlite lives inside one process: a second process cannot share it. Runs with TEST_DB=postgres.
describe.skipIf(testDbKind !== 'postgres')('wallets:sweep across a SIGKILL', () => {
  beforeAll(async () => {
    t = await startTransferNet({ snapshotIntervalMs: 200 });
    const system = await provisionSystemWallets(t.deps);
    const handle = await ensureWalletForHandle(t.deps, { handle: 'dora' });
    const fund: [string, Token, bigint][] = [
      [system.treasury.dagAddress, 'UP', 500n],
      [system.treasury.dagAddress, 'DAG', 3n],
      [system.rewards.dagAddress, 'UP', 300n],
      [handle.dagAddress, 'UP', 12n],
    ];
    for (const [address, token, n] of fund) {
      await t.net.sim.faucet({ token, address, units: n * UNIT });
    }
    const ann = await t.user('8001', 'ann', { UP: 100n * UNIT, DAG: 5n * UNIT, DOR: 7n * UNIT });
    const ben = await t.user('8002', 'ben', { UP: 40n * UNIT });
    swept = [system.treasury, system.fees, system.rewards, handle, ann, ben];
    for (const w of swept) before.set(w.id, await balancesOf(w.dagAddress));
  });
  afterAll(() => t?.close());

  const cli = (...args: string[]) =>
    startProcess(nodeArgs('src/main/wallets-sweep-cli.ts', ...args), {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: t.database.url as string,
      WALLET_MASTER_KEYS: t.deps.config.wallets.readMasterKeys() as string,
      PUBLIC_URL: t.net.publicUrl,
      AGENT_PAUSED: '',
    });

  it('refuses while the agent is not paused; the dry run prints and changes nothing', async () => {
    const refused = cli();
    expect(await refused.exited).toEqual({ code: 2, signal: null });
    expect(refused.stderr()).toMatch(/npm run agent:pause/);
    const dry = cli('--dry-run');
    expect(await dry.exited).toEqual({ code: 0, signal: null });
    expect(dry.stdout()).toContain(`user 8001  ${swept[4]!.dagAddress}  7.00 DOR`);
    expect(dry.stdout()).toContain('Nothing was changed');
    expect(await t.deps.db.select().from(walletSweepRuns)).toEqual([]);
  }, 60_000);

  it('killed mid-sweep, then run again: every balance moved once, supply exact', async () => {
    await setPaused(t.deps.db, true, 'test');
    const input: SweepChildInput = {
      databaseUrl: t.database.url as string,
      publicUrl: t.net.publicUrl,
      masterKeys: t.deps.config.wallets.readMasterKeys() as string,
      killAfterPosts: 3,
    };
    const killed = startProcess(nodeArgs('tests/support/wallet-sweep-child.ts'), {
      SWEEP_CHILD: JSON.stringify(input),
    });
    await killed.said('submitted');
    killed.process.kill('SIGKILL');
    expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const [open] = await t.deps.db.select().from(walletSweepRuns);
    expect(open?.state).toBe('running');

    const rerun = cli();
    expect(await rerun.exited).toEqual({ code: 0, signal: null });
    expect(rerun.stdout()).toMatch(/resuming sweep run .*\n[\s\S]*6 wallets moved, 0 failed/);

    const sweeps = await t.deps.db
      .select()
      .from(transfers)
      .where(like(transfers.idempotencyKey, 'wallet-sweep:%'));
    const nonZero = [...before.values()].flatMap((b) => TOKENS.filter((k) => b[k] > 0n));
    expect(sweeps).toHaveLength(nonZero.length);
    expect(sweeps.every((s) => s.state === 'confirmed')).toBe(true);
    const items = await t.deps.db.select().from(walletSweepItems);
    for (const w of swept) {
      const now = (await getWalletById(t.deps, { walletId: w.id }))!;
      const item = items.find((i) => i.walletId === w.id)!;
      expect(item).toMatchObject({ state: 'moved', oldAddress: w.dagAddress });
      expect(await balancesOf(now.dagAddress)).toEqual(before.get(w.id));
      expect(await balancesOf(w.dagAddress)).toEqual({ DAG: 0n, UP: 0n, DOR: 0n });
    }
    // Supply: what the old addresses held is exactly what the new ones hold (no fee, no loss).
    for (const token of TOKENS) {
      const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
      const was = sum([...before.values()].map((b) => b[token]));
      const news = await Promise.all(
        swept.map(async (w) => {
          const now = await getWalletById(t.deps, { walletId: w.id });
          return t.balance(t.net.client, token, now!.dagAddress);
        }),
      );
      expect(sum(news)).toBe(was);
    }
    const [run] = await t.deps.db.select().from(walletSweepRuns);
    expect(run?.state).toBe('done');

    // Run again by mistake: nothing moves without --new-run.
    const again = cli();
    expect(await again.exited).toEqual({ code: 2, signal: null });
    expect(again.stderr()).toMatch(/--new-run/);
    expect(
      await t.deps.db.select().from(walletSweepRuns).where(eq(walletSweepRuns.state, 'running')),
    ).toEqual([]);
  }, 120_000);
});

function startProcess(args: string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  /** Resolves once the child printed `word`; fails if it exits first. */
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => stdout.includes(word) && resolve();
      child.stdout?.on('data', check);
      check();
      child.once('exit', () => reject(new Error(`child exited before '${word}': ${stderr}`)));
    });
  return { process: child, exited, said, stdout: () => stdout, stderr: () => stderr };
}
