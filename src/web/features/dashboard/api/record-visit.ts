import { queryOptions, useQuery } from '@tanstack/react-query';
import { firstVisitSchema } from '@/shared/activity/contract';
import { apiRequest, throwIfResNotOk } from '@/web/lib/api-client';

const DASHBOARD_VISIT_URL = '/api/activity/visit';

/** A POST, so not through getJson: recording the visit is what it is for. */
async function recordVisit() {
  const res = await apiRequest('POST', DASHBOARD_VISIT_URL);
  await throwIfResNotOk(res);
  return firstVisitSchema.parse(await res.json());
}

/**
 * POST /api/activity/visit, once per user per page load: the server says whether this is the
 * person's first dashboard visit ("Your wallet is ready") or a later one ("Welcome back").
 * Kept as a query that never goes stale, so a re-render or a remount asks nothing again and
 * keeps the first answer for as long as the page is open.
 */
export const dashboardVisitQueryOptions = (xUserId: string) =>
  queryOptions({
    queryKey: [DASHBOARD_VISIT_URL, xUserId],
    queryFn: recordVisit,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useDashboardVisit(xUserId: string) {
  return useQuery(dashboardVisitQueryOptions(xUserId));
}
