import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AuthorizationStatus, authorizationStatusSchema } from '@/shared/external/contract';
import { failedStatus, getJson } from '@/web/lib/api-client';

export type { AuthorizationStatus, ProjectRef } from '@/shared/external/contract';

export const NOT_AUTHORIZED: AuthorizationStatus = {
  isAuthorized: false,
  state: 'not_authorized',
  scopes: [],
  expiresAt: null,
  lastUsedAt: null,
  allowedProjects: [],
};

const AUTHORIZATION_STATUS_URL = '/api/twitter/authorization-status';

/**
 * A non-OK answer means "not authorized"; so does a failed request or a body of another
 * shape than the shared contract (those two logged).
 */
export async function fetchAuthorizationStatus(signal?: AbortSignal) {
  try {
    return await getJson(AUTHORIZATION_STATUS_URL, authorizationStatusSchema, signal);
  } catch (err) {
    if (!signal?.aborted && failedStatus(err) === null) {
      console.error('Failed to fetch authorization status', err);
    }
    return NOT_AUTHORIZED;
  }
}

export const authorizationStatusQueryOptions = () =>
  queryOptions({
    queryKey: [AUTHORIZATION_STATUS_URL],
    queryFn: ({ signal }) => fetchAuthorizationStatus(signal),
    refetchOnMount: 'always',
  });

export function useAuthorizationStatus() {
  return useQuery(authorizationStatusQueryOptions());
}
