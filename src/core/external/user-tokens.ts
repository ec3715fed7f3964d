import { eq } from 'drizzle-orm';
import { xUserTokens } from '@/db/schema/index.ts';
import type { XTokens } from '@/integrations/x/index.ts';
import type { CoreDeps } from '../deps.ts';

export type TokenDeps = Pick<CoreDeps, 'db' | 'now' | 'tokenCipher'>;
export type TokenRow = typeof xUserTokens.$inferSelect;

/** Binds each ciphertext to its row and column: copied elsewhere, it fails the MAC check. */
export const tokenAad = (xUserId: string, column: 'access' | 'refresh') =>
  `x_user_tokens:${xUserId}:${column}`;

/** The columns that hold a token set, sealed with the current key. */
export function sealTokens(deps: TokenDeps, xUserId: string, tokens: XTokens) {
  return {
    keyId: deps.tokenCipher.currentKeyId,
    accessTokenEnc: deps.tokenCipher.seal(tokens.accessToken, tokenAad(xUserId, 'access')),
    refreshTokenEnc: tokens.refreshToken
      ? deps.tokenCipher.seal(tokens.refreshToken, tokenAad(xUserId, 'refresh'))
      : null,
    expiresAt: tokens.expiresAt,
    scopes: tokens.scopes.join(' '),
  };
}

/**
 * Keeps the tokens the user granted on /authorize-twitter (the posting scopes, knowingly) and
 * lets the user's allowed outside projects use them from now (`authorized_at`). They replace
 * older ones and clear a needs_reauthorization state.
 */
export async function saveGrantedTokens(deps: TokenDeps, xUserId: string, tokens: XTokens) {
  const values = {
    ...sealTokens(deps, xUserId, tokens),
    status: 'active' as const,
    refreshLeaseUntil: null,
    authorizedAt: deps.now(),
    updatedAt: deps.now(),
  };
  await deps.db
    .insert(xUserTokens)
    .values({ xUserId, ...values })
    .onConflictDoUpdate({ target: xUserTokens.xUserId, set: values });
}

export async function getTokenRow(deps: Pick<CoreDeps, 'db'>, xUserId: string) {
  const [row] = await deps.db.select().from(xUserTokens).where(eq(xUserTokens.xUserId, xUserId));
  return row ?? null;
}

/** Decrypts a row's tokens; a tampered value throws TokenIntegrityError, never garbage. */
export function openTokens(deps: Pick<CoreDeps, 'tokenCipher'>, row: TokenRow) {
  return {
    accessToken: deps.tokenCipher.open(row.accessTokenEnc, tokenAad(row.xUserId, 'access')),
    refreshToken: row.refreshTokenEnc
      ? deps.tokenCipher.open(row.refreshTokenEnc, tokenAad(row.xUserId, 'refresh'))
      : null,
  };
}

export function scopesOf(row: TokenRow): string[] {
  return row.scopes.split(' ').filter(Boolean);
}
