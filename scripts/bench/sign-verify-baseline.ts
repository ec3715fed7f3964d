// The ledger's same-run baseline (decision 0027): the project's own sign + verify of one
// Constellation transaction, back to back on one thread. A confirmed transfer signs and verifies
// two (payment and fee), so this rate is an upper bound on transfers/s before any database or HTTP
// work.
import { randomBytes } from 'node:crypto';
import { dagAddressFromPublicKey } from '@/integrations/constellation/address.ts';
import { generatePrivateKey, publicKeyFromPrivateKey } from '@/integrations/constellation/keys.ts';
import {
  EMPTY_REFERENCE,
  randomSalt,
  signTransactions,
  verifySignedTransaction,
} from '@/integrations/constellation/transaction.ts';

/** Sign + verify operations per second over about `ms` milliseconds. */
export function signVerifyPerSecond(ms = 1000): number {
  const key = generatePrivateKey();
  const source = dagAddressFromPublicKey(publicKeyFromPrivateKey(key));
  const destination = dagAddressFromPublicKey(publicKeyFromPrivateKey(generatePrivateKey()));
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    const value = {
      source,
      destination,
      amount: BigInt(1 + (randomBytes(1)[0] ?? 0)),
      fee: 0n,
      parent: EMPTY_REFERENCE,
      salt: randomSalt(),
    };
    const [signed] = signTransactions([value], key);
    if (!signed || !verifySignedTransaction(signed).ok) throw new Error('sign+verify failed');
    n++;
  }
  return n / ((performance.now() - t0) / 1000);
}
