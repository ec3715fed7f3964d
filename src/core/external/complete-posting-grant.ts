import type { XTokens } from '@/integrations/x/index.ts';
import type { CoreDeps } from '../deps.ts';
import { EXTERNAL_REQUIRED_SCOPES } from './authorization.ts';
import { saveGrantedTokens } from './user-tokens.ts';

/** Where X sends the user back after granting posting: the page says it worked. */
export const GRANT_DONE_PATH = '/authorize-twitter?authorized=1';

/**
 * The end of a posting grant started on /authorize-twitter (decision 0045): the X account that
 * granted must be the signed-in user's, and X must have granted every posting scope; then the
 * tokens are kept for the user's allowed outside projects. The session stays as it was.
 */
export async function completePostingGrant(
  deps: Pick<CoreDeps, 'db' | 'now' | 'tokenCipher'>,
  p: { pending: { xUserId: string | null }; me: { id: string; username: string }; tokens: XTokens },
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!p.pending.xUserId || p.me.id !== p.pending.xUserId) {
    return {
      ok: false,
      message: `You allowed posting as @${p.me.username}, which is not the account you are signed in with.`,
    };
  }
  if (
    !EXTERNAL_REQUIRED_SCOPES.every((s) => p.tokens.scopes.includes(s)) ||
    !p.tokens.refreshToken
  ) {
    return {
      ok: false,
      message: 'X did not grant every permission posting for you needs. Please try again.',
    };
  }
  await saveGrantedTokens(deps, p.me.id, p.tokens);
  return { ok: true };
}
