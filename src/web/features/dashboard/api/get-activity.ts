import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  type ActivityKind,
  activityPageSchema,
  activityTotalSchema,
} from '@/shared/activity/contract';
import { getJson } from '@/web/lib/api-client';

export type { ActivityItem, ActivityKind, ActivityPage } from '@/shared/activity/contract';

const ACTIVITY_KEY = '/api/activity';

const pageUrl = (kind: ActivityKind | null, cursor: string | null) => {
  const q = new URLSearchParams();
  if (kind) q.set('kind', kind);
  if (cursor) q.set('cursor', cursor);
  const query = q.toString();
  return query ? `${ACTIVITY_KEY}?${query}` : ACTIVITY_KEY;
};

/** The CSV of the whole history (of one kind): a download, so a plain link. */
export const activityCsvUrl = (kind: ActivityKind | null) =>
  kind ? `${ACTIVITY_KEY}/export.csv?kind=${kind}` : `${ACTIVITY_KEY}/export.csv`;

/**
 * GET /api/activity: the signed-in user's wallet history, newest first, a keyset page at a
 * time ("Load more" asks for the page after the last cursor).
 */
export const activityQueryOptions = (kind: ActivityKind | null) =>
  infiniteQueryOptions({
    queryKey: [ACTIVITY_KEY, kind ?? 'all'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      getJson(pageUrl(kind, pageParam), activityPageSchema, signal, { cache: 'no-cache' }),
    getNextPageParam: (last) => last.nextCursor,
  });

export function useActivity(kind: ActivityKind | null) {
  return useInfiniteQuery(activityQueryOptions(kind));
}

/** GET /api/activity/total: the confirmed UP total (of one kind) at today's price. */
export const activityTotalQueryOptions = (kind: ActivityKind | null) =>
  queryOptions({
    queryKey: [ACTIVITY_KEY, 'total', kind ?? 'all'],
    queryFn: ({ signal }) =>
      getJson(
        kind ? `${ACTIVITY_KEY}/total?kind=${kind}` : `${ACTIVITY_KEY}/total`,
        activityTotalSchema,
        signal,
        { cache: 'no-cache' },
      ),
  });

export function useActivityTotal(kind: ActivityKind | null) {
  return useQuery(activityTotalQueryOptions(kind));
}
