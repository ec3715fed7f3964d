/** What a verifier checks: the archived post's record, its hashes and the signed submission. */
export interface EvidenceToVerify {
  tweetId: string;
  record: unknown;
  contentHash: string;
  fingerprintHash: string;
  /** The signed fingerprint submission (its value, signer id and signature). */
  submission: unknown;
}

/** One check as a person reads it: what was checked, whether it held, and the evidence for it. */
export interface VerifyStep {
  label: string;
  /** null: could not be checked (no batch yet, API down, no trusted key). */
  ok: boolean | null;
  detail: string;
}
