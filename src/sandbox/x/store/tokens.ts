import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xTokens } from '../../db/schema/index.ts';
import { randomToken, sha256Hex } from '../ids.ts';

export const ACCESS_TOKEN_SECONDS = 7200;
const REFRESH_TOKEN_MS = 180 * 24 * 60 * 60 * 1000;

export interface IssuedTokens {
  token_type: 'bearer';
  expires_in: number;
  access_token: string;
  scope: string;
  refresh_token?: string;
}

/** Access token (2 h) plus, with `offline.access`, a single-use refresh token. */
export async function issueTokens(
  db: Db,
  p: { clientId: string; userId: string; scopes: string[]; familyId?: string; now: Date },
): Promise<IssuedTokens> {
  const familyId = p.familyId ?? randomToken(16);
  const scope = p.scopes.join(' ');
  const base = {
    clientId: p.clientId,
    userId: p.userId,
    scopes: scope,
    familyId,
    createdAt: p.now,
  };
  const accessToken = randomToken(48);
  const rows: (typeof xTokens.$inferInsert)[] = [
    {
      ...base,
      tokenHash: sha256Hex(accessToken),
      kind: 'access',
      expiresAt: new Date(p.now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
    },
  ];
  const refreshToken = p.scopes.includes('offline.access') ? randomToken(48) : undefined;
  if (refreshToken) {
    rows.push({
      ...base,
      tokenHash: sha256Hex(refreshToken),
      kind: 'refresh',
      expiresAt: new Date(p.now.getTime() + REFRESH_TOKEN_MS),
    });
  }
  await db.insert(xTokens).values(rows);
  return {
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    access_token: accessToken,
    scope,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
  };
}

/** A usable Bearer token (user access token or app-only token), or undefined. */
export async function findBearer(db: Db, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(xTokens)
    .where(eq(xTokens.tokenHash, sha256Hex(token)));
  if (!row || row.kind === 'refresh' || row.revokedAt) return undefined;
  if (row.expiresAt && row.expiresAt <= now) return undefined;
  return {
    kind: row.kind,
    clientId: row.clientId,
    userId: row.userId,
    scopes: row.scopes.split(' '),
  };
}

/**
 * Exchanges a refresh token for a new pair. The old one stops working; presenting it again
 * (a replayed or stolen token) revokes every token of its family.
 */
export async function rotateRefreshToken(
  db: Db,
  p: { refreshToken: string; clientId: string; now: Date },
): Promise<IssuedTokens | null> {
  const hash = sha256Hex(p.refreshToken);
  const [claimed] = await db
    .update(xTokens)
    .set({ rotatedAt: p.now })
    .where(
      and(
        eq(xTokens.tokenHash, hash),
        eq(xTokens.kind, 'refresh'),
        eq(xTokens.clientId, p.clientId),
        isNull(xTokens.rotatedAt),
        isNull(xTokens.revokedAt),
        gt(xTokens.expiresAt, p.now),
      ),
    )
    .returning();
  if (claimed?.userId) {
    return issueTokens(db, {
      clientId: claimed.clientId,
      userId: claimed.userId,
      scopes: claimed.scopes.split(' '),
      familyId: claimed.familyId,
      now: p.now,
    });
  }
  const [known] = await db.select().from(xTokens).where(eq(xTokens.tokenHash, hash));
  if (known?.kind === 'refresh' && known.rotatedAt) await revokeFamily(db, known.familyId, p.now);
  return null;
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(xTokens)
    .set({ revokedAt: now })
    .where(and(eq(xTokens.familyId, familyId), isNull(xTokens.revokedAt)));
}

/** RFC 7009: revoking a refresh token ends its whole grant; an access token only itself. */
export async function revokeToken(db: Db, p: { token: string; clientId: string; now: Date }) {
  const [row] = await db
    .select()
    .from(xTokens)
    .where(and(eq(xTokens.tokenHash, sha256Hex(p.token)), eq(xTokens.clientId, p.clientId)));
  if (!row || row.kind === 'app') return;
  if (row.kind === 'refresh') return revokeFamily(db, row.familyId, p.now);
  await db.update(xTokens).set({ revokedAt: p.now }).where(eq(xTokens.tokenHash, row.tokenHash));
}
