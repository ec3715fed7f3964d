/** The sign-in error banner shows for 10 s. */
export const AUTH_ERROR_BANNER_MS = 10_000;

/** A Map, not an object literal: `?error=constructor` must not find Object.prototype's. */
const FIXED_MESSAGES = new Map([
  ['invalid_state', 'Invalid request. Please try logging in again.'],
  ['session_expired', 'Your session expired. Please try logging in again.'],
  ['no_code', 'Authorization failed - no code received from Twitter.'],
]);

const GENERIC = 'Authentication failed. Please try again.';

/**
 * The banner text for the `error` and `message` query parameters
 * the server's sign-in redirects back with. Null when there is no error to show.
 */
export function authErrorMessage(error: string | null, message: string | null): string | null {
  if (!error) return null;
  const detail = message?.trim() || null;
  switch (error) {
    case 'twitter_oauth_failed':
      return detail ?? 'Twitter authorization failed. Please try again or contact support.';
    case 'auth_failed':
      return detail ?? GENERIC;
    default:
      return FIXED_MESSAGES.get(error) ?? GENERIC;
  }
}

/** Reads the banner text from a query string such as `?error=no_code`. */
export function authErrorFromSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  return authErrorMessage(params.get('error'), params.get('message'));
}
