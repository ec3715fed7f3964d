import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AuthorizationStatus, authorizationStatusSchema } from '@/shared/external/contract';

export type { AuthorizationStatus, ProjectRef } from '@/shared/external/contract';

export const NOT_AUTHORIZED: AuthorizationStatus = {
  isAuthorized: false,
  state: 'not_authorized',
  scopes: [],
  expiresAt: null,
  lastUsedAt: null,
  allowedProjects: [],
};

export const AUTHORIZATION_STATUS_KEY = ['/api/twitter/authorization-status'] as const;

/**
 * A non-OK answer means "not authorized"; so does a failed request or a body of another
 * shape than the shared contract (logged).
 */
export async function fetchAuthorizationStatus(signal?: AbortSignal) {
  try {
    const res = await fetch(AUTHORIZATION_STATUS_KEY[0], { credentials: 'include', signal });
    if (!res.ok) return NOT_AUTHORIZED;
    return authorizationStatusSchema.parse(await res.json());
  } catch (err) {
    if (!signal?.aborted) console.error('Failed to fetch authorization status', err);
    return NOT_AUTHORIZED;
  }
}

export const authorizationStatusQueryOptions = () =>
  queryOptions({
    queryKey: AUTHORIZATION_STATUS_KEY,
    queryFn: ({ signal }) => fetchAuthorizationStatus(signal),
    refetchOnMount: 'always',
  });

export function useAuthorizationStatus() {
  return useQuery(authorizationStatusQueryOptions());
}
