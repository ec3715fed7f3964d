import type { EvidenceKeys } from '@/shared/evidence/evidence-keys.ts';
import { publicKeyId } from '@/shared/evidence/signature.ts';

/**
 * The keys this server publishes for verifiers (`GET /api/digital-evidence/keys`), from its own
 * configuration: the Digital Evidence API's batch key and the public half of the key that signs
 * the archive's submissions. Never read from a stored record, which is what they check.
 */
export function publishedEvidenceKeys(config: {
  batchPublicKey: string | null;
  metagraphId?: string | null;
  globalL0Url?: string | null;
  readSigningKey(): string | undefined;
}): EvidenceKeys {
  const signingKey = config.readSigningKey();
  return {
    batchPublicKey: config.batchPublicKey?.toLowerCase() ?? null,
    signerId: signingKey ? publicKeyId(signingKey) : null,
    network:
      config.metagraphId && config.globalL0Url
        ? { globalL0Url: config.globalL0Url, metagraphId: config.metagraphId }
        : null,
  };
}
