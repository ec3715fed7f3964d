import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xAuthorizations } from '../../db/schema/index.ts';
import { randomToken, sha256Hex } from '../ids.ts';

export type XAuthorization = typeof xAuthorizations.$inferSelect;

/** How long a consent screen stays answerable, and X's documented code lifetime. */
const CONSENT_MS = 10 * 60 * 1000;
export const CODE_MS = 30 * 1000;

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256' | 'plain';
}

/** Stores a consent screen's request; the returned nonce is the form's CSRF token. */
export async function createPendingAuthorization(
  db: Db,
  req: AuthorizationRequest,
  now: Date,
): Promise<string> {
  const nonce = randomToken(24);
  await db.insert(xAuthorizations).values({
    ...req,
    scopes: req.scopes.join(' '),
    nonceHash: sha256Hex(nonce),
    expiresAt: new Date(now.getTime() + CONSENT_MS),
  });
  return nonce;
}

/** The pending (undecided, unexpired) request behind a consent form's nonce. */
export async function findPendingAuthorization(db: Db, nonce: string, now: Date) {
  const [row] = await db
    .select()
    .from(xAuthorizations)
    .where(
      and(
        eq(xAuthorizations.nonceHash, sha256Hex(nonce)),
        isNull(xAuthorizations.decidedAt),
        gt(xAuthorizations.expiresAt, now),
      ),
    );
  return row;
}

/**
 * Records the person's answer once (a second submit of the same form does nothing) and, when
 * approved, mints the authorization code.
 */
export async function decideAuthorization(
  db: Db,
  nonce: string,
  decision: { userId: string } | 'denied',
  now: Date,
): Promise<{ code: string | null } | null> {
  const code = decision === 'denied' ? null : randomToken(48);
  const [row] = await db
    .update(xAuthorizations)
    .set({
      decidedAt: now,
      userId: decision === 'denied' ? null : decision.userId,
      codeHash: code ? sha256Hex(code) : null,
      codeExpiresAt: code ? new Date(now.getTime() + CODE_MS) : null,
    })
    .where(and(eq(xAuthorizations.nonceHash, sha256Hex(nonce)), isNull(xAuthorizations.decidedAt)))
    .returning();
  return row ? { code } : null;
}

/**
 * Marks a code used. Returns the authorization and whether this call was the first use:
 * a second use must fail and revoke what the first one issued.
 */
export async function redeemCode(db: Db, code: string, now: Date) {
  const codeHash = sha256Hex(code);
  const [first] = await db
    .update(xAuthorizations)
    .set({ codeUsedAt: now })
    .where(and(eq(xAuthorizations.codeHash, codeHash), isNull(xAuthorizations.codeUsedAt)))
    .returning();
  if (first) return { authorization: first, firstUse: true };
  const [again] = await db
    .select()
    .from(xAuthorizations)
    .where(eq(xAuthorizations.codeHash, codeHash));
  return again ? { authorization: again, firstUse: false } : null;
}

/** Tokens minted from one code share this family id. */
export const familyOf = (a: XAuthorization) => `auth:${a.nonceHash}`;
