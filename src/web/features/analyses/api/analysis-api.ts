import { queryOptions, useQuery } from '@tanstack/react-query';
import { analysisSchema } from '@/shared/analyses/contract';
import { getJson } from '@/web/lib/api-client';

const ANALYSES_URL = '/api/analyses';

/** GET /api/analyses/:id, checked against the shared contract. A 404 is final (no retry). */
export const analysisQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [ANALYSES_URL, id],
    enabled: Boolean(id),
    retry: false,
    queryFn: ({ signal }) =>
      getJson(`${ANALYSES_URL}/${encodeURIComponent(id)}`, analysisSchema, signal, {
        failure: (status) => (status === 404 ? 'not_found' : 'Failed to load analysis'),
      }),
  });

export function useAnalysis(id: string) {
  return useQuery(analysisQueryOptions(id));
}
