import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runExternalAction } from './external-action';
import { authorizationStatusQueryOptions } from './get-authorization-status';

/** POST /api/twitter/revoke-external: deletes the stored tokens; outside posting stops. */
export function revokeExternal() {
  return runExternalAction('/api/twitter/revoke-external', {
    success: 'Authorization revoked successfully.',
    failure: 'Revocation failed',
  });
}

/** The status is fetched again after the action, whatever its outcome. */
export function useRevokeExternal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeExternal,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: authorizationStatusQueryOptions().queryKey }),
  });
}
