import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { holderRankings } from '@/db/schema/holders.ts';
import type { HolderNetwork } from '@/shared/holders/constants.ts';
import { type WalletList, walletListSchema } from '@/shared/holders/wallet-list.ts';

/** A ranking ready to send: the exact bytes, their strong ETag, and when the figures are from. */
export interface PublishedRanking {
  /** The ranking as the API contract's type (what the wallet routes serve). */
  list: WalletList;
  body: string;
  etag: string;
  /** When the ranked figures last changed (the body's `asOf.time`). */
  asOf: Date;
  /**
   * The newest snapshot ordinal / block these figures were read at. Newer than the body's
   * `asOf` when later snapshots or blocks left the ranking as it was: the body keeps the
   * position where the figures last changed, so its bytes and ETag stay and polls get 304.
   */
  readAt?: WalletList['asOf'];
  /** When this process last heard from the network (success or not), and whether that failed. */
  checkedAt: Date;
  lastError: string | null;
  /** Since when every read has failed (null while reads succeed). */
  failingSince: Date | null;
}

/** How long reads may fail before the served list says so: a blip or two stays silent. */
export const UNREADABLE_AFTER_MS = 60_000;

/**
 * The list to serve for a ranking: as published, or with `unreadableSince` once the network has
 * failed every read for UNREADABLE_AFTER_MS. 'keep' while it has failed for less: the last body
 * stays served (same ETag) and only its `Age` grows. The body changes once when the network
 * becomes unreadable and once when it is back, so pollers keep getting 304s in between.
 */
export function listToServe(r: PublishedRanking, now: Date): WalletList | 'keep' {
  if (!r.failingSince) return r.list;
  if (now.getTime() - r.failingSince.getTime() < UNREADABLE_AFTER_MS) return 'keep';
  return { ...r.list, unreadableSince: r.failingSince.toISOString() };
}

export function prepareRanking(
  list: WalletList,
): Omit<PublishedRanking, 'checkedAt' | 'lastError' | 'failingSince'> {
  const body = JSON.stringify(list);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { list, body, etag, asOf: new Date(list.asOf?.time ?? Date.now()) };
}

/**
 * The latest ranking per network, in memory for requests and in the database for restarts and
 * other processes. Requests only ever read memory: they never wait for a network.
 */
export class RankingStore {
  private readonly current = new Map<HolderNetwork, PublishedRanking>();
  private readonly listeners = new Set<(network: HolderNetwork) => Promise<void>>();

  /** Called after every publish (the HTTP layer refreshes its pre-serialized body). */
  onChange(listener: (network: HolderNetwork) => Promise<void>) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  constructor(private readonly db: Db) {}

  get(network: HolderNetwork): PublishedRanking | null {
    return this.current.get(network) ?? null;
  }

  /** Loads what the database has (at start-up, or in a process that runs no indexer). */
  async load(network: HolderNetwork): Promise<PublishedRanking | null> {
    const [row] = await this.db
      .select()
      .from(holderRankings)
      .where(eq(holderRankings.network, network));
    // A body stored by an older version of the list's shape is no ranking: the indexer
    // publishes a fresh one rather than the API serving what the contract does not describe.
    const stored = row ? walletListSchema.safeParse(JSON.parse(row.body)) : null;
    if (!row || !stored?.success) return this.get(network);
    const loaded = {
      list: stored.data,
      body: row.body,
      etag: row.etag,
      asOf: row.asOf,
      checkedAt: row.updatedAt,
      lastError: null,
      failingSince: null,
    };
    const mine = this.current.get(network);
    if (!mine || mine.etag !== loaded.etag) this.current.set(network, loaded);
    return this.get(network);
  }

  /**
   * Publishes a ranking read at `list.asOf`. When only `asOf` differs from the one served, the
   * served body is kept (same ETag, no database write) and `readAt` records the newer read.
   * Returns whether the served ranking changed.
   */
  async publish(network: HolderNetwork, list: WalletList, now: Date): Promise<boolean> {
    const previous = this.current.get(network);
    if (previous && sameFigures(previous.list, list)) {
      this.current.set(network, {
        ...previous,
        readAt: list.asOf,
        checkedAt: now,
        lastError: null,
        failingSince: null,
      });
      return false;
    }
    const prepared = prepareRanking(list);
    this.current.set(network, { ...prepared, checkedAt: now, lastError: null, failingSince: null });
    await Promise.all([...this.listeners].map((listener) => listener(network)));
    await this.db
      .insert(holderRankings)
      .values({ network, ...prepared, updatedAt: now })
      .onConflictDoUpdate({
        target: holderRankings.network,
        set: {
          body: prepared.body,
          etag: prepared.etag,
          asOf: prepared.asOf,
          updatedAt: sql`excluded.updated_at`,
        },
      });
    return true;
  }

  /** The network answered with nothing new: the figures are still current. */
  markChecked(network: HolderNetwork, now: Date) {
    const r = this.current.get(network);
    if (r) this.current.set(network, { ...r, checkedAt: now, lastError: null, failingSince: null });
  }

  /** The network failed: keep serving the last good ranking, remember why and since when. */
  markFailed(network: HolderNetwork, error: string, now: Date) {
    const r = this.current.get(network);
    if (r)
      this.current.set(network, { ...r, lastError: error, failingSince: r.failingSince ?? now });
  }
}

/** Same wallets and totals; the position they were read at does not count. */
function sameFigures(a: WalletList, b: WalletList) {
  return JSON.stringify({ ...a, asOf: null }) === JSON.stringify({ ...b, asOf: null });
}
