import { useQuery } from '@tanstack/react-query';
import { myVideosSchema } from '@/shared/videos/contract';
import { getJson } from '@/web/lib/api-client';

export type { MyVideo } from '@/shared/videos/contract';

const MY_VIDEOS_KEY = '/api/videos/mine';

/** GET /api/videos/mine: the signed-in user's promotion videos, newest first. */
export function useMyVideos() {
  return useQuery({
    queryKey: [MY_VIDEOS_KEY],
    queryFn: ({ signal }) => getJson(MY_VIDEOS_KEY, myVideosSchema, signal),
  });
}
