import { describe, expect, it } from 'vitest';
import { getKnownAddresses } from '@/core/wallets/system-wallets.ts';
import { loadConfig } from '@/main/config.ts';
import { isValidDagAddress } from '@/shared/dag-address.ts';
import { TOKENS, UNITS_PER_TOKEN } from '@/shared/tokens.ts';
import {
  knownAddressLabels,
  loadGenesis,
  loadSandboxSystemKeys,
  walletAddress,
} from './genesis.ts';
import { buildGenesis } from './genesis-builder.ts';

describe('committed sandbox genesis', () => {
  const genesis = loadGenesis();

  it('has exactly 993,181,006 UP, with 128,398,514.84 UP in the burn wallet', () => {
    expect(genesis.totalSupply.UP).toBe(993_181_006n * UNITS_PER_TOKEN);
    expect(genesis.balances.UP.get(walletAddress(genesis, 'burn'))).toBe(12_839_851_484_000_000n);
  });

  it('spreads UP over system wallets and a long tail of a few hundred holders', () => {
    const holders = [...genesis.balances.UP.values()];
    expect(holders.length).toBeGreaterThan(200);
    expect(holders.every((b) => b > 0n)).toBe(true);
    expect(holders.some((b) => b < 100n * UNITS_PER_TOKEN)).toBe(true); // small holders exist
    for (const role of ['treasury', 'liquidityPool', 'bridgeCollateral', 'rewardsPool', 'faucet']) {
      expect(genesis.balances.UP.get(walletAddress(genesis, role))).toBeGreaterThan(0n);
    }
  });

  it('uses valid, distinct addresses and gives DAG and DOR supplies of their own', () => {
    const all = [
      ...genesis.wallets.map((w) => w.address),
      ...genesis.demoWallets.map((w) => w.address),
    ];
    expect(new Set(all).size).toBe(all.length);
    expect(all.every(isValidDagAddress)).toBe(true);
    for (const token of TOKENS) expect(genesis.balances[token].size).toBeGreaterThan(50);
    expect(genesis.totalSupply.DAG).not.toBe(genesis.totalSupply.UP);
  });

  it('has sandbox-only keys that own the treasury, fee wallet and rewards pool', () => {
    const keys = loadSandboxSystemKeys();
    expect(keys.treasury.address).toBe(walletAddress(genesis, 'treasury'));
    expect(keys.feeWallet.address).toBe(walletAddress(genesis, 'feeWallet'));
    expect(keys.rewardsPool.address).toBe(walletAddress(genesis, 'rewardsPool'));
  });

  it('funds the same known addresses the product labels in sandbox mode', () => {
    const product = getKnownAddresses(loadConfig({}));
    for (const { role, address } of knownAddressLabels(genesis)) {
      expect(product.find((p) => p.role === role)?.address).toBe(address);
    }
  });

  it('labels the liquidity pool, bridge collateral and burn wallet', () => {
    expect(
      knownAddressLabels(genesis)
        .map((l) => l.role)
        .sort(),
    ).toEqual(['bridgeCollateral', 'burn', 'liquidityPool']);
  });
});

describe('buildGenesis', () => {
  it('is deterministic for a seed and different across seeds', () => {
    expect(buildGenesis('a').genesis).toEqual(buildGenesis('a').genesis);
    expect(buildGenesis('a').genesis.faucet.address).not.toBe(
      buildGenesis('b').genesis.faucet.address,
    );
  });
});

describe('product config constants that mirror the genesis', () => {
  it('the main wallet default is the genesis treasury', async () => {
    const { SANDBOX_TREASURY_ADDRESS } = await import('@/main/config-holders.ts');
    const treasury = loadGenesis().wallets.find((w) => w.role === 'treasury');
    expect(treasury?.address).toBe(SANDBOX_TREASURY_ADDRESS);
  });
});
