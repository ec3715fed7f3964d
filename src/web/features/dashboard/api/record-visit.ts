import { useQuery } from '@tanstack/react-query';
import { firstVisitSchema } from '@/shared/activity/contract';
import { apiRequest, throwIfResNotOk } from '@/web/lib/api-client';

export const DASHBOARD_VISIT_KEY = '/api/activity/visit';

async function recordVisit() {
  const res = await apiRequest('POST', DASHBOARD_VISIT_KEY);
  await throwIfResNotOk(res);
  return firstVisitSchema.parse(await res.json());
}

/**
 * POST /api/activity/visit, once per user per page load: the server says whether this is the
 * person's first dashboard visit ("Your wallet is ready") or a later one ("Welcome back").
 * Kept as a query that never goes stale, so a re-render or a remount asks nothing again and
 * keeps the first answer for as long as the page is open.
 */
export function useDashboardVisit(xUserId: string) {
  return useQuery({
    queryKey: [DASHBOARD_VISIT_KEY, xUserId],
    queryFn: recordVisit,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
