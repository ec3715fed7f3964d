import { createHash } from 'node:crypto';
import {
  dagAddressFromDigest,
  dagAddressFromPublicKey,
  isValidPrivateKey,
  publicKeyFromPrivateKey,
} from '@/integrations/constellation/index.ts';
import { type Token, UNITS_PER_TOKEN } from '@/shared/tokens.ts';
import type { GenesisFile } from './genesis.ts';

/**
 * Builds the sandbox genesis deterministically from a seed (scripts/generate-genesis.ts writes
 * it to genesis.json, which may then be edited by hand). UP's supply and burn match the product
 * spec; DAG and DOR get supplies of their own. Demo wallets hold a log-uniform long tail.
 */
export function buildGenesis(seed: string) {
  const digest = (label: string) => createHash('sha256').update(`${seed}:${label}`).digest();
  const keyed = (label: string) => {
    const privateKey = digest(`key:${label}`);
    if (!isValidPrivateKey(privateKey)) throw new Error(`seed gives an invalid key for ${label}`);
    const address = dagAddressFromPublicKey(publicKeyFromPrivateKey(privateKey));
    return { address, privateKey: privateKey.toString('hex') };
  };
  // Addresses nobody holds a key for (like a real burn or bridge-contract address).
  const keyless = (label: string) => dagAddressFromDigest(digest(`keyless:${label}`));
  // Same derivation as the product's sandbox defaults for known addresses (wallets/system-wallets.ts
  // getKnownAddresses), so both sides agree without the product importing the sandbox.
  const knownAddress = (role: string) =>
    dagAddressFromDigest(createHash('sha256').update(`upsider-sandbox:${role}`).digest());
  const random = seededRandom(digest('random'));
  const units = (whole: number, cents = 0) =>
    BigInt(whole) * UNITS_PER_TOKEN + BigInt(cents) * 1_000_000n;

  const faucet = keyed('faucet');
  const systemKeys = {
    treasury: keyed('treasury'),
    feeWallet: keyed('fee-wallet'),
    rewardsPool: keyed('rewards-pool'),
  };
  const wallets: GenesisFile['wallets'] = [
    { role: 'treasury', label: 'Treasury', address: systemKeys.treasury.address },
    { role: 'feeWallet', label: 'Fee wallet', address: systemKeys.feeWallet.address },
    { role: 'rewardsPool', label: 'Rewards pool', address: systemKeys.rewardsPool.address },
    { role: 'faucet', label: 'Sandbox faucet', address: faucet.address },
    { role: 'liquidityPool', label: 'Liquidity pool', address: knownAddress('liquidityPool') },
    {
      role: 'bridgeCollateral',
      label: 'Bridge collateral',
      address: knownAddress('bridgeCollateral'),
    },
    { role: 'burn', label: 'Burn wallet', address: knownAddress('burn') },
    { role: 'validators', label: 'Network validators (fees)', address: keyless('validators') },
    { role: 'reserve', label: 'Other holders (simulated)', address: keyless('reserve') },
  ];
  const at = (role: string) => wallets.find((w) => w.role === role)?.address as string;
  const demoWallets = demoNames(random, 300).map((name) => ({
    name,
    address: keyed(`demo:${name}`).address,
  }));

  const spread = (total: bigint, share: number, low: number, high: number) => {
    const holders = demoWallets.filter(() => random() < share);
    return distribute(
      random,
      total,
      holders.map((w) => w.address),
      low,
      high,
    );
  };
  const ledger = (totalSupply: bigint, fixed: [string, bigint][], demo: [string, bigint][]) => {
    const balances = new Map<string, bigint>([...fixed, ...demo]);
    const used = [...balances.values()].reduce((a, b) => a + b, 0n);
    if (used > totalSupply) throw new Error('genesis allocations exceed the total supply');
    if (used < totalSupply)
      balances.set(at('reserve'), totalSupply - used + (balances.get(at('reserve')) ?? 0n));
    return {
      totalSupply: totalSupply.toString(),
      balances: Object.fromEntries([...balances].map(([a, b]) => [a, b.toString()])),
    };
  };

  const upSupply = units(993_181_006);
  const upFixed: [string, bigint][] = [
    [at('burn'), units(128_398_514, 84)],
    [at('bridgeCollateral'), units(250_000_000)],
    [at('liquidityPool'), units(185_000_000)],
    [at('treasury'), units(150_000_000)],
    [at('rewardsPool'), units(100_000_000)],
    [at('faucet'), units(50_000_000)],
  ];
  // UP has no "reserve": the demo wallets get exactly what the named wallets leave.
  const upRest = upSupply - upFixed.reduce((a, [, b]) => a + b, 0n);
  const tokens: Record<Token, ReturnType<typeof ledger>> = {
    UP: ledger(upSupply, upFixed, spread(upRest, 1, 1, 5_000_000)),
    DAG: ledger(
      units(3_600_000_000),
      [
        [at('faucet'), units(100_000_000)],
        [at('treasury'), units(1_000_000)],
        [at('rewardsPool'), units(100_000)],
      ],
      spread(units(60_000_000), 0.6, 0.1, 2_000_000),
    ),
    DOR: ledger(
      units(1_000_000_000),
      [
        [at('faucet'), units(50_000_000)],
        [at('treasury'), units(10_000_000)],
      ],
      spread(units(80_000_000), 0.4, 1, 3_000_000),
    ),
  };
  const genesis: GenesisFile = {
    description: `Sandbox genesis of the local Constellation network, generated from seed "${seed}" by scripts/generate-genesis.ts. Editable: balances are base units (1e-8); each token's balances must add up to its totalSupply.`,
    seed,
    metagraphIds: { UP: keyless('metagraph:UP'), DOR: keyless('metagraph:DOR') },
    faucet,
    wallets,
    demoWallets,
    tokens,
  };
  return { genesis, systemKeys };
}

/** Splits `total` over `addresses` with log-uniform weights between `low` and `high`. */
function distribute(
  random: () => number,
  total: bigint,
  addresses: string[],
  low: number,
  high: number,
): [string, bigint][] {
  const weights = addresses.map(() =>
    Math.exp(Math.log(low) + random() * (Math.log(high) - Math.log(low))),
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = addresses.map((a, i): [string, bigint] => [
    a,
    BigInt(Math.floor((Number(total) * (weights[i] as number)) / sum)),
  ]);
  const rounding = total - out.reduce((a, [, b]) => a + b, 0n);
  const largest = out.reduce((best, e) => (e[1] > best[1] ? e : best));
  largest[1] += rounding;
  return out;
}

function demoNames(random: () => number, count: number): string[] {
  const first = [
    'luna',
    'satoshi',
    'hodl',
    'degen',
    'whale',
    'alpha',
    'node',
    'stellar',
    'orbit',
    'comet',
    'nova',
    'pixel',
    'block',
    'vault',
    'zen',
    'mango',
    'river',
    'echo',
    'atlas',
    'maple',
  ];
  const second = [
    'fan',
    'trader',
    'maxi',
    'builder',
    'ape',
    'hunter',
    'dev',
    'sage',
    'rider',
    'punk',
    'chef',
    'pilot',
  ];
  const names = new Set<string>();
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)] as T;
  while (names.size < count)
    names.add(`${pick(first)}_${pick(second)}${Math.floor(random() * 100)}`);
  return [...names];
}

/** mulberry32 seeded from 4 bytes of a digest: the same seed gives the same genesis. */
function seededRandom(seedBytes: Buffer): () => number {
  let a = seedBytes.readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
