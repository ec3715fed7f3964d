import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfer } from '@/core/transfers/index.ts';
import { returnUnclaimedSends } from '@/core/unclaimed/index.ts';
import { ensureWalletForHandle } from '@/core/wallets/index.ts';
import { transfers, unclaimedSends, wallets } from '@/db/schema/index.ts';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';
import { CookieJar, signIn } from '../../../support/sign-in.ts';

/** Issue 40 part 2, decision 0048: money sent to a handle goes to the X id behind it, or back. */
const DAY = 86_400_000;
let t: AgentEnv;
let alice: string;
const later = (days: number) => new Date(Date.now() + days * DAY);
const up = async (address: string) =>
  (await t.deps.constellation.getBalance('UP', address)).balance;

async function send(text: string) {
  const post = await t.post('alice', `@UpsiderAgent ${text}`);
  await t.drain();
  return { post, reply: (await t.replyTexts(post.id))[0] ?? '' };
}
/** The send's public receipt line (GET /api/receipts/:id): held with its date, or returned. */
const unclaimedOf = async (postId: string) =>
  (
    (await t.call('GET', `/api/receipts/${postId}`)).body as {
      unclaimed?: { state: string; recipient: string | null; returnAfter: string } | null;
    }
  ).unclaimed;
const sentTo = async (postId: string) =>
  (await t.deps.db.select().from(transfers).where(eq(transfers.idempotencyKey, postId)))[0];

beforeAll(async () => {
  // The days shortened by the setting: half a day.
  t = await startAgentEnv({ env: { UNCLAIMED_RETURN_DAYS: '0.5' } });
  alice = await t.walletAddressOf('alice');
  await t.fund(alice, 'UP', '500');
});
afterAll(() => t?.close());

describe('a send to a handle', () => {
  it('is refused before anything moves when X does not know the handle', async () => {
    const { post, reply } = await send('send 5 UP to @nobody_knows_me');
    expect(reply).toMatch(/nobody_knows_me is not an X account/);
    expect(await sentTo(post.id)).toBeUndefined();
  });

  it('is refused when X answers the account as suspended', async () => {
    await t.user('gone_dark');
    const suspended = await t.call('POST', '/sandbox/x/_admin/users/gone_dark/suspend');
    expect(suspended.status).toBe(200);
    const { post, reply } = await send('send 5 UP to @gone_dark');
    expect(reply).toMatch(/gone_dark is suspended on X.*Nothing moved/);
    expect(await sentTo(post.id)).toBeUndefined();
  });

  it('reaches an account that never signed in after they rename and sign in', async () => {
    const newbie = await t.user('newbie');
    const { post, reply } = await send('send 10 UP to @newbie');
    expect(reply).toMatch(/Returns [A-Z][a-z]{2} \d{1,2} unless @?newbie signs in\./);
    const sent = (await sentTo(post.id))!;
    await t.settle();
    const renamed = await t.call('POST', '/sandbox/x/_admin/users/newbie/rename', {
      username: 'newbie_now',
    });
    expect(renamed.status).toBe(200);
    // X no longer finds the old name: a send to it is refused, nobody else can take the money.
    expect((await send('send 1 UP to @newbie')).reply).toMatch(/not an X account/);

    await signIn(t.app, new CookieJar(), 'newbie_now');
    const [held] = await t.deps.db
      .select()
      .from(unclaimedSends)
      .where(eq(unclaimedSends.transferId, sent.id));
    expect(held?.state).toBe('claimed');
    // The receipt names them as they are now.
    expect(await unclaimedOf(post.id)).toMatchObject({ state: 'claimed', recipient: 'newbie_now' });
    const [wallet] = await t.deps.db.select().from(wallets).where(eq(wallets.id, sent.toWalletId!));
    expect(wallet?.xUserId).toBe(newbie.id);
    expect(await up(wallet!.dagAddress)).toBe(10n * 100_000_000n);
    // Past the date, nothing returns: they signed in.
    expect(await returnUnclaimedSends(t.deps, { now: later(1) })).toBe(0);
  });

  it('returns to the sender in full, once, when the recipient never signs in (two workers)', async () => {
    await t.user('never_comes');
    const before = await up(alice);
    const { post } = await send('send 20 UP to @never_comes');
    const sent = (await sentTo(post.id))!;
    await t.settle();
    expect(await up(alice)).toBe(before - sent.amount! - sent.fee!);
    // The receipt says from the start when the money goes back (half a day here).
    const held = await unclaimedOf(post.id);
    expect(held).toMatchObject({ state: 'held', recipient: 'never_comes' });
    const due = Date.parse(held!.returnAfter) - Date.now();
    expect(due).toBeGreaterThan(0.45 * DAY);
    expect(due).toBeLessThanOrEqual(0.5 * DAY);
    // Not yet due: nothing moves.
    expect(await returnUnclaimedSends(t.deps, { now: new Date() })).toBe(0);

    const [a, b] = await Promise.all([
      returnUnclaimedSends(t.deps, { now: later(1) }),
      returnUnclaimedSends(t.deps, { now: later(1) }),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    await t.settle();
    await returnUnclaimedSends(t.deps, { now: later(2) });
    const returns = await t.deps.db
      .select()
      .from(transfers)
      .where(like(transfers.idempotencyKey, `unclaimed-return%:${sent.id}`));
    expect(returns.map((r) => r.idempotencyKey).sort()).toEqual([
      `unclaimed-return-fee:${sent.id}`,
      `unclaimed-return:${sent.id}`,
    ]);
    await t.settle();
    expect(await up(alice)).toBe(before); // amount and fee back
    const [row] = await t.deps.db
      .select()
      .from(unclaimedSends)
      .where(eq(unclaimedSends.transferId, sent.id));
    expect(row?.state).toBe('returned');
    expect((await unclaimedOf(post.id))?.state).toBe('returned');

    // The sender is told on X, once (the notices loop's pass, run twice).
    await t.agent.worker.queueNotices();
    await t.agent.worker.queueNotices();
    await t.drain();
    const replies = await t.replyTexts(post.id);
    expect(
      replies.filter((r) => /^Returned: the 20(\.00)? UP you sent @?never_comes/.test(r)),
    ).toHaveLength(1);
  });

  it('migrates legacy handle wallets: bound to the X id X returns now, or returned', async () => {
    const known = await t.user('legacy_known');
    const keyOf = (h: string) => `legacy:${h}`;
    for (const handle of ['legacy_known', 'legacy_ghost']) {
      const w = await ensureWalletForHandle(t.deps, { handle });
      await transfer(t.deps, {
        from: {
          xUserId: (await t.deps.db.query.users.findFirst({
            where: (u, { eq: e }) => e(u.username, 'alice'),
          }))!.xUserId,
        },
        to: { address: w.dagAddress },
        token: 'UP',
        amount: 3n * 100_000_000n,
        idempotencyKey: keyOf(handle),
        feeTier: 'free',
      });
    }
    await t.settle();
    const engine = await t.agent.engine();
    expect(await engine.wallets.migrateHandleWallets()).toBe(2);
    expect(await engine.wallets.migrateHandleWallets()).toBe(0); // once
    const [knownWallet] = await t.deps.db
      .select()
      .from(wallets)
      .where(eq(wallets.handle, 'legacy_known'));
    expect(knownWallet?.xUserId).toBe(known.id);
    const ghost = (await sentTo(keyOf('legacy_ghost')))!;
    await returnUnclaimedSends(t.deps, { now: new Date(Date.now() + 1000) });
    await t.settle();
    const [row] = await t.deps.db
      .select()
      .from(unclaimedSends)
      .where(eq(unclaimedSends.transferId, ghost.id));
    expect(row?.state).toBe('returned');
  });
});
