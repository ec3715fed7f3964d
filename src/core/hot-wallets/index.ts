// Hot-wallet ceilings of the system wallets: what to move to cold storage (decision 0047).
export {
  HOT_WALLET_ROLES,
  type HotWalletCeilings,
  type HotWalletExcess,
  type HotWalletRole,
  hotWalletExcess,
} from './excess.ts';
