import { sha256Hex } from '@/shared/evidence/hex.ts';

/**
 * The local Digital Evidence API's fixed credentials. The product's config carries the same
 * API key, org/tenant ids and the batch public key as sandbox defaults (a test keeps them equal);
 * the batch signing key itself stays here.
 */
export const SANDBOX_EVIDENCE = {
  apiKey: 'sandbox-evidence-api-key',
  orgId: '00000000-0000-4000-8000-00000000e0a1',
  tenantId: '00000000-0000-4000-8000-00000000e0a2',
  batchPrivateKey: sha256Hex('upsider-sandbox:evidence-batch-signer'),
  /** The local Digital Evidence metagraph's address in the local global snapshots (0051). */
  metagraphId: 'DAG0sandboxDigitalEvidenceMetagraph00000',
} as const;
