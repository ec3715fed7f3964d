import * as z from 'zod/mini';

/**
 * The keys a verifier trusts, published by the server from its own configuration at
 * `GET /api/digital-evidence/keys`. A verifier takes them from there (or from a copy it pinned),
 * never from a certificate or a proof answer: those are what is being checked.
 */
export const EVIDENCE_KEYS_PATH = '/api/digital-evidence/keys';

const publicKeyHex = z
  .string()
  .check(z.regex(/^[0-9a-fA-F]{128}$/, 'a public key is 128 hex characters'));

export const evidenceKeysSchema = z.object({
  /** Signs the Digital Evidence API's batch roots. Null when the server knows none. */
  batchPublicKey: z.nullable(publicKeyHex),
  /** The archive's own key, which signs every fingerprint submission (its `signerId`). */
  signerId: z.nullable(publicKeyHex),
  /**
   * Where the anchor is read (decision 0051): the global L0 whose snapshots the batches name and
   * the Digital Evidence metagraph whose state channel carries the roots. Public facts of the
   * network, said here so a verifier can compare them with its own; absent in older copies.
   */
  network: z.optional(
    z.nullable(
      z.object({
        globalL0Url: z.string(),
        metagraphId: z.string(),
        /** Global L0 peer ids a verifier pinned (a seed list); else the L0's cluster (0066). */
        l0PeerIds: z.optional(z.array(publicKeyHex)),
      }),
    ),
  ),
});
export type EvidenceKeys = z.infer<typeof evidenceKeysSchema>;

/** Keys and where the verifier got them, said in its output ("pinned in keys.json", …). */
export interface TrustedKeys extends EvidenceKeys {
  source: string;
}

export const shortKey = (key: string) => `${key.slice(0, 16)}…`;
