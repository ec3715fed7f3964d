import { stringifyWithBigInts } from './json.ts';
import { signedTransactionSchema } from './schemas.ts';
import type { SignedTransaction } from './transaction.ts';

/**
 * The JSON a node accepts for `POST /transactions`: amount, fee and ordinal as bare numbers (exact
 * even above 2^53), salt as a decimal string like dag4 sends it.
 */
export function signedTransactionToJson(signed: SignedTransaction): string {
  return stringifyWithBigInts(signedTransactionToWire(signed));
}

/** The wire object (bigints kept; stringify with stringifyWithBigInts). */
export function signedTransactionToWire(signed: SignedTransaction) {
  const { value } = signed;
  return {
    value: {
      source: value.source,
      destination: value.destination,
      amount: value.amount,
      fee: value.fee,
      parent: { ordinal: value.parent.ordinal, hash: value.parent.hash },
      salt: value.salt.toString(),
    },
    proofs: signed.proofs.map((p) => ({ id: p.id, signature: p.signature })),
  };
}

/** Parses a wire object (after parseJsonKeepingIntegers) into a SignedTransaction, or throws ZodError. */
export function parseSignedTransaction(json: unknown): SignedTransaction {
  return signedTransactionSchema.parse(json);
}
