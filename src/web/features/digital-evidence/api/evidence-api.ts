import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  evidenceDetailSchema,
  evidenceListSchema,
  livePostSchema,
  tweetStatusSchema,
} from '@/shared/evidence/contract';

async function getJson(url: string, failure: string, signal?: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (!res.ok) {
    // Unread, the body would hold the request open in the browser (its message is fixed here).
    await res.body?.cancel();
    throw new Error(failure);
  }
  return res.json();
}

/** Spec §5: search is trimmed and an empty search is omitted from the query. */
export function evidenceListUrl(search: string, cursor?: string | null): string {
  const params = new URLSearchParams();
  const term = search.trim();
  if (term) params.set('search', term);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/api/digital-evidence?${query}` : '/api/digital-evidence';
}

/** Spec §7: refetch every 60 s, stale after 30 s; more pages follow the keyset cursor. */
export function useEvidenceList(search: string) {
  const term = search.trim();
  return useInfiniteQuery({
    queryKey: ['/api/digital-evidence', term],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      evidenceListSchema.parse(
        await getJson(evidenceListUrl(term, pageParam), 'Failed to fetch digital evidence', signal),
      ),
    getNextPageParam: (last) => last.nextCursor ?? null,
    refetchInterval: 60_000,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** Spec §5: the detail query runs only if a tweet id is present. */
export function useEvidenceDetail(tweetId: string) {
  return useQuery({
    queryKey: ['/api/digital-evidence', 'detail', tweetId],
    enabled: Boolean(tweetId),
    retry: false,
    queryFn: async ({ signal }) =>
      evidenceDetailSchema.parse(
        await getJson(
          `/api/digital-evidence/${encodeURIComponent(tweetId)}`,
          'Failed to fetch tweet details',
          signal,
        ),
      ),
  });
}

export function useTweetStatus(tweetId: string) {
  return useQuery({
    queryKey: ['/api/tweet-status', tweetId],
    enabled: Boolean(tweetId),
    retry: false,
    queryFn: async ({ signal }) =>
      tweetStatusSchema.parse(
        await getJson(
          `/api/tweet-status/${encodeURIComponent(tweetId)}`,
          'Tweet not found',
          signal,
        ),
      ),
  });
}

export function useLivePost(tweetId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/tweet', tweetId],
    enabled: enabled && Boolean(tweetId),
    retry: false,
    queryFn: async ({ signal }) =>
      livePostSchema.parse(
        await getJson(`/api/tweet/${encodeURIComponent(tweetId)}`, 'Tweet not found', signal),
      ).data,
  });
}
