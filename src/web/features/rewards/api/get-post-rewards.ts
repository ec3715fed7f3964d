import { queryOptions, useQuery } from '@tanstack/react-query';
import { myPostRewardsSchema, postRewardDaySchema } from '@/shared/post-rewards/contract';
import { getJson } from '@/web/lib/api-client';

const POSTS_URL = '/api/rewards/posts';
const MINE_URL = '/api/rewards/posts/mine';

/** A scored day of quality-post rewards (the latest when `day` is null), every post and why. */
export const postRewardDayQueryOptions = (day: string | null) => {
  const url = day ? `${POSTS_URL}?day=${encodeURIComponent(day)}` : POSTS_URL;
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => getJson(url, postRewardDaySchema, signal),
    refetchInterval: 60_000,
  });
};

export function usePostRewardDay(day: string | null) {
  return useQuery(postRewardDayQueryOptions(day));
}

/** The signed-in user's rewarded posts (dashboard). */
export const myPostRewardsQueryOptions = () =>
  queryOptions({
    queryKey: [MINE_URL],
    queryFn: async ({ signal }) => (await getJson(MINE_URL, myPostRewardsSchema, signal)).rewards,
  });

export function useMyPostRewards(enabled: boolean) {
  return useQuery({ ...myPostRewardsQueryOptions(), enabled });
}
