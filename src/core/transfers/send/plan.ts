import type { Db } from '@/db/client.ts';
import type { TransferRow } from '@/db/schema/index.ts';
import {
  randomSalt,
  signTransactions,
  type TransactionReference,
  type TransactionValue,
  transactionHash,
} from '@/integrations/constellation/index.ts';
import type { Token } from '@/shared/tokens.ts';
import { getWalletBySystemRole, provisionSystemWallets } from '../../wallets/index.ts';
import { withWalletSigningKey } from '../../wallets/signing-key.ts';
import { chainState, type Leg, liveLegsAfter, signedToStored } from '../legs/index.ts';
import type { TransferDeps } from '../model/index.ts';
import { type FeeTier, maxSendable, transferFee } from '../model/index.ts';
import { networkFeePerLeg } from './network-fee.ts';
import { storePlanBatched } from './store.ts';

/** On success, the stored legs in submission order (payment, then fee). */
export type PlanResult =
  | { ok: true; legs: Leg[]; amount: bigint; fee: bigint; networkFee: bigint }
  | { ok: false; available: bigint; needed: bigint };

/**
 * Plans a pending transfer (caller holds the source lock): picks the parent, checks the balance,
 * signs the payment and fee transactions and stores them with the final amount and fee in one
 * database transaction. Nothing is sent here: after this, a crash leaves exact bytes to resubmit.
 */
export async function planTransfer(
  deps: TransferDeps,
  db: Db,
  transfer: TransferRow,
): Promise<PlanResult> {
  const token = transfer.token as Token;
  const source = transfer.fromAddress;
  // 'all' needs the network's balance now; otherwise a kept view is enough, and is read again
  // only when it would refuse (see chain-state.ts).
  let network = await chainState(deps.constellation, token, source, {
    fresh: transfer.amount === null,
  });
  // The transfer's own key: a hold placed under it (a paid item's price) is this transfer's to
  // spend; every other live hold on the wallet is not (decision 0037).
  const chain = { source, token, key: transfer.idempotencyKey };
  let ours = await liveLegsAfter(db, { ...chain, ordinal: network.networkRef.ordinal });
  const tier = transfer.feeTier as FeeTier;
  const feeWallet = await feeWalletOf(deps);
  // The fee wallet itself pays no fee (it would be a transaction to itself).
  const feeFor = (amount: bigint) =>
    feeWallet.dagAddress === source ? 0n : transferFee(amount, tier);
  const fits = (available: bigint) => {
    const amount = transfer.amount ?? maxSendable(available, tier);
    return amount > 0n && amount + feeFor(amount) <= available;
  };
  if (!network.fresh && !fits(network.balance - ours.spent - ours.held)) {
    network = await chainState(deps.constellation, token, source, { fresh: true });
    ours = await liveLegsAfter(db, { ...chain, ordinal: network.networkRef.ordinal });
  }
  const { networkRef, balance } = network;
  const parent: TransactionReference = ours.head ?? networkRef;
  const available = balance - ours.spent - ours.held;

  let amount = transfer.amount ?? maxSendable(available, tier);
  let fee = feeFor(amount);
  if (amount <= 0n || amount + fee > available) {
    return { ok: false, available, needed: amount + fee };
  }
  // What the network asks per leg (its fee-less rate limit), paid by the sender on top: 'all'
  // leaves room for it, a set amount must fit with it.
  const legCount = () => (fee > 0n ? 2n : 1n);
  const networkFee = await networkFeePerLeg(deps, {
    token,
    source,
    walletId: transfer.fromWalletId,
    balance,
    networkRef,
    parent,
    spent: ours.spent,
    destination: transfer.toAddress,
    legs: fee > 0n ? [amount, fee] : [amount],
  });
  if (networkFee > 0n && transfer.amount === null) {
    amount = maxSendable(available - networkFee * legCount(), tier);
    fee = feeFor(amount);
  }
  const networkFees = networkFee * legCount();
  if (amount <= 0n || amount + fee + networkFees > available) {
    return { ok: false, available, needed: amount + fee + networkFees };
  }

  const payment: TransactionValue = {
    source,
    destination: transfer.toAddress,
    amount,
    fee: networkFee,
    parent,
    salt: randomSalt(),
  };
  const values = [payment];
  if (fee > 0n) {
    const after = { ordinal: parent.ordinal + 1n, hash: transactionHash(payment) };
    values.push({ ...payment, destination: feeWallet.dagAddress, amount: fee, parent: after });
  }
  const signed = await withWalletSigningKey(deps, transfer.fromWalletId, (key, publicKey) =>
    signTransactions(values, key, publicKey),
  );
  // One statement, so one round trip and atomic: the transfer's final amount and fee are set by
  // a data-modifying CTE of the insert that stores its legs (with the other transfers being
  // planned at the same moment: store.ts); so is its own hold marked charged, from
  // when its legs count as spent.
  const stored = await storePlanBatched(db, {
    transferId: transfer.id,
    amount,
    fee,
    chargesHold: ours.ownHold ? transfer.idempotencyKey : null,
    legs: signed.map((s, seq) => ({
      transferId: transfer.id,
      seq,
      kind: seq === 0 ? 'payment' : 'fee',
      token,
      sourceAddress: source,
      destinationAddress: s.value.destination,
      amount: s.value.amount,
      parentOrdinal: s.value.parent.ordinal,
      parentHash: s.value.parent.hash,
      ordinal: s.value.parent.ordinal + 1n,
      hash: transactionHash(s.value),
      signed: signedToStored(s),
    })),
  });
  return { ok: true, legs: stored, amount, fee, networkFee: networkFees };
}

/**
 * The fee wallet, looked up once per database: a system wallet never changes its address
 * (one query fewer per transfer; decision 0027).
 */
const feeWallets = new WeakMap<object, Promise<{ dagAddress: string }>>();
function feeWalletOf(deps: TransferDeps) {
  let wallet = feeWallets.get(deps.db);
  if (!wallet) {
    wallet = (async () =>
      (await getWalletBySystemRole(deps, { role: 'fees' })) ??
      (await provisionSystemWallets(deps)).fees)();
    wallet.catch(() => feeWallets.delete(deps.db));
    feeWallets.set(deps.db, wallet);
  }
  return wallet;
}
