// Custodial wallets: one per X user, per unclaimed handle, and the system wallets.
export {
  type BindOutcome,
  bindHandleWalletToUser,
  ensureWalletForHandle,
  ensureWalletForUser,
  type WalletDeps,
} from './ensure-wallet.ts';
// Named for the other layers that use them (decision 0067: another layer imports an area through its index).
export { parseMasterKeys } from './keyring.ts';
export { closeWalletKeyProvider, getKeyring, getWalletKeyProvider } from './master-keys.ts';
export {
  getOpenHandleWallet,
  getWalletByAddress,
  getWalletById,
  getWalletBySystemRole,
  getWalletByUser,
} from './queries.ts';
export { replaceWalletKey } from './replace-key.ts';
export { rotateWalletKeys, walletCountsByKeyId } from './rotate-keys.ts';
export {
  getKnownAddresses,
  getSystemWalletAddresses,
  provisionSystemWallets,
  SYSTEM_WALLET_LABELS,
  SYSTEM_WALLET_ROLES,
  type SystemWalletRole,
} from './system-wallets.ts';
export { verifyMasterKeys } from './verify-master-keys.ts';
export { normalizeHandle, toWalletRecord, type WalletRecord } from './wallet-record.ts';
