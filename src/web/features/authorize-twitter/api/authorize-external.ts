import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runExternalAction } from './external-action';
import { authorizationStatusQueryOptions } from './get-authorization-status';

/** Shown after X's consent brings the browser back (`?authorized=1`), and after a re-check. */
export const AUTHORIZED_TEXT = 'Authorization successful! Your tokens have been stored securely.';

/** X's consent for posting: the only place the posting scopes are asked (sign-in reads only). */
export const X_POSTING_CONSENT_PATH = '/api/twitter/authorize';

/**
 * POST /api/twitter/authorize-external: let allowed outside projects post as the user. Without
 * a posting grant yet the server answers `x_consent_required`, and the browser goes to X's
 * consent page, which lists what is asked; X brings it back to /authorize-twitter.
 */
export function authorizeExternal(
  go: (url: string) => void = (url) => window.location.assign(url),
) {
  return runExternalAction(
    '/api/twitter/authorize-external',
    { success: AUTHORIZED_TEXT, failure: 'Authorization failed' },
    {
      code: 'x_consent_required',
      to: X_POSTING_CONSENT_PATH,
      message: 'Continuing on X…',
      go,
    },
  );
}

/** The status is fetched again after the action, whatever its outcome. */
export function useAuthorizeExternal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => authorizeExternal(),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: authorizationStatusQueryOptions().queryKey }),
  });
}
