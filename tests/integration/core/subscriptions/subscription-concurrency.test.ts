import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuote, purchaseQuote } from '@/core/subscriptions/index.ts';
import { TransferError, transfer } from '@/core/transfers/index.ts';
import { ensureWalletForUser, provisionSystemWallets } from '@/core/wallets/index.ts';
import { subscriptions, transfers } from '@/db/schema/index.ts';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';
import { createUser } from '../../../support/factories.ts';

/** 100 purchases and sends racing on one wallet: nothing overdraws, every payment is once. */
let t: AgentEnv;
const UNIT = 100_000_000n;

beforeAll(async () => {
  t = await startAgentEnv();
  await provisionSystemWallets(t.deps);
  await createUser(t.deps, { xUserId: '777', username: 'racer' });
  await createUser(t.deps, { xUserId: '778', username: 'someone' });
});
afterAll(() => t?.close());

describe('concurrent purchases and sends from one wallet', () => {
  it('never overdraws; each quote is paid at most once; the money adds up', async () => {
    const wallet = await ensureWalletForUser(t.deps, { xUserId: '777' });
    await t.fund(wallet.dagAddress, 'UP', '2000');
    const quotes = await Promise.all(
      Array.from({ length: 50 }, () =>
        createQuote(t.deps, { userId: '777', tier: 'premium', durationMonths: 1 }),
      ),
    );
    const price = quotes[0]!.priceUp;
    const results = await Promise.all([
      // Each quote is bought twice at once (a double click): paid once.
      ...quotes.flatMap((q) => [
        purchaseQuote(t.deps, { userId: '777', quoteId: q.id }),
        purchaseQuote(t.deps, { userId: '777', quoteId: q.id }),
      ]),
      ...Array.from({ length: 50 }, (_, i) =>
        transfer(t.deps, {
          from: { xUserId: '777' },
          to: { xUserId: '778' },
          token: 'UP',
          amount: 10n * UNIT,
          idempotencyKey: `race-send-${i}`,
          feeTier: 'free',
        }).then(
          () => ({ outcome: 'sent' as const }),
          (e: unknown) => {
            if (e instanceof TransferError && e.code === 'insufficient_balance') {
              return { outcome: 'refused' as const };
            }
            throw e;
          },
        ),
      ),
    ]);
    expect(results).toHaveLength(150);
    await t.settle();
    await t.settle();

    const paid = await t.deps.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.xUserId, '777'));
    const sent = (
      await t.deps.db.select().from(transfers).where(eq(transfers.fromAddress, wallet.dagAddress))
    ).filter((r) => r.state === 'confirmed');
    const spent = sent.reduce((sum, r) => sum + (r.amount ?? 0n) + (r.fee ?? 0n), 0n);
    const balance = (await t.deps.constellation.getBalance('UP', wallet.dagAddress)).balance;
    expect(balance).toBeGreaterThanOrEqual(0n);
    expect(balance + spent).toBe(2000n * UNIT);
    // Each period has its own quote: no quote bought two periods.
    expect(new Set(paid.map((p) => p.quoteId)).size).toBe(paid.length);
    expect(BigInt(paid.length) * price).toBeLessThanOrEqual(2000n * UNIT);
    expect(paid.length).toBeGreaterThan(0);
  }, 120_000);
});
