import { useQuery } from '@tanstack/react-query';
import { analysisSchema } from '@/shared/analyses/contract';

/** GET /api/analyses/:id, checked against the shared contract. A 404 is final (no retry). */
export function useAnalysis(id: string) {
  return useQuery({
    queryKey: ['/api/analyses', id],
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) => {
      const res = await fetch(`/api/analyses/${encodeURIComponent(id)}`, { signal });
      if (!res.ok) throw new Error(res.status === 404 ? 'not_found' : 'Failed to load analysis');
      return analysisSchema.parse(await res.json());
    },
  });
}
