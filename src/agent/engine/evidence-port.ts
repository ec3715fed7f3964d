import { chargeFor } from '../../core/allowances/index.ts';
import { fingerprintPost } from '../../core/evidence/fingerprint-post.ts';
import type { AgentDeps } from '../deps.ts';
import type { EvidencePort } from './ports.ts';

type Deps = Pick<
  AgentDeps,
  'db' | 'config' | 'logger' | 'now' | 'x' | 'constellation' | 'evidence'
>;

/**
 * Digital evidence bound to the product: posts read through X with the agent's token, charges
 * through the allowance service, submissions to the Digital Evidence API. Null when the API is
 * not configured (the agent then says so plainly).
 */
export function createEvidencePort(
  deps: Deps,
  agentAccess: () => Promise<{ accessToken: string }>,
): EvidencePort | null {
  const settings = deps.config.evidence;
  const signingKey = settings.readSigningKey();
  if (!deps.evidence || !settings.enabled || !signingKey) return null;
  const evidence = deps.evidence;
  return {
    fingerprint: (p) =>
      fingerprintPost(
        {
          db: deps.db,
          now: deps.now,
          evidence,
          settings: { orgId: settings.orgId, tenantId: settings.tenantId, signingKey },
          async readPost(id) {
            const { accessToken } = await agentAccess();
            const { tweet, includes } = await deps.x.getTweet(accessToken, id);
            return tweet ? { tweet, includes } : null;
          },
          charge: ({ userId, idempotencyKey }) =>
            chargeFor(deps, { userId, item: 'digital_evidence', idempotencyKey }),
        },
        p,
      ),
  };
}
