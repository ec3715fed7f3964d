import type { TransactionValue } from '@/integrations/constellation/index.ts';
import { networkFeeNeeded } from '@/integrations/constellation/index.ts';
import { type DbOrTx, readAccount } from './ledger.ts';
import type { TokenNetwork } from './network.ts';
import { ordinalsSinceLastAccepted, waitingChains } from './source-state.ts';

/**
 * `POST /transactions/estimate-fee`: the fee the network's rules ask of this transaction if it
 * were posted now behind its parent — 0 when a fee-less one passes the rate limit, the minimum
 * fee when not (a network without the limit: always 0, as a node without a fee estimator
 * answers). A parent beyond the waiting chain's tip stands for transactions the client has not
 * posted yet (the legs of one transfer are signed together): each is counted as a fee-less one
 * spending nothing, so its amount should carry what they spend. Reads only.
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
  const last = chain[chain.length - 1];
  const tip = last ? last.parentOrdinal + 1n : account.lastRef.ordinal;
  const unposted = value.parent.ordinal > tip ? Number(value.parent.ordinal - tip) : 0;
  const between = Array.from({ length: Math.min(unposted, 1000) }, () => ({ amount: 0n, fee: 0n }));
  const state = { balance: account.balance, ordinalsSince: since(value.source) };
  return networkFeeNeeded(state, [...chain, ...between, value]);
}
