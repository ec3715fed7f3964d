import { isCleanText } from '@/shared/clean-text.ts';
import { MAX_WEIGHTED_LENGTH, weightedLength } from '@/shared/x-text.ts';
import { ID_PATTERN } from '../ids.ts';
import type { InvalidParameter } from '../problems.ts';

export { MAX_WEIGHTED_LENGTH, weightedLength };

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
/** Valid on X but with nothing to point at locally (places, cards...). */
const UNSUPPORTED = [
  'poll',
  'geo',
  'card_uri',
  'community_id',
  'direct_message_deep_link',
  'edit_options',
];
const REPLY_SETTINGS = ['following', 'mentionedUsers', 'subscribers', 'verified'];

export interface TweetCreate {
  text: string;
  inReplyToId?: bigint;
  quotedId?: bigint;
  /** Uploaded media ids (media.media_ids, 1 to 4). */
  mediaIds?: bigint[];
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
  const mediaIds = b.media === undefined ? undefined : readMedia(b.media, errors, id);
  if (mediaIds && quotedId !== undefined) {
    errors.push({ message: '$.media: quote_tweet_id and media are mutually exclusive.' });
  }
  const text = b.text;
  if (text !== undefined && typeof text !== 'string')
    errors.push({ message: '$.text: string found, expected' });
  else if (typeof text !== 'string' || text.trim() === '') {
    errors.push({ message: 'Post text is empty. Posts must contain text, media or a poll.' });
  } else if (!isCleanText(text)) {
    errors.push({ message: '$.text: is not valid text (NUL characters or unpaired surrogates)' });
  } else if (weightedLength(text) > MAX_WEIGHTED_LENGTH) {
    errors.push({
      message: `Post text is too long: ${weightedLength(text)} weighted characters, the limit is ${MAX_WEIGHTED_LENGTH}.`,
    });
  }
  if (errors.length || typeof text !== 'string') return { errors };
  return { value: { text, inReplyToId, quotedId, mediaIds }, errors };
}

function readMedia(
  media: unknown,
  errors: InvalidParameter[],
  id: (path: string, v: unknown) => bigint | undefined,
): bigint[] | undefined {
  const m = media as Record<string, unknown>;
  const ids = m && typeof m === 'object' ? m.media_ids : undefined;
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > 4) {
    errors.push({ message: '$.media.media_ids: an array of 1 to 4 media ids is required' });
    return undefined;
  }
  for (const key of Object.keys(m))
    if (key !== 'media_ids' && key !== 'tagged_user_ids') errors.push(notDefined(`$.media.${key}`));
  const parsed = ids.map((v, i) => id(`$.media.media_ids[${i}]`, v));
  return parsed.every((v) => v !== undefined) ? (parsed as bigint[]) : undefined;
}
