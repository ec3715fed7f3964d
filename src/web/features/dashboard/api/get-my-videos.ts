import { queryOptions, useQuery } from '@tanstack/react-query';
import { myVideosSchema } from '@/shared/videos/contract';
import { getJson } from '@/web/lib/api-client';

export type { MyVideo } from '@/shared/videos/contract';

const MY_VIDEOS_URL = '/api/videos/mine';

/** GET /api/videos/mine: the signed-in user's promotion videos, newest first. */
export const myVideosQueryOptions = () =>
  queryOptions({
    queryKey: [MY_VIDEOS_URL],
    queryFn: ({ signal }) => getJson(MY_VIDEOS_URL, myVideosSchema, signal),
  });

export function useMyVideos() {
  return useQuery(myVideosQueryOptions());
}
