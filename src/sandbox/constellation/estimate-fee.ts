import { networkFeeNeeded } from '../../integrations/constellation/fee-limit.ts';
import type { TransactionValue } from '../../integrations/constellation/transaction.ts';
import { type DbOrTx, readAccount } from './ledger.ts';
import type { TokenNetwork } from './network.ts';
import { ordinalsSinceLastAccepted, waitingChains } from './source-state.ts';

/**
 * `POST /transactions/estimate-fee`: the fee the network's rules ask of this transaction if it
 * were posted now behind its source's waiting chain — 0 when a fee-less one passes the rate
 * limit, the minimum fee when not (a network without the limit: always 0, as a node without a
 * fee estimator answers). Reads only; the transaction's own fee and parent are not checked.
 */
export async function estimateFee(
  db: DbOrTx,
  net: TokenNetwork,
  value: TransactionValue,
): Promise<bigint> {
  if (!net.feeLessLimit) return 0n;
  const account = await readAccount(db, net, value.source);
  const chains = await waitingChains(db, net.token, [value.source]);
  const since = await ordinalsSinceLastAccepted(db, net.token, [value.source]);
  const chain = chains.get(value.source) ?? [];
  const state = { balance: account.balance, ordinalsSince: since(value.source) };
  return networkFeeNeeded(state, [...chain, value]);
}
