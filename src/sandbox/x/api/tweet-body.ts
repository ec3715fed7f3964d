import { ID_PATTERN } from '../ids.ts';
import type { InvalidParameter } from '../problems.ts';

/** Fields of X's TweetCreateRequest; anything else is rejected (additionalProperties: false). */
const TOP_LEVEL = [
  'text',
  'reply',
  'quote_tweet_id',
  'media',
  'poll',
  'reply_settings',
  'for_super_followers_only',
  'nullcast',
  'geo',
  'card_uri',
  'community_id',
  'direct_message_deep_link',
  'edit_options',
  'made_with_ai',
  'paid_partnership',
  'share_with_followers',
];
const REPLY = ['in_reply_to_tweet_id', 'exclude_reply_user_ids', 'auto_populate_reply_metadata'];
/** Valid on X but with nothing to point at locally (no media uploads, places, cards...). */
const UNSUPPORTED = [
  'media',
  'poll',
  'geo',
  'card_uri',
  'community_id',
  'direct_message_deep_link',
  'edit_options',
];
const REPLY_SETTINGS = ['following', 'mentionedUsers', 'subscribers', 'verified'];
export const MAX_WEIGHTED_LENGTH = 280;

export interface TweetCreate {
  text: string;
  inReplyToId?: bigint;
  quotedId?: bigint;
}

const notDefined = (path: string) => ({
  message: `${path}: is not defined in the schema and the schema does not allow additional properties`,
});

export function parseTweetCreate(body: unknown): {
  value?: TweetCreate;
  errors: InvalidParameter[];
} {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { errors: [{ message: '$: object expected' }] };
  }
  const b = body as Record<string, unknown>;
  const errors: InvalidParameter[] = [];
  for (const key of Object.keys(b))
    if (!TOP_LEVEL.includes(key)) errors.push(notDefined(`$.${key}`));
  for (const key of UNSUPPORTED) {
    if (key in b) errors.push({ message: `$.${key}: is not supported by the local X sandbox` });
  }
  if (b.reply_settings !== undefined && !REPLY_SETTINGS.includes(String(b.reply_settings))) {
    errors.push({
      message: `$.reply_settings: does not have a value in the enumeration [${REPLY_SETTINGS.join(', ')}]`,
    });
  }
  const id = (path: string, v: unknown) => {
    if (typeof v === 'string' && ID_PATTERN.test(v)) return BigInt(v);
    errors.push({ message: `${path}: does not match the regex pattern ^[0-9]{1,19}$` });
    return undefined;
  };
  let inReplyToId: bigint | undefined;
  if (b.reply !== undefined) {
    const r = b.reply as Record<string, unknown>;
    if (typeof r !== 'object' || r === null || Array.isArray(r))
      errors.push({ message: '$.reply: object expected' });
    else {
      for (const key of Object.keys(r))
        if (!REPLY.includes(key)) errors.push(notDefined(`$.reply.${key}`));
      if (r.in_reply_to_tweet_id === undefined) {
        errors.push({ message: '$.reply.in_reply_to_tweet_id: is missing but it is required' });
      } else inReplyToId = id('$.reply.in_reply_to_tweet_id', r.in_reply_to_tweet_id);
    }
  }
  const quotedId =
    b.quote_tweet_id === undefined ? undefined : id('$.quote_tweet_id', b.quote_tweet_id);
  const text = b.text;
  if (text !== undefined && typeof text !== 'string')
    errors.push({ message: '$.text: string found, expected' });
  else if (typeof text !== 'string' || text.trim() === '') {
    errors.push({ message: 'Post text is empty. Posts must contain text, media or a poll.' });
  } else if (weightedLength(text) > MAX_WEIGHTED_LENGTH) {
    errors.push({
      message: `Post text is too long: ${weightedLength(text)} weighted characters, the limit is ${MAX_WEIGHTED_LENGTH}.`,
    });
  }
  if (errors.length || typeof text !== 'string') return { errors };
  return { value: { text, inReplyToId, quotedId }, errors };
}

/** twitter-text weighting: URLs count 23, code points outside Latin-ish ranges count 2. */
export function weightedLength(text: string): number {
  const withoutUrls = text.replace(/https?:\/\/\S+/g, '');
  const urls = text.match(/https?:\/\/\S+/g)?.length ?? 0;
  let weight = urls * 23;
  for (const ch of withoutUrls) {
    const cp = ch.codePointAt(0)!;
    const light =
      cp <= 4351 ||
      (cp >= 8192 && cp <= 8205) ||
      (cp >= 8208 && cp <= 8223) ||
      (cp >= 8242 && cp <= 8247);
    weight += light ? 1 : 2;
  }
  return weight;
}
