import type { CurrentUser, LinkWalletResponse } from '@/shared/auth/contract';
import { apiRequest, failedStatus, getJson, readServerErrorText } from '@/web/lib/api-client';
import { asRecord, stringField } from '@/web/lib/json-fields';

export type { CurrentUser } from '@/shared/auth/contract';

/**
 * Reads GET /api/auth/me with a reader typed by the shared contract (zod stays off the landing
 * route): a body without the user's name and id is no user.
 */
export function readCurrentUser(body: unknown): CurrentUser | null {
  const b = asRecord(body);
  const username = stringField(b?.username);
  const twitterId = stringField(b?.twitterId);
  if (!b || !username || !twitterId) return null;
  return {
    username,
    displayName: stringField(b.displayName) ?? username,
    profileImageUrl: stringField(b.profileImageUrl),
    twitterId,
    createdAt: stringField(b.createdAt) ?? '',
    lastLoginAt: stringField(b.lastLoginAt),
    xCreatedAt: stringField(b.xCreatedAt),
    linkedWalletAddress: stringField(b.linkedWalletAddress),
    dagAddress: stringField(b.dagAddress),
  };
}

/** Reads POST /api/auth/link-wallet's answer (typed by the shared contract). */
export function readLinkWallet(body: unknown): LinkWalletResponse | null {
  const walletAddress = stringField(asRecord(body)?.walletAddress);
  return walletAddress ? { success: true, walletAddress } : null;
}

const CURRENT_USER_URL = '/api/auth/me';

/**
 * 401 means signed out; any other failure also yields no user, and is logged. Plain state in
 * `auth-context`, not a query: the landing carries no TanStack Query (decision 0026).
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await getJson(CURRENT_USER_URL, { parse: readCurrentUser }, signal);
  } catch (err) {
    if (!signal?.aborted && failedStatus(err) !== 401) console.error('Failed to fetch user', err);
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

export async function postLinkWallet(payload: {
  walletAddress: string;
}): Promise<LinkWalletResponse | null> {
  const res = await apiRequest('POST', '/api/auth/link-wallet', payload);
  if (!res.ok) throw new Error((await readServerErrorText(res)) ?? 'Failed to link wallet');
  return readLinkWallet(await res.json().catch(() => null));
}
