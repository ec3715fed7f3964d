import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentSends } from '@/db/schema/index.ts';
import type { Token } from '@/shared/tokens.ts';

/** `amount`: what this send may move, the amount first reserved under its key. */
export type ReserveResult =
  | { ok: true; amount: bigint }
  | { ok: false; limit: bigint; left: bigint };

/**
 * Counts a send against the author's daily limit (a sliding 24 hours), keyed by the send's
 * idempotency key so a re-run after a crash does not count twice. A per-author advisory lock
 * serialises concurrent sends of one author across worker processes.
 */
export async function reserveDailyAllowance(
  db: Db,
  p: { key: string; authorId: string; token: Token; amount: bigint; perDay: bigint; now: Date },
): Promise<ReserveResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`agent_send:${p.authorId}`}))`);
    const [existing] = await tx
      .select({ amount: agentSends.amount })
      .from(agentSends)
      .where(eq(agentSends.idempotencyKey, p.key));
    if (existing) return { ok: true, amount: existing.amount };
    const since = new Date(p.now.getTime() - 24 * 60 * 60_000);
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${agentSends.amount}), 0)::text` })
      .from(agentSends)
      .where(
        and(
          eq(agentSends.authorId, p.authorId),
          eq(agentSends.token, p.token),
          gt(agentSends.createdAt, since),
        ),
      );
    const used = BigInt(row?.total ?? '0');
    if (used + p.amount > p.perDay) {
      const left = p.perDay > used ? p.perDay - used : 0n;
      return { ok: false, limit: p.perDay, left };
    }
    await tx.insert(agentSends).values({
      idempotencyKey: p.key,
      authorId: p.authorId,
      token: p.token,
      amount: p.amount,
      createdAt: p.now,
    });
    return { ok: true, amount: p.amount };
  });
}

/** A send that moved nothing (refused) must not eat the author's allowance. */
export async function releaseDailyAllowance(db: Db, key: string) {
  await db.delete(agentSends).where(eq(agentSends.idempotencyKey, key));
}
