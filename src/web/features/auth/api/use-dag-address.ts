import { useQuery } from '@tanstack/react-query';
import { defaultQueryFn } from '@/web/lib/api-client';

/**
 * The user's DAG address for the user menu. Runs only once signed in (spec §4); a failure is
 * logged and shows as "no address" (spec §8).
 */
export function useDagAddress(enabled: boolean) {
  const query = useQuery({
    queryKey: ['/api/auth/dag-address'],
    enabled,
    queryFn: async (ctx) => {
      try {
        const body = (await defaultQueryFn(ctx)) as { dagAddress?: string | null } | null;
        return body?.dagAddress || null;
      } catch (err) {
        console.error('Failed to fetch DAG address', err);
        return null;
      }
    },
  });
  return { dagAddress: query.data ?? null, isLoading: query.isLoading };
}
