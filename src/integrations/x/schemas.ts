import { z } from 'zod';

/** Response shapes of the X endpoints the product uses (integrations.md §1). Unknown keys pass. */

export const tokenResponseSchema = z.object({
  token_type: z.string(),
  access_token: z.string().min(1),
  expires_in: z.number().int().positive().optional(),
  scope: z.string().default(''),
  refresh_token: z.string().min(1).optional(),
});

export const xUserSchema = z.object({
  id: z.string().regex(/^\d+$/),
  username: z.string().min(1),
  // A default field, yet X's own post-lookup example expands an author without it.
  name: z.string().default(''),
  profile_image_url: z.string().optional(),
  created_at: z.string().optional(),
  description: z.string().optional(),
  verified: z.boolean().optional(),
  public_metrics: z.looseObject({ followers_count: z.number().int() }).optional(),
});
export type XUser = z.infer<typeof xUserSchema>;

const referencedTweetSchema = z.object({
  type: z.enum(['retweeted', 'quoted', 'replied_to']),
  id: z.string(),
});

export const xTweetSchema = z.object({
  id: z.string(),
  text: z.string(),
  author_id: z.string().optional(),
  created_at: z.string().optional(),
  conversation_id: z.string().optional(),
  in_reply_to_user_id: z.string().optional(),
  referenced_tweets: z.array(referencedTweetSchema).optional(),
  entities: z
    .object({
      mentions: z
        .array(
          z
            .object({
              start: z.number(),
              end: z.number(),
              username: z.string(),
              id: z.string().optional(),
            })
            .loose(),
        )
        .optional(),
    })
    .loose()
    .optional(),
  /** Every version of an edited post, oldest first (a default field on every post). */
  edit_history_tweet_ids: z.array(z.string().regex(/^\d+$/)).optional(),
  /** The same list under the name the newest OpenAPI (v2.167) gives it. */
  edit_history_post_ids: z.array(z.string().regex(/^\d+$/)).optional(),
  public_metrics: z
    .looseObject({
      retweet_count: z.number().int(),
      reply_count: z.number().int(),
      like_count: z.number().int(),
      quote_count: z.number().int(),
    })
    .optional(),
});
export type XTweet = z.infer<typeof xTweetSchema>;

/** A partial error inside a 200 response (e.g. user not found). */
export const partialErrorSchema = z
  .object({
    title: z.string().optional(),
    detail: z.string().optional(),
    type: z.string().optional(),
  })
  .loose();

const includesSchema = z
  .object({ users: z.array(xUserSchema).optional(), tweets: z.array(xTweetSchema).optional() })
  .loose();

export const singleUserResponseSchema = z.object({
  data: xUserSchema.optional(),
  errors: z.array(partialErrorSchema).optional(),
});

export const singleTweetResponseSchema = z.object({
  data: xTweetSchema.optional(),
  includes: includesSchema.optional(),
  errors: z.array(partialErrorSchema).optional(),
});

export const mentionsResponseSchema = z.object({
  data: z.array(xTweetSchema).default([]),
  includes: includesSchema.default({}),
  meta: z
    .object({
      result_count: z.number().int(),
      newest_id: z.string().optional(),
      oldest_id: z.string().optional(),
      next_token: z.string().optional(),
    })
    .loose(),
});
export type XMentionsPage = z.infer<typeof mentionsResponseSchema>;

/** GET /2/tweets?ids= and GET /2/tweets/search/recent: a list with partial errors. */
export const tweetListResponseSchema = z.object({
  data: z.array(xTweetSchema).default([]),
  includes: includesSchema.default({}),
  errors: z.array(partialErrorSchema).optional(),
  meta: z.looseObject({ result_count: z.number().int() }).optional(),
});

/** GET /2/tweets/search/recent: a page of posts, `meta.next_token` while more remain. */
export const searchResponseSchema = z.object({
  data: z.array(xTweetSchema).default([]),
  includes: includesSchema.default({}),
  errors: z.array(partialErrorSchema).optional(),
  meta: z
    .looseObject({
      result_count: z.number().int(),
      newest_id: z.string().optional(),
      oldest_id: z.string().optional(),
      next_token: z.string().optional(),
    })
    .default({ result_count: 0 }),
});

/** GET /2/tweets/:id/liking_users and /retweeted_by: a page of accounts. */
export const userListResponseSchema = z.object({
  data: z.array(xUserSchema).default([]),
  errors: z.array(partialErrorSchema).optional(),
  meta: z
    .looseObject({ result_count: z.number().int(), next_token: z.string().optional() })
    .default({ result_count: 0 }),
});

export const createTweetResponseSchema = z.object({
  data: z.object({ id: z.string(), text: z.string() }).loose(),
});

/** RFC 7807 problem body, or the legacy {errors:[{message}]} / {code,message} shapes. */
export const problemSchema = z
  .object({
    title: z.string().optional(),
    detail: z.string().optional(),
    type: z.string().optional(),
    message: z.string().optional(),
    errors: z.array(z.object({ message: z.string().optional() }).loose()).optional(),
  })
  .loose();

export const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});
