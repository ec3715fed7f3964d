import { isValidDagAddress } from '@/shared/dag-address.ts';
import { TOKENS, type Token } from '@/shared/tokens.ts';
import { normalizeHandle } from '../../wallets/index.ts';
import type { FeeTier, TransferParams, TransferRecipient, TransferSource } from '../model/index.ts';
import { TransferError } from '../model/index.ts';

export interface ValidRequest {
  from: TransferSource;
  to: TransferRecipient;
  token: Token;
  amount: bigint | 'all';
  feeTier: FeeTier;
  idempotencyKey: string;
  /** Canonical JSON of the request: a repeat with the same key must produce the same text. */
  fingerprint: string;
}

/** Checks everything that needs no database or network; throws TransferError. */
export function validateTransferRequest(params: TransferParams): ValidRequest {
  const key = params.idempotencyKey;
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) {
    throw new TransferError('invalid_request', 'idempotencyKey must be 1-200 characters');
  }
  if (!(TOKENS as readonly string[]).includes(params.token)) {
    throw new TransferError('unknown_token', `Unknown token "${params.token}"`);
  }
  if (params.amount !== 'all' && (typeof params.amount !== 'bigint' || params.amount <= 0n)) {
    throw new TransferError('amount_not_positive', 'The amount must be a positive number');
  }
  if (params.feeTier !== 'free' && params.feeTier !== 'premium') {
    throw new TransferError('invalid_request', 'feeTier must be free or premium');
  }
  const to = normalizeRecipient(params.to);
  const from: TransferSource =
    'walletId' in params.from
      ? { walletId: params.from.walletId }
      : { xUserId: params.from.xUserId };
  const token = params.token as Token;
  const amount = params.amount;
  const fingerprint = JSON.stringify({
    from,
    to,
    token,
    amount: amount === 'all' ? 'all' : amount.toString(),
    feeTier: params.feeTier,
  });
  return { from, to, token, amount, feeTier: params.feeTier, idempotencyKey: key, fingerprint };
}

function normalizeRecipient(to: TransferRecipient): TransferRecipient {
  if ('address' in to) {
    const address = to.address.trim();
    if (!isValidDagAddress(address)) {
      throw new TransferError('invalid_address', `"${to.address}" is not a valid DAG address`);
    }
    return { address };
  }
  if ('handle' in to) {
    const handle = normalizeHandle(to.handle);
    if (!handle) throw new TransferError('invalid_handle', `"${to.handle}" is not an X handle`);
    return { handle };
  }
  return { xUserId: to.xUserId };
}
