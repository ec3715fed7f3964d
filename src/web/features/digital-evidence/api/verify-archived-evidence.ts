import {
  EVIDENCE_KEYS_PATH,
  evidenceKeysSchema,
  type TrustedKeys,
} from '@/shared/evidence/evidence-keys';
import {
  type EvidenceToVerify,
  proofResponseSchema,
  type VerifyStep,
  verifyEvidence,
} from '@/shared/evidence/verify-evidence';
import { networkAnchor } from '../../../../shared/evidence/anchor.ts';

/** How the checks reach the site: the browser's own fetch on this origin; a test's app. */
export interface SiteRequests {
  origin: string;
  fetch(url: string): Promise<Response>;
}
const THIS_SITE: SiteRequests = { origin: '', fetch: (url) => fetch(url) };

/** SHA-256 with the browser's own WebCrypto, so the check does not trust our server's hashing. */
export async function webSha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The verify panel's checks (shared/evidence/verify-evidence.ts) on an archived post: the keys
 * are the ones this site publishes from its configuration, fetched apart from the proof, which
 * carries none; unknown keys leave those steps pending rather than passed.
 */
export async function verifyArchivedEvidence(
  evidence: EvidenceToVerify,
  site: SiteRequests = THIS_SITE,
): Promise<VerifyStep[]> {
  const keys = await loadTrustedKeys(site);
  const loadProof = async (tweetId: string) => {
    const res = await site.fetch(
      `${site.origin}/api/digital-evidence/${encodeURIComponent(tweetId)}/proof`,
    );
    return res.ok ? proofResponseSchema.parse(await res.json()) : null;
  };
  // The anchor is read from the Constellation network this site names (decision 0051).
  const anchor = keys.network ? networkAnchor(site.fetch, keys.network) : undefined;
  return verifyEvidence(evidence, { sha256Hex: webSha256Hex, loadProof, keys, anchor });
}

async function loadTrustedKeys(site: SiteRequests): Promise<TrustedKeys> {
  const res = await site.fetch(`${site.origin}${EVIDENCE_KEYS_PATH}`).catch(() => null);
  const parsed = evidenceKeysSchema.safeParse(res?.ok ? await res.json() : null);
  return parsed.success
    ? { ...parsed.data, source: 'published by this site' }
    : { batchPublicKey: null, signerId: null, source: 'this site did not publish its keys' };
}
