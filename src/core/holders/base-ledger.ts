import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client.ts';
import {
  baseHolderBalances as balances,
  baseIndexerCursors as cursors,
  baseRecentTransfers as recent,
} from '@/db/schema/holders.ts';
import type { TransferLog } from '@/integrations/base/parse-transfer.ts';

const ZERO = '0x0000000000000000000000000000000000000000';
const key = (l: { txHash: string; logIndex: number }) => `${l.txHash}:${l.logIndex}`;

export async function readCursor(db: Db, contract: string) {
  const [row] = await db.select().from(cursors).where(eq(cursors.contract, contract));
  return row ?? null;
}

/** Forgets everything about a contract (the chain under it was replaced). */
export async function resetContract(db: Db, contract: string) {
  await db.transaction(async (tx) => {
    await tx.delete(balances).where(eq(balances.contract, contract));
    await tx.delete(recent).where(eq(recent.contract, contract));
    await tx.delete(cursors).where(eq(cursors.contract, contract));
  });
}

/**
 * Applies the logs of blocks [from, to] in one transaction with the new cursor: logs already
 * applied (same tx hash + log index) are skipped, logs applied before but no longer on the chain
 * are undone, balances never go below zero. `keepFrom`: logs from this block on are remembered
 * for the next re-read; older ones never will be read again.
 */
export async function applyRange(
  db: Db,
  input: {
    contract: string;
    from: bigint;
    to: bigint;
    logs: TransferLog[];
    keepFrom: bigint;
    block: { hash: string; time: Date };
    anchor: { number: bigint; hash: string } | null;
    onNegative: (address: string, balance: bigint) => void;
  },
) {
  const { contract } = input;
  return db.transaction(async (tx) => {
    const stored = await tx
      .select()
      .from(recent)
      .where(
        and(
          eq(recent.contract, contract),
          gte(recent.blockNumber, input.from),
          lte(recent.blockNumber, input.to),
        ),
      );
    const fetched = new Map(input.logs.map((l) => [key(l), l]));
    const known = new Set(stored.map((r) => key(r)));
    const undo = stored.filter((r) => !fetched.has(key(r)));
    const apply = input.logs.filter((l) => !known.has(key(l)));
    const delta = new Map<string, bigint>();
    const add = (a: string, v: bigint) => delta.set(a, (delta.get(a) ?? 0n) + v);
    for (const l of apply) move(add, l.from, l.to, l.value);
    for (const r of undo) unmove(add, r.fromAddress, r.toAddress, r.value);
    await writeBalances(tx, contract, delta, input.onNegative);
    if (undo.length) {
      for (const r of undo) {
        await tx
          .delete(recent)
          .where(
            and(
              eq(recent.contract, contract),
              eq(recent.txHash, r.txHash),
              eq(recent.logIndex, r.logIndex),
            ),
          );
      }
    }
    const keep = apply.filter((l) => l.blockNumber >= input.keepFrom);
    for (let i = 0; i < keep.length; i += 1000) {
      await tx
        .insert(recent)
        .values(
          keep.slice(i, i + 1000).map((l) => ({
            contract,
            txHash: l.txHash,
            logIndex: l.logIndex,
            blockNumber: l.blockNumber,
            fromAddress: l.from,
            toAddress: l.to,
            value: l.value,
          })),
        )
        .onConflictDoNothing();
    }
    await tx
      .delete(recent)
      .where(and(eq(recent.contract, contract), lt(recent.blockNumber, input.keepFrom)));
    const cursor = {
      lastBlock: input.to,
      lastBlockHash: input.block.hash,
      lastBlockTime: input.block.time,
      anchorBlock: input.anchor?.number ?? null,
      anchorHash: input.anchor?.hash ?? null,
    };
    await tx
      .insert(cursors)
      .values({ contract, ...cursor })
      .onConflictDoUpdate({ target: cursors.contract, set: { ...cursor, updatedAt: sql`now()` } });
    return { applied: apply.length, undone: undo.length, changed: delta.size > 0 };
  });
}

/** A mint (from the zero address) debits nobody; a burn credits the zero address (shown as burned). */
function move(add: (a: string, v: bigint) => void, from: string, to: string, value: bigint) {
  if (from !== ZERO) add(from, -value);
  add(to, value);
}

/**
 * Undoes `move` exactly. Not `move` with the ends swapped: an undone mint must not credit the
 * zero address (that would count a reorged-away mint as burned).
 */
function unmove(add: (a: string, v: bigint) => void, from: string, to: string, value: bigint) {
  if (from !== ZERO) add(from, value);
  add(to, -value);
}

async function writeBalances(
  tx: DbOrTx,
  contract: string,
  delta: Map<string, bigint>,
  onNegative: (address: string, balance: bigint) => void,
) {
  const addresses = [...delta.keys()].filter((a) => delta.get(a) !== 0n);
  for (let i = 0; i < addresses.length; i += 1000) {
    const part = addresses.slice(i, i + 1000);
    const rows = await tx
      .select({ address: balances.address, balance: balances.balance })
      .from(balances)
      .where(and(eq(balances.contract, contract), inArray(balances.address, part)));
    const current = new Map(rows.map((r) => [r.address, r.balance]));
    const next = part.map((address) => {
      let balance = (current.get(address) ?? 0n) + (delta.get(address) ?? 0n);
      if (balance < 0n) {
        onNegative(address, balance);
        balance = 0n;
      }
      return { contract, address, balance };
    });
    await tx
      .insert(balances)
      .values(next)
      .onConflictDoUpdate({
        target: [balances.contract, balances.address],
        set: { balance: sql`excluded.balance` },
      });
  }
}

/** Every positive balance of the contract (for the ranking). */
export async function readBalances(db: Db, contract: string) {
  const rows = await db
    .select({ address: balances.address, balance: balances.balance })
    .from(balances)
    .where(and(eq(balances.contract, contract), sql`${balances.balance} > 0`));
  return rows.map((r): [string, bigint] => [r.address, r.balance]);
}
