import {
  type ConstellationClient,
  ConstellationConfigError,
} from '../../integrations/constellation/index.ts';
import { TOKENS, type Token } from '../../shared/tokens.ts';

export type WalletBalances = Record<Token, bigint>;

const TTL_MS = 5_000;
/** Per client (so tests with separate networks never share), per address: the last answer. */
const caches = new WeakMap<
  ConstellationClient,
  Map<string, { at: number; value: Promise<WalletBalances> }>
>();

/**
 * $DAG, $UP and $DOR balances of an address from the network, in base units. Answers are kept
 * ~5 s per process (the web app polls; snapshots come every few seconds anyway). A token whose
 * metagraph is not configured shows 0. Failed look-ups are not cached.
 */
export function getWalletBalances(
  deps: { constellation: ConstellationClient },
  params: { address: string },
): Promise<WalletBalances> {
  let cache = caches.get(deps.constellation);
  if (!cache) {
    cache = new Map();
    caches.set(deps.constellation, cache);
  }
  const hit = cache.get(params.address);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS) return hit.value;

  const value = fetchBalances(deps.constellation, params.address);
  cache.set(params.address, { at: now, value });
  value.catch(() => cache.delete(params.address));
  if (cache.size > 10_000) cache.delete(cache.keys().next().value as string); // oldest first
  return value;
}

async function fetchBalances(client: ConstellationClient, address: string) {
  const entries = await Promise.all(
    TOKENS.map(async (token) => {
      try {
        return [token, (await client.getBalance(token, address)).balance] as const;
      } catch (err) {
        if (err instanceof ConstellationConfigError) return [token, 0n] as const;
        throw err;
      }
    }),
  );
  return Object.fromEntries(entries) as WalletBalances;
}
