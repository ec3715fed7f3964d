import { z } from 'zod';
import {
  dagAddress,
  hash64,
  int64,
  nonNegativeInt64,
  transactionReferenceSchema,
  transactionValueSchema,
} from './schemas.ts';

/** Response bodies of the node and block-explorer routes the client calls (integrations.md §3.3). */

export const hashResponse = z.object({ hash: hash64 });

export const pendingTransactionResponse = z.object({
  transaction: transactionValueSchema,
  hash: hash64,
  status: z.string(),
});

export const balanceResponse = z.object({ balance: nonNegativeInt64, ordinal: nonNegativeInt64 });

export const ordinalResponse = z.object({ value: nonNegativeInt64 });

/** `POST /transactions/estimate-fee`: `{"fee": n}` (the node's code; apidoc shows `{hash}`). */
export const feeResponse = z.object({ fee: nonNegativeInt64 });

/** `[signedSnapshot, snapshotInfo]`: only the ordinal, balances and last references are read. */
export const combinedSnapshotResponse = z.tuple([
  z.object({ value: z.object({ ordinal: nonNegativeInt64 }).loose() }).loose(),
  z
    .object({
      balances: z.record(z.string(), nonNegativeInt64),
      lastTxRefs: z.record(z.string(), transactionReferenceSchema),
    })
    .loose(),
]);

export const explorerBalanceResponse = z.object({
  data: z.object({ address: dagAddress, balance: nonNegativeInt64, ordinal: nonNegativeInt64 }),
});

/**
 * block-explorer/v3.yml's Transaction: it has no `ordinal` and its example's parent hash is ''
 * (a first transaction), so neither is required here — the product reads hash and snapshot.
 */
export const explorerTransaction = z.object({
  hash: hash64,
  ordinal: nonNegativeInt64.optional(),
  amount: nonNegativeInt64,
  source: dagAddress,
  destination: dagAddress,
  fee: nonNegativeInt64,
  parent: z.object({ ordinal: nonNegativeInt64, hash: z.union([hash64, z.literal('')]) }),
  salt: int64.optional(),
  blockHash: z.string().optional(),
  snapshotHash: z.string(),
  snapshotOrdinal: nonNegativeInt64,
  timestamp: z.string(),
});

export const explorerTransactionResponse = z.object({ data: explorerTransaction });

export const explorerTransactionsResponse = z.object({
  data: z.array(explorerTransaction),
  meta: z.object({ next: z.string().optional() }).loose().optional(),
});

export type ExplorerTransaction = z.output<typeof explorerTransaction>;
