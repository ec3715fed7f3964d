import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runExternalAction } from './external-action';
import { AUTHORIZATION_STATUS_KEY } from './get-authorization-status';

/** POST /api/twitter/authorize-external: let allowed outside projects post as the user. */
export function authorizeExternal() {
  return runExternalAction('/api/twitter/authorize-external', {
    success: 'Authorization successful! Your tokens have been stored securely.',
    failure: 'Authorization failed',
  });
}

/** The status is fetched again after the action, whatever its outcome. */
export function useAuthorizeExternal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authorizeExternal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUTHORIZATION_STATUS_KEY }),
  });
}
