// Sends to X accounts that never signed in: held, claimed at sign-in, or returned (decision 0048).
export { holdIfUnclaimed, markClaimed, returnDate } from './hold.ts';
export {
  type HandleLookup,
  type MigrationOutcome,
  migrateHandleWallets,
} from './migrate-handle-wallets.ts';
export { feeReturnKey, returnKey, returnUnclaimedSends } from './return-unclaimed.ts';
