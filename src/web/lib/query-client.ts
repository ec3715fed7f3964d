import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from '@/web/lib/api-client';

/**
 * Defaults: data is fetched once and kept (no interval, no refetch on focus, never
 * stale) and nothing is retried. Screens that poll say so on their own queries.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
