import type { Db } from '@/db/client.ts';
import {
  buildSubmission,
  type EvidenceClient,
  type FingerprintSubmission,
} from '@/integrations/evidence/index.ts';
import type { XTweet, XUser } from '@/integrations/x/index.ts';
import { sha256Hex } from '@/shared/evidence/hex.ts';
import { contentHashOf } from '@/shared/evidence/post-record.ts';
import { documentIdOfPost } from '@/shared/evidence/signed-submission.ts';
import type { ChargeResult } from '../allowances/index.ts';
import { postRecordFromX, tweetTypeOf } from './post-record-from-x.ts';
import {
  dropRecord,
  type EvidenceRow,
  findByRequest,
  findByTweet,
  insertPending,
  markSubmitted,
} from './records.ts';

export interface FingerprintDeps {
  db: Db;
  now: () => Date;
  evidence: EvidenceClient;
  settings: { orgId: string; tenantId: string; signingKey: string };
  /** The post as X returns it, or null when deleted, protected or unknown. */
  readPost(id: string): Promise<{ tweet: XTweet; includes: { users?: XUser[] } } | null>;
  /** The allowance service (src/core/allowances chargeFor), bound to the product's deps. */
  charge(p: { userId: string; idempotencyKey: string }): Promise<ChargeResult>;
}

export type FingerprintResult =
  | { kind: 'recorded'; row: EvidenceRow; existing: boolean; charge: ChargeResult | null }
  | {
      kind: 'refused';
      code: 'target_unavailable' | 'evidence_rejected' | 'charge_refused';
      message: string;
    };

/** A stable UUID-shaped event id per request post: a retry names the same event. */
const eventIdFor = (requestPostId: string) => {
  const h = sha256Hex(`upsider-evidence:${requestPostId}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/**
 * Fingerprints a post for a requester as one idempotent operation keyed by the request post:
 * record stored (with the signed submission) → API validation (nothing charged if refused) →
 * charge (allowance or price; refused → nothing submitted) → submission. A post already in the
 * archive is returned as is, without a charge. Temporary failures (X or the API down) throw;
 * calling again with the same request repeats no charge and submits the same bytes.
 */
export async function fingerprintPost(
  deps: FingerprintDeps,
  p: { requestPostId: string; requester: { xUserId: string; username: string }; targetId: string },
): Promise<FingerprintResult> {
  let row = await findByRequest(deps.db, p.requestPostId);
  if (!row) {
    const existing = await findByTweet(deps.db, p.targetId);
    if (existing) return { kind: 'recorded', row: existing, existing: true, charge: null };
    const read = await deps.readPost(p.targetId);
    if (!read) {
      return {
        kind: 'refused',
        code: 'target_unavailable',
        message: 'deleted, protected or not found',
      };
    }
    row = await insertPending(deps.db, newRow(deps, p, read));
    if (row.requestPostId !== p.requestPostId) {
      return { kind: 'recorded', row, existing: true, charge: null };
    }
  }
  if (row.state === 'submitted') return { kind: 'recorded', row, existing: false, charge: null };

  const submission = row.submission as FingerprintSubmission;
  const [check] = await deps.evidence.validate([submission]);
  if (!check?.accepted) return refuse(deps, row, 'evidence_rejected', check?.errors.join('; '));

  const charge = await deps.charge({
    userId: p.requester.xUserId,
    idempotencyKey: `evidence:${p.requestPostId}`,
  });
  if (charge.outcome === 'refused') return refuse(deps, row, 'charge_refused', charge.message);

  const [result] = await deps.evidence.submit([submission]);
  // Validation passed a moment ago: a refusal now is the API's own trouble, not the user's.
  if (!result?.accepted)
    throw new Error(`evidence submission refused: ${result?.errors.join('; ')}`);
  const at = deps.now();
  await markSubmitted(deps.db, row.id, at);
  return {
    kind: 'recorded',
    row: { ...row, state: 'submitted', submittedAt: at },
    existing: false,
    charge,
  };
}

async function refuse(
  deps: FingerprintDeps,
  row: EvidenceRow,
  code: 'evidence_rejected' | 'charge_refused',
  message = 'refused',
): Promise<FingerprintResult> {
  await dropRecord(deps.db, row.id);
  return { kind: 'refused', code, message };
}

function newRow(
  deps: FingerprintDeps,
  p: { requestPostId: string; requester: { xUserId: string; username: string }; targetId: string },
  read: { tweet: XTweet; includes: { users?: XUser[] } },
) {
  const record = postRecordFromX(read.tweet, read.includes);
  const contentHash = contentHashOf(record);
  const eventId = eventIdFor(p.requestPostId);
  const now = deps.now();
  const { submission, hash } = buildSubmission({
    ...deps.settings,
    privateKeyHex: deps.settings.signingKey,
    eventId,
    documentId: documentIdOfPost(record.tweetId),
    documentRef: contentHash,
    timestamp: now,
    tags: {
      platform: 'x',
      tweet_id: record.tweetId,
      author_username: record.author.username,
      requester_username: p.requester.username,
    },
  });
  return {
    tweetId: record.tweetId,
    requestPostId: p.requestPostId,
    requesterId: p.requester.xUserId,
    requesterUsername: p.requester.username,
    authorId: record.author.id,
    authorUsername: record.author.username,
    tweetType: tweetTypeOf(read.tweet),
    tweetContent: record.text,
    record,
    contentHash,
    fingerprintHash: hash,
    eventId,
    submission,
    state: 'pending' as const,
    createdAt: now,
  };
}
