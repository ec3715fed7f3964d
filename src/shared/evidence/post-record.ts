import * as z from 'zod/mini';
import { canonicalJson } from './canonical-json.ts';
import { sha256Hex } from './hex.ts';

/**
 * The fields that define a post's content, as fingerprinted. Version 1. The archive stores this
 * record; anyone can re-serialize it with RFC 8785 and compare SHA-256 with `contentHash`.
 * Counts (likes, views) are left out on purpose: they change without the content changing.
 */
export const postRecordSchema = z.object({
  version: z.literal(1),
  platform: z.literal('x'),
  tweetId: z.string().check(z.regex(/^[0-9]{1,19}$/)),
  author: z.object({ id: z.string(), username: z.string() }),
  createdAt: z.nullable(z.string()),
  text: z.string(),
  media: z.array(z.object({ type: z.string(), url: z.nullable(z.string()) })),
  entities: z.object({
    mentions: z.array(z.string()),
    hashtags: z.array(z.string()),
    urls: z.array(z.string()),
  }),
});
export type PostRecord = z.infer<typeof postRecordSchema>;

export const contentHashOf = (record: PostRecord) => sha256Hex(canonicalJson(record));

export { shortHash } from './hash-labels.ts';
