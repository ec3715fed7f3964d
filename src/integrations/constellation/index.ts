/**
 * Constellation (DAG + metagraph tokens) for the rest of the server: addresses, keys, signed
 * transactions and the node/explorer HTTP client. Import from here; the files behind it may move.
 */
export {
  dagAddressFromPublicKey,
  dagAddressFromPublicKeyId,
  isValidDagAddress,
  publicKeyIdFromPublicKey,
} from './address.ts';
export {
  type CombinedSnapshot,
  type ConstellationClientConfig,
  createConstellationClient,
  type MetagraphEndpoints,
  type NodeEndpoints,
  type PendingTransaction,
} from './client.ts';
export {
  ConstellationConfigError,
  ConstellationError,
  ConstellationHttpError,
  ConstellationNetworkError,
  ConstellationResponseError,
} from './errors.ts';
export type { FetchFn } from './http.ts';
export {
  evmAddressFromPublicKey,
  generatePrivateKey,
  isValidPrivateKey,
  publicKeyFromPrivateKey,
} from './keys.ts';
export type { ExplorerTransaction } from './responses.ts';
export {
  EMPTY_REFERENCE,
  encodeTransaction,
  randomSalt,
  type SignedTransaction,
  signTransaction,
  signTransactions,
  type TransactionReference,
  type TransactionValue,
  transactionHash,
  type VerifyResult,
  verifySignedTransaction,
} from './transaction.ts';
export { parseSignedTransaction, signedTransactionToJson } from './transaction-wire.ts';

export type ConstellationClient = ReturnType<
  typeof import('./client.ts').createConstellationClient
>;
// Named for the other layers that use them (decision 0067: another layer imports an area through its index).
export { dagAddressFromDigest } from './address.ts';
export { privateKeyVerify, publicKeyCreate, sha512Digest, signDigest } from './ecdsa.ts';
export { networkFeeNeeded, passesFeeLessLimit, TRANSACTION_LIMIT } from './fee-limit.ts';
export { parseJsonKeepingIntegers, quoteUnsafeIntegers, stringifyWithBigInts } from './json.ts';
export { dagAddress, signedTransactionSchema } from './schemas.ts';
export { signedTransactionToWire } from './transaction-wire.ts';
