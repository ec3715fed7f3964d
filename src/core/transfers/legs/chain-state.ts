import type {
  ConstellationClient,
  TransactionReference,
} from '@/integrations/constellation/index.ts';
import type { Token } from '@/shared/tokens.ts';

/** What the network said about a source chain, as of one snapshot. */
export interface NetworkChainState {
  networkRef: TransactionReference;
  balance: bigint;
}

/**
 * A source chain's network state is read once and then kept (per client, per chain), because
 * only we sign for our addresses: what changes it afterwards is our own legs (the next parent
 * and what is spent after the kept reference follow from them, read from our table) or money
 * coming in. Counted from an older reference and balance, the available amount is therefore
 * never more than the network's (incoming money is missing, our spends are all counted), so a
 * kept view can refuse too early but never overdraw: callers read again before refusing, and
 * forget it when the node refuses a transaction (someone else moved the chain). Read under the
 * chain's lock: three node calls per transfer became three per chain (decision 0027).
 */
const kept = new WeakMap<object, Map<string, NetworkChainState & { readAt: number }>>();

/** Kept views are read again after this long, so the range of our legs counted stays short. */
const KEEP_MS = 30_000;

export async function chainState(
  client: ConstellationClient,
  token: Token,
  source: string,
  opts: { fresh?: boolean } = {},
): Promise<NetworkChainState & { fresh: boolean }> {
  let byChain = kept.get(client);
  if (!byChain) {
    byChain = new Map();
    kept.set(client, byChain);
  }
  const key = `${token}:${source}`;
  const known = byChain.get(key);
  if (known && !opts.fresh && Date.now() - known.readAt < KEEP_MS) {
    return { networkRef: known.networkRef, balance: known.balance, fresh: false };
  }
  const state = await readChainState(client, token, source);
  byChain.set(key, { ...state, readAt: Date.now() });
  return { ...state, fresh: true };
}

/** The next plan on this chain reads the network again (a refusal, a chain moved by others). */
export function forgetChainState(client: ConstellationClient, token: string, source: string) {
  kept.get(client)?.delete(`${token}:${source}`);
}

/**
 * The source's last reference and balance, read as of one snapshot: reference, balance, then
 * the reference again, retried while a snapshot lands in between. If it keeps moving, the first
 * reference is kept: counted from it, a transaction in the new snapshot is subtracted twice
 * (refused too early), never not at all (overdraft).
 */
async function readChainState(
  client: ConstellationClient,
  token: Token,
  source: string,
): Promise<NetworkChainState> {
  const firstRef = await client.getLastReference(token, source);
  let networkRef = firstRef;
  for (let attempt = 0; attempt < 3; attempt++) {
    const { balance } = await client.getBalance(token, source);
    const after = await client.getLastReference(token, source);
    if (after.ordinal === networkRef.ordinal && after.hash === networkRef.hash) {
      return { networkRef, balance };
    }
    networkRef = after;
  }
  const { balance } = await client.getBalance(token, source);
  return { networkRef: firstRef, balance };
}
