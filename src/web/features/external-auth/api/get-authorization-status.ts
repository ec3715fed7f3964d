import { queryOptions, useQuery } from '@tanstack/react-query';
import { asRecord, listField, stringField } from '@/web/lib/json-fields';

export interface ProjectRef {
  id: string;
  name: string;
}

/** GET /api/twitter/authorization-status (spec §3 External authorization status). */
export interface AuthorizationStatus {
  isAuthorized: boolean;
  /** 'not_authorized' | 'authorized' | 'needs_reauthorization' (the last: sign in with X again). */
  state: string;
  scopes: string[];
  expiresAt: string | null;
  lastUsedAt: string | null;
  allowedProjects: ProjectRef[];
}

export const NOT_AUTHORIZED: AuthorizationStatus = {
  isAuthorized: false,
  state: 'not_authorized',
  scopes: [],
  expiresAt: null,
  lastUsedAt: null,
  allowedProjects: [],
};

export function readProjectRef(value: unknown): ProjectRef | null {
  const p = asRecord(value);
  const id = stringField(p?.id);
  const name = stringField(p?.name);
  return id && name ? { id, name } : null;
}

export function parseAuthorizationStatus(body: unknown): AuthorizationStatus {
  const b = asRecord(body);
  if (!b) return NOT_AUTHORIZED;
  return {
    isAuthorized: b.isAuthorized === true,
    state: stringField(b.state) ?? (b.isAuthorized === true ? 'authorized' : 'not_authorized'),
    scopes: listField(b.scopes, stringField),
    expiresAt: stringField(b.expiresAt),
    lastUsedAt: stringField(b.lastUsedAt),
    allowedProjects: listField(b.allowedProjects, readProjectRef),
  };
}

export const AUTHORIZATION_STATUS_KEY = ['/api/twitter/authorization-status'] as const;

/** Spec §7: a non-OK answer means "not authorized"; so does a failed request (logged). */
export async function fetchAuthorizationStatus(signal?: AbortSignal) {
  try {
    const res = await fetch(AUTHORIZATION_STATUS_KEY[0], { credentials: 'include', signal });
    if (!res.ok) return NOT_AUTHORIZED;
    return parseAuthorizationStatus(await res.json());
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
