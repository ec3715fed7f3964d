/**
 * The one place the network overview's fixed figures, known-address labels and circulation rules
 * live: the server's rankings and the landing page's section both import it.
 * Why these definitions: docs/decisions/0010-holders-and-circulation.md.
 */

/** Fixed figures shown on the overview cards (whole UP). */
export const TOTAL_SUPPLY_UP = 993_181_006;
export const TOTAL_BURNED_UP = 128_398_514.84;

/** Rows in each list. `walletCount` still counts every holder. */
export const WALLET_LIST_LIMIT = { constellation: 250, base: 100 } as const;

/** Wallet lists and the main wallet balance refresh every 30 s (no focus refetch). */
export const WALLET_POLL_MS = 30_000;

export type HolderNetwork = keyof typeof WALLET_LIST_LIMIT;

/** Badge texts of known addresses (decision 0010). */
export const HOLDER_LABELS = {
  constellationLiquidityPool: 'Liquidity pool',
  bridgeCollateral: 'bridge collateral',
  baseBridge: 'Constellation Base bridge',
  burned: 'burned tokens',
  baseLiquidityPool: 'Liquidity pool',
  treasury: 'Treasury',
  feeWallet: 'Fee wallet',
  rewardsPool: 'Rewards pool',
} as const;

/** The two Base burn addresses: the conventional dead address and the zero address. */
export const BASE_DEAD_ADDRESS = '0x000000000000000000000000000000000000dEaD';
export const BASE_ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** One address the ranking labels and, when `notInCirculation`, leaves out of circulation. */
export interface KnownHolder {
  address: string;
  label: string;
  notInCirculation: boolean;
}

/**
 * Known Base holders. Bridge and pool addresses are configured (BASE_BRIDGE_ADDRESSES,
 * BASE_LIQUIDITY_POOL_ADDRESS); the burn addresses are the same on every EVM chain.
 * Bridge-held UP backs UP on Constellation, so counting it would count those tokens twice;
 * pooled UP is nobody's holding. Both stay out of circulation, like burned tokens.
 */
export function knownBaseHolders(opts: {
  bridgeAddresses: string[];
  liquidityPoolAddress?: string | null;
}): KnownHolder[] {
  return [
    ...opts.bridgeAddresses.map((address) => ({
      address,
      label: HOLDER_LABELS.baseBridge,
      notInCirculation: true,
    })),
    ...(opts.liquidityPoolAddress
      ? [
          {
            address: opts.liquidityPoolAddress,
            label: HOLDER_LABELS.baseLiquidityPool,
            notInCirculation: true,
          },
        ]
      : []),
    { address: BASE_DEAD_ADDRESS, label: HOLDER_LABELS.burned, notInCirculation: true },
    { address: BASE_ZERO_ADDRESS, label: HOLDER_LABELS.burned, notInCirculation: true },
  ];
}

/**
 * Known Constellation holders: the product's system wallets (treasury = the main wallet, fee
 * wallet, rewards pool) and the configured liquidity pool, bridge collateral and burn wallet.
 * None of them is anybody's holding, so none is in circulation.
 */
export function knownConstellationHolders(
  addresses: { role: string; address: string; label?: string }[],
): KnownHolder[] {
  const labelFor: Record<string, string> = {
    treasury: HOLDER_LABELS.treasury,
    fees: HOLDER_LABELS.feeWallet,
    rewards: HOLDER_LABELS.rewardsPool,
    liquidityPool: HOLDER_LABELS.constellationLiquidityPool,
    bridgeCollateral: HOLDER_LABELS.bridgeCollateral,
    burn: HOLDER_LABELS.burned,
  };
  return addresses.map((a) => ({
    address: a.address,
    label: labelFor[a.role] ?? a.label ?? a.role,
    notInCirculation: true,
  }));
}
