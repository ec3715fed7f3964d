import { z } from 'zod';
import type { createConstellationClient } from '@/integrations/constellation/index.ts';
import {
  ConstellationHttpError,
  dagAddress,
  randomSalt,
  signTransaction,
  type TransactionReference,
} from '@/integrations/constellation/index.ts';
import { TOKENS, type Token } from '@/shared/tokens.ts';
import { parseTokenAmount } from '@/shared/units.ts';

const STALE_PARENT = new Set([
  'ParentOrdinalLowerThenLastProcessedTxOrdinal',
  'HasNoMatchingParent',
]);

type Client = ReturnType<typeof createConstellationClient>;

/**
 * `POST /_admin/faucet` body: `amount` in base units as a decimal string ("150000000" = 1.5
 * tokens), or `tokens` as a decimal string of whole tokens with up to 8 decimals ("1.5").
 */
export const faucetRequestSchema = z
  .object({
    address: dagAddress,
    token: z.enum(TOKENS),
    amount: z
      .string()
      .regex(/^[1-9]\d{0,18}$/, 'base units as a positive integer string')
      .optional(),
    tokens: z
      .string()
      .regex(/^\d{1,11}(\.\d{1,8})?$/, 'tokens with up to 8 decimals')
      .optional(),
  })
  .refine((b) => (b.amount === undefined) !== (b.tokens === undefined), 'give amount or tokens')
  .transform((b) => ({ address: b.address, token: b.token, units: toUnits(b.amount, b.tokens) }))
  .refine((b) => b.units > 0n, 'the amount must be positive');

function toUnits(amount: string | undefined, tokens: string | undefined): bigint {
  if (amount !== undefined) return BigInt(amount);
  // The schema's regex already limits `tokens` to a decimal with at most 8 decimals.
  return parseTokenAmount(tokens ?? '0') ?? 0n;
}

/**
 * Sends tokens from the faucet by a real signed transaction through the L1, like any wallet.
 * The L1's last reference is the last *accepted* one; if the faucet already has transactions
 * waiting, the node answers Conflict(ordinal, existingHash, …) and we chain after that one.
 */
export async function sendFromFaucet(
  client: Client,
  faucet: { address: string; privateKey: string },
  req: { token: Token; address: string; units: bigint },
): Promise<{ hash: string }> {
  const key = Buffer.from(faucet.privateKey, 'hex');
  let parent: TransactionReference = await client.getLastReference(req.token, faucet.address);
  for (let attempt = 0; attempt < 100; attempt++) {
    const signed = signTransaction(
      {
        source: faucet.address,
        destination: req.address,
        amount: req.units,
        fee: 0n,
        parent,
        salt: randomSalt(),
      },
      key,
    );
    try {
      return await client.postTransaction(req.token, signed);
    } catch (err) {
      if (!(err instanceof ConstellationHttpError)) throw err;
      const conflict = /^Conflict\((\d+),([0-9a-f]{64}),/.exec(err.nodeMessage);
      if (conflict) {
        parent = { ordinal: BigInt(conflict[1] as string), hash: conflict[2] as string };
      } else if (STALE_PARENT.has(err.errorName ?? '')) {
        parent = await client.getLastReference(req.token, faucet.address); // a snapshot moved it
      } else {
        throw err;
      }
    }
  }
  throw new Error('faucet: could not find the tip of its waiting chain');
}
