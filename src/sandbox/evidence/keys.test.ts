import { describe, expect, it } from 'vitest';
import { SANDBOX_EVIDENCE_DEFAULTS } from '@/main/config-evidence.ts';
import { publicKeyId } from '@/shared/evidence/signature.ts';
import { SANDBOX_EVIDENCE } from './keys.ts';

describe('sandbox Digital Evidence credentials', () => {
  it("the product's sandbox defaults match the twin's key, ids and batch signer", () => {
    expect(SANDBOX_EVIDENCE_DEFAULTS.apiKey).toBe(SANDBOX_EVIDENCE.apiKey);
    expect(SANDBOX_EVIDENCE_DEFAULTS.orgId).toBe(SANDBOX_EVIDENCE.orgId);
    expect(SANDBOX_EVIDENCE_DEFAULTS.tenantId).toBe(SANDBOX_EVIDENCE.tenantId);
    expect(SANDBOX_EVIDENCE_DEFAULTS.metagraphId).toBe(SANDBOX_EVIDENCE.metagraphId);
    expect(SANDBOX_EVIDENCE_DEFAULTS.batchPublicKey).toBe(
      publicKeyId(SANDBOX_EVIDENCE.batchPrivateKey),
    );
  });
});
