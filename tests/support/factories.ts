import { type ActivityKind, recordActivity } from '@/core/leaderboards/record-activity.ts';
import { ensureWalletForUser, type WalletDeps } from '@/core/wallets/index.ts';
import type { Db } from '@/db/client.ts';
import { subscriptions, users } from '@/db/schema/index.ts';
import type { Token } from '@/shared/tokens.ts';

/*
 * Test-data factories: the rows most tests start from, written the way the product writes them
 * (users, wallets through the wallet service, activities through recordActivity so the totals
 * follow). Each takes what varies and defaults the rest.
 */

export const DAY_MS = 86_400_000;
/** `days` before `from` (negative: after). */
export const daysBefore = (from: Date, days: number) => new Date(from.getTime() - days * DAY_MS);

/** A signed-up user (no wallet): display name defaults to the username. */
export async function createUser(
  deps: { db: Db },
  p: { xUserId: string; username: string; displayName?: string },
) {
  await deps.db
    .insert(users)
    .values({ xUserId: p.xUserId, username: p.username, displayName: p.displayName ?? p.username });
  return { xUserId: p.xUserId, username: p.username };
}

/** Users named `names`, with ids `${idPrefix}0`, `${idPrefix}1`… in that order. */
export async function createUsers(deps: { db: Db }, idPrefix: string, names: readonly string[]) {
  const created = [];
  for (const [i, username] of names.entries()) {
    created.push(await createUser(deps, { xUserId: `${idPrefix}${i}`, username }));
  }
  return created;
}

/** Faucets a wallet on the local Constellation network (base units); `tick` confirms. */
export interface Faucet {
  faucet(p: { token: Token; address: string; units: bigint }): Promise<unknown>;
  tick(): Promise<unknown>;
}

/** A user with a custodial wallet, optionally funded (base units) and confirmed on `network`. */
export async function createUserWithWallet(
  deps: WalletDeps,
  p: { xUserId: string; username: string; fund?: Partial<Record<Token, bigint>> },
  network?: Faucet,
) {
  const user = await createUser(deps, p);
  const wallet = await ensureWalletForUser(deps, { xUserId: p.xUserId });
  const funds = Object.entries(p.fund ?? {}) as [Token, bigint][];
  if (funds.length && !network) throw new Error('funding a wallet needs the network');
  for (const [token, units] of funds) {
    if (units > 0n) await network!.faucet({ token, address: wallet.dagAddress, units });
  }
  if (network) await network.tick();
  return { ...user, wallet };
}

/** A subscription period recorded directly (as a sale elsewhere would be). */
export async function createSubscription(
  deps: { db: Db },
  p: {
    xUserId: string;
    tier?: 'pro' | 'premium';
    start: Date;
    end: Date;
    monthsPurchased?: number;
  },
) {
  const [row] = await deps.db
    .insert(subscriptions)
    .values({
      xUserId: p.xUserId,
      tier: p.tier ?? 'premium',
      startDate: p.start,
      endDate: p.end,
      monthsPurchased: p.monthsPurchased ?? 1,
    })
    .returning();
  return row!;
}

let postSequence = 0;

/** One activity per time in `at`, each under a fresh post id, through recordActivity. */
export async function recordActivities(
  deps: { db: Db },
  p: { userId: string; kind?: ActivityKind; at: readonly Date[] },
) {
  for (const at of p.at) {
    const postId = `factory-post-${++postSequence}`;
    await recordActivity(deps.db, { userId: p.userId, kind: p.kind ?? 'mention', postId, at });
  }
}
