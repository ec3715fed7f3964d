import { createHash } from 'node:crypto';
import { wallets } from '@/db/schema/index.ts';
import {
  dagAddressFromDigest,
  dagAddressFromPublicKey,
  publicKeyFromPrivateKey,
} from '@/integrations/constellation/index.ts';
import type { Logger } from '@/shared/logger.ts';
import type { WalletDeps } from './ensure-wallet.ts';
import { getWalletKeyProvider } from './master-keys.ts';
import { newWalletKeyColumns, walletKeyColumns } from './new-wallet-key.ts';
import { getWalletBySystemRole } from './queries.ts';
import type { WalletRecord } from './wallet-record.ts';
import type { KnownAddressRole, WalletAndModeConfig } from './wallet-settings.ts';

/** The product's own wallets: keys generated on first start, stored encrypted like user wallets. */
export const SYSTEM_WALLET_ROLES = ['treasury', 'fees', 'rewards'] as const;
export type SystemWalletRole = (typeof SYSTEM_WALLET_ROLES)[number];

export const SYSTEM_WALLET_LABELS: Record<SystemWalletRole, string> = {
  treasury: 'Treasury',
  fees: 'Fee wallet',
  rewards: 'Rewards pool',
};

/**
 * Creates any missing system wallet (idempotent, safe when several processes start together).
 * `importKeys` gives the private key to use for a role instead of a fresh one — the sandbox
 * passes the keys its genesis funded (decision 0003). An existing wallet is never replaced.
 */
export async function provisionSystemWallets(
  deps: WalletDeps & { logger?: Pick<Logger, 'warn'> },
  opts: { importKeys?: Partial<Record<SystemWalletRole, Uint8Array>> } = {},
): Promise<Record<SystemWalletRole, WalletRecord>> {
  const out = {} as Record<SystemWalletRole, WalletRecord>;
  for (const role of SYSTEM_WALLET_ROLES) {
    const imported = opts.importKeys?.[role];
    let wallet = await getWalletBySystemRole(deps, { role });
    if (!wallet) {
      const keys = getWalletKeyProvider(deps.config);
      const columns = imported
        ? walletKeyColumns(keys, Uint8Array.from(imported))
        : newWalletKeyColumns(keys);
      await deps.db
        .insert(wallets)
        .values({ systemRole: role, ...columns })
        .onConflictDoNothing();
      wallet = await getWalletBySystemRole(deps, { role });
    } else if (imported && wallet.dagAddress !== addressOf(imported)) {
      deps.logger?.warn(
        { role, address: wallet.dagAddress },
        'system wallet already exists with another key; keeping it',
      );
    }
    if (!wallet) throw new Error(`system wallet ${role} could not be provisioned`);
    out[role] = wallet;
  }
  return out;
}

const addressOf = (privateKey: Uint8Array) =>
  dagAddressFromPublicKey(publicKeyFromPrivateKey(privateKey));

/**
 * Addresses shown with a label and kept out of circulation (liquidity pool, bridge collateral,
 * burn). Configured by env; in sandbox mode an unset one gets a local address derived from its
 * role, whose private key nobody has (it is a hash, not a key's address).
 */
export function getKnownAddresses(config: WalletAndModeConfig) {
  return (Object.keys(config.wallets.knownAddresses) as KnownAddressRole[]).flatMap((role) => {
    const { address, label } = config.wallets.knownAddresses[role];
    const resolved = address ?? (config.sandbox ? sandboxAddressFor(role) : null);
    return resolved ? [{ role, label, address: resolved }] : [];
  });
}

const sandboxAddressFor = (role: string) =>
  dagAddressFromDigest(createHash('sha256').update(`upsider-sandbox:${role}`).digest());

/**
 * Every address of the product's own: system wallets (provisioned on first call) and known
 * addresses. The sandbox genesis funds these; the leaderboard flags them as not in circulation.
 */
export async function getSystemWalletAddresses(deps: WalletDeps & { config: WalletAndModeConfig }) {
  const system = await provisionSystemWallets(deps);
  return [
    ...SYSTEM_WALLET_ROLES.map((role) => ({
      role: role as string,
      label: SYSTEM_WALLET_LABELS[role],
      address: system[role].dagAddress,
    })),
    ...getKnownAddresses(deps.config),
  ];
}
