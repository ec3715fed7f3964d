import { apiRequest, readServerErrorText, throwIfResNotOk } from '@/web/lib/api-client';

/** The signed-in user as GET /api/auth/me returns it (spec §3); the whole body is the user. */
export interface CurrentUser {
  username: string;
  displayName: string;
  profileImageUrl?: string | null;
  twitterId: string;
  createdAt: string;
  lastLoginAt: string;
  /** The user's own DAG wallet, linked on /settings. */
  linkedWalletAddress?: string | null;
}

export const CURRENT_USER_KEY = ['/api/auth/me'] as const;

/** Spec §4: 401 means signed out; any other failure also yields no user, and is logged. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const res = await fetch(CURRENT_USER_KEY[0], { credentials: 'include', signal });
    if (res.status === 401) {
      // Read the (small) error body so the request completes instead of idling unread.
      await res.text();
      return null;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as CurrentUser;
  } catch (err) {
    if (!signal?.aborted) console.error('Failed to fetch user', err);
    return null;
  }
}

/**
 * The server's sign-in entry point; `returnTo` brings the visitor back to the page (and
 * query string) they signed in from.
 */
export function loginUrl(pathname: string, search: string): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  return `/api/auth/twitter/login?returnTo=${encodeURIComponent(`${pathname}${query}`)}`;
}

export async function postLogout(): Promise<void> {
  const res = await apiRequest('POST', '/api/auth/logout');
  if (!res.ok) throw new Error('Logout failed');
}

export async function postLinkWallet(payload: { walletAddress: string }): Promise<unknown> {
  const res = await apiRequest('POST', '/api/auth/link-wallet', payload);
  if (!res.ok) throw new Error((await readServerErrorText(res)) ?? 'Failed to link wallet');
  return res.json().catch(() => null);
}
