import { z } from 'zod';
import { isValidDagAddress } from '@/shared/dag-address.ts';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * A 64-bit integer as the nodes write it: a JSON number, or a digit string (dag4 sends salt as a
 * string; parseJsonKeepingIntegers turns unsafe numbers into strings). Always a bigint after parsing.
 */
export const int64 = z
  .union([z.number().int(), z.string().regex(/^-?\d{1,19}$/, 'must be an integer')])
  .transform((v) => BigInt(v))
  .refine((v) => v >= INT64_MIN && v <= INT64_MAX, 'must fit in 64 bits');

export const nonNegativeInt64 = int64.refine((v) => v >= 0n, 'must be ≥ 0');
export const positiveInt64 = int64.refine((v) => v > 0n, 'must be > 0');

export const hash64 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters');

export const dagAddress = z.string().refine(isValidDagAddress, 'must be a valid DAG address');

export const transactionReferenceSchema = z.object({ ordinal: nonNegativeInt64, hash: hash64 });

export const transactionValueSchema = z.object({
  source: dagAddress,
  destination: dagAddress,
  amount: positiveInt64,
  fee: nonNegativeInt64,
  parent: transactionReferenceSchema,
  salt: int64,
});

export const signedTransactionSchema = z.object({
  value: transactionValueSchema,
  proofs: z
    .array(
      z.object({
        id: z.string().regex(/^[0-9a-fA-F]{128}$/, 'must be 128 hex characters'),
        signature: z.string().regex(/^[0-9a-fA-F]+$/, 'must be hex'),
      }),
    )
    .min(1),
});
