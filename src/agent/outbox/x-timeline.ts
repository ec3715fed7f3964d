import { z } from 'zod';
import { type FetchFn, parseApiResponse, send } from '@/integrations/x/index.ts';

const timelineSchema = z.object({
  data: z
    .array(
      z
        .object({
          id: z.string(),
          text: z.string(),
          referenced_tweets: z.array(z.object({ type: z.string(), id: z.string() })).optional(),
        })
        .loose(),
    )
    .default([]),
  meta: z.object({ next_token: z.string().optional() }).loose().optional(),
});

/**
 * GET /2/users/:id/tweets, used to answer "did our reply to this post already go out?" after
 * a crash or X's 403 duplicate-content answer. Looks through the agent's recent posts.
 */
export function createTimelineReader(apiUrl: string, fetchFn: FetchFn = (u, i) => fetch(u, i)) {
  return {
    /**
     * Our post that replies to (or, with `type` 'quoted', quotes) the post `refId`, other than
     * the posts in `skip` (those another outbox row already sent under the same post).
     */
    async findReplyTo(
      token: string,
      userId: string,
      refId: string,
      pages = 3,
      type: 'replied_to' | 'quoted' = 'replied_to',
      skip: ReadonlySet<string> = new Set(),
    ) {
      let paginationToken: string | undefined;
      for (let i = 0; i < pages; i++) {
        const url = new URL(`${apiUrl}/2/users/${encodeURIComponent(userId)}/tweets`);
        url.searchParams.set('max_results', '100');
        url.searchParams.set('tweet.fields', 'referenced_tweets,created_at');
        if (paginationToken) url.searchParams.set('pagination_token', paginationToken);
        const res = await send(
          fetchFn,
          url.toString(),
          { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
          15_000,
        );
        const { body } = await parseApiResponse(res, timelineSchema);
        const found = body.data.find(
          (t) =>
            !skip.has(t.id) && t.referenced_tweets?.some((r) => r.type === type && r.id === refId),
        );
        if (found) return { id: found.id, text: found.text };
        paginationToken = body.meta?.next_token;
        if (!paginationToken) break;
      }
      return null;
    },
  };
}

export type TimelineReader = ReturnType<typeof createTimelineReader>;
