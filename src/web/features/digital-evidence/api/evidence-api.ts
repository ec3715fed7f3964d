import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  evidenceDetailSchema,
  evidenceListSchema,
  livePostSchema,
  tweetStatusSchema,
} from '@/shared/evidence/contract';
import { getJson } from '@/web/lib/api-client';

/** Search is trimmed and an empty search is omitted from the query. */
export function evidenceListUrl(search: string, cursor?: string | null): string {
  const params = new URLSearchParams();
  const term = search.trim();
  if (term) params.set('search', term);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/api/digital-evidence?${query}` : '/api/digital-evidence';
}

/** Refetch every 60 s, stale after 30 s; more pages follow the keyset cursor. */
export function useEvidenceList(search: string) {
  const term = search.trim();
  return useInfiniteQuery({
    queryKey: ['/api/digital-evidence', term],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      getJson(evidenceListUrl(term, pageParam), evidenceListSchema, signal),
    getNextPageParam: (last) => last.nextCursor ?? null,
    refetchInterval: 60_000,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** The detail query runs only if a tweet id is present. */
export function useEvidenceDetail(tweetId: string) {
  return useQuery({
    queryKey: ['/api/digital-evidence', 'detail', tweetId],
    enabled: Boolean(tweetId),
    retry: false,
    queryFn: ({ signal }) =>
      getJson(`/api/digital-evidence/${encodeURIComponent(tweetId)}`, evidenceDetailSchema, signal),
  });
}

export function useTweetStatus(tweetId: string) {
  return useQuery({
    queryKey: ['/api/tweet-status', tweetId],
    enabled: Boolean(tweetId),
    retry: false,
    queryFn: ({ signal }) =>
      getJson(`/api/tweet-status/${encodeURIComponent(tweetId)}`, tweetStatusSchema, signal),
  });
}

export function useLivePost(tweetId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/tweet', tweetId],
    enabled: enabled && Boolean(tweetId),
    retry: false,
    queryFn: async ({ signal }) =>
      (await getJson(`/api/tweet/${encodeURIComponent(tweetId)}`, livePostSchema, signal)).data,
  });
}
