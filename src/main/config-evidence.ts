import { z } from 'zod';

/** Environment of the Digital Evidence client (in .env.example). */
export const evidenceEnvShape = {
  /** Digital Evidence API (integrations.md §6). Sandbox mode: the local twin under /sandbox/evidence. */
  DIGITAL_EVIDENCE_URL: z.url().optional(),
  DIGITAL_EVIDENCE_API_KEY: z.string().min(1).optional(),
  DIGITAL_EVIDENCE_ORG_ID: z.uuid().optional(),
  DIGITAL_EVIDENCE_TENANT_ID: z.uuid().optional(),
  /** secp256k1 private key (64 hex) that signs fingerprint submissions. Keep it secret. */
  DIGITAL_EVIDENCE_SIGNING_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters')
    .optional(),
  /**
   * Optional pinned key (128 hex, no 04 prefix) over the SDK shape's batch roots: an extra check
   * where one is published. The anchor is the ledger (decision 0051).
   */
  DIGITAL_EVIDENCE_BATCH_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{128}$/, 'must be 128 hex characters')
    .optional(),
  /**
   * The Digital Evidence metagraph's address: its state channel in a global snapshot carries the
   * batch roots a verifier looks for (decision 0051). Sandbox: the local service's.
   */
  DIGITAL_EVIDENCE_METAGRAPH_ID: z.string().min(1).optional(),
  /** Which vendor shape the local Digital Evidence API answers in (sandbox only; 0051). */
  SANDBOX_EVIDENCE_SHAPE: z.enum(['sdk', 'mcp']).default('sdk'),
  /** How often the local Digital Evidence API batches fingerprints (sandbox only). */
  SANDBOX_EVIDENCE_BATCH_INTERVAL_MS: z.coerce.number().int().min(0).default(3000),
};

const evidenceEnvSchema = z.object(evidenceEnvShape);
type EvidenceEnv = z.output<typeof evidenceEnvSchema>;

/** The local Digital Evidence API's fixed credentials (src/sandbox/evidence/keys.ts; a test keeps them equal). */
export const SANDBOX_EVIDENCE_DEFAULTS = {
  apiKey: 'sandbox-evidence-api-key',
  orgId: '00000000-0000-4000-8000-00000000e0a1',
  tenantId: '00000000-0000-4000-8000-00000000e0a2',
  // sha256("upsider-sandbox:evidence-submission-signer"): the product's signing key in sandbox mode only.
  signingKey: '3fdca88b2ec6bb9f460fd0b3564b804fcd80ca67ba949b02c3804c484408e4c3',
  metagraphId: 'DAG0sandboxDigitalEvidenceMetagraph00000',
  batchPublicKey:
    'c9ae53d4759d01ef1649faf844b78821559994e6b99b4e8e9ece11fb94e9760862bdb469ca218061bb512e010e7b8122881a06e7770d954495c1f73aeda7f77b',
} as const;

/** Digital Evidence: configured when key, org, tenant and signing key are all known. */
export function evidenceConfig(
  env: EvidenceEnv,
  sandbox: boolean,
  publicUrl: string,
  /** The global L0 a verifier reads the anchoring snapshots from (the DAG network's). */
  globalL0Url?: string,
) {
  const d = sandbox ? SANDBOX_EVIDENCE_DEFAULTS : undefined;
  const apiKey = env.DIGITAL_EVIDENCE_API_KEY ?? d?.apiKey;
  const orgId = env.DIGITAL_EVIDENCE_ORG_ID ?? d?.orgId;
  const tenantId = env.DIGITAL_EVIDENCE_TENANT_ID ?? d?.tenantId;
  const signingKey = env.DIGITAL_EVIDENCE_SIGNING_KEY ?? d?.signingKey;
  return {
    url: (
      env.DIGITAL_EVIDENCE_URL ??
      (sandbox ? `${publicUrl}/sandbox/evidence` : 'https://de-api.constellationnetwork.io')
    ).replace(/\/$/, ''),
    enabled: Boolean(apiKey && orgId && tenantId && signingKey),
    apiKey,
    orgId: orgId ?? '',
    tenantId: tenantId ?? '',
    /** Behind a function, so logging the config never prints it. */
    readSigningKey: () => signingKey,
    batchPublicKey: env.DIGITAL_EVIDENCE_BATCH_PUBLIC_KEY ?? d?.batchPublicKey ?? null,
    metagraphId: env.DIGITAL_EVIDENCE_METAGRAPH_ID ?? d?.metagraphId ?? null,
    globalL0Url: globalL0Url ?? null,
    batchIntervalMs: env.SANDBOX_EVIDENCE_BATCH_INTERVAL_MS,
    shape: env.SANDBOX_EVIDENCE_SHAPE,
  };
}
