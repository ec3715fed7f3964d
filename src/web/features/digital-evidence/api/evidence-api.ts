import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  evidenceDetailSchema,
  evidenceListSchema,
  livePostSchema,
  tweetStatusSchema,
} from '@/shared/evidence/contract';
import { getJson } from '@/web/lib/api-client';

const EVIDENCE_URL = '/api/digital-evidence';

/** Search is trimmed and an empty search is omitted from the query. */
export function evidenceListUrl(search: string, cursor?: string | null): string {
  const params = new URLSearchParams();
  const term = search.trim();
  if (term) params.set('search', term);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${EVIDENCE_URL}?${query}` : EVIDENCE_URL;
}

/** Refetch every 60 s, stale after 30 s; more pages follow the keyset cursor. */
export const evidenceListQueryOptions = (search: string) => {
  const term = search.trim();
  return infiniteQueryOptions({
    queryKey: [EVIDENCE_URL, term],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      getJson(evidenceListUrl(term, pageParam), evidenceListSchema, signal),
    getNextPageParam: (last) => last.nextCursor ?? null,
    refetchInterval: 60_000,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
};

export function useEvidenceList(search: string) {
  return useInfiniteQuery(evidenceListQueryOptions(search));
}

/** The detail query runs only if a tweet id is present. */
export const evidenceDetailQueryOptions = (tweetId: string) =>
  queryOptions({
    queryKey: [EVIDENCE_URL, 'detail', tweetId],
    enabled: Boolean(tweetId),
    retry: false,
    queryFn: ({ signal }) =>
      getJson(`${EVIDENCE_URL}/${encodeURIComponent(tweetId)}`, evidenceDetailSchema, signal),
  });

export function useEvidenceDetail(tweetId: string) {
  return useQuery(evidenceDetailQueryOptions(tweetId));
}

export const tweetStatusQueryOptions = (tweetId: string) =>
  queryOptions({
    queryKey: ['/api/tweet-status', tweetId],
    enabled: Boolean(tweetId),
    retry: false,
    queryFn: ({ signal }) =>
      getJson(`/api/tweet-status/${encodeURIComponent(tweetId)}`, tweetStatusSchema, signal),
  });

export function useTweetStatus(tweetId: string) {
  return useQuery(tweetStatusQueryOptions(tweetId));
}

export const livePostQueryOptions = (tweetId: string) =>
  queryOptions({
    queryKey: ['/api/tweet', tweetId],
    enabled: Boolean(tweetId),
    retry: false,
    queryFn: async ({ signal }) =>
      (await getJson(`/api/tweet/${encodeURIComponent(tweetId)}`, livePostSchema, signal)).data,
  });

export function useLivePost(tweetId: string, enabled: boolean) {
  return useQuery({ ...livePostQueryOptions(tweetId), enabled: enabled && Boolean(tweetId) });
}
