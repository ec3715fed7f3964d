import type { CurrentUser } from '@/shared/auth/contract.ts';
import type { SessionUser } from './sessions.ts';

/** The `/api/auth/me` user object (the auth contract's, plus what the dashboard shows). */
export function toUserResponse(user: SessionUser, dagAddress: string | null): CurrentUser {
  return {
    username: user.username,
    displayName: user.displayName,
    profileImageUrl: user.profileImageUrl,
    twitterId: user.xUserId,
    /** When this person first signed in here ("Member Since"). */
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    /** When the X account itself was created, if X said. */
    xCreatedAt: user.xCreatedAt?.toISOString() ?? null,
    linkedWalletAddress: user.linkedWalletAddress,
    dagAddress,
  };
}
