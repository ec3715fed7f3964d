/**
 * Values X accepts for its field and expansion parameters (docs OpenAPI v2.159–v2.167, and the
 * newer names of the OpenAPI @xdevplatform/xdk@0.6.6 is generated from: dist/index.d.ts lists
 * `referenced_posts`, `edit_history_post_ids`, `pinned_post_id`, ... beside the older names).
 */
export const TWEET_FIELDS = [
  'article',
  'article_title',
  'attachments',
  'author_id',
  'card_uri',
  'community_id',
  'context_annotations',
  'conversation_id',
  'created_at',
  'display_text_range',
  'edit_controls',
  'edit_history_tweet_ids',
  'entities',
  'geo',
  'id',
  'in_reply_to_user_id',
  'lang',
  'matched_media_notes',
  'media_metadata',
  'non_public_metrics',
  'note_post',
  'note_request_suggestions',
  'note_tweet',
  'organic_metrics',
  'paid_partnership',
  'possibly_sensitive',
  'promoted_metrics',
  'public_metrics',
  'referenced_tweets',
  'reply_settings',
  'scopes',
  'source',
  'suggested_source_links',
  'suggested_source_links_with_counts',
  'text',
  'withheld',
];

export const USER_FIELDS = [
  'affiliation',
  'confirmed_email',
  'connection_status',
  'created_at',
  'description',
  'entities',
  'id',
  'is_identity_verified',
  'location',
  'most_recent_tweet_id',
  'name',
  'parody',
  'pinned_tweet_id',
  'profile_banner_url',
  'profile_image_url',
  'protected',
  'public_metrics',
  'receives_your_dm',
  'subscribes_to_you',
  'subscription',
  'subscription_type',
  'url',
  'username',
  'verified',
  'verified_followers_count',
  'verified_type',
  'withheld',
];

export const TWEET_EXPANSIONS = [
  'article.cover_media',
  'article.media_entities',
  'attachments.media_keys',
  'attachments.media_source_tweet',
  'attachments.poll_ids',
  'author_id',
  'edit_history_tweet_ids',
  'entities.mentions.username',
  'entities.note.mentions.username',
  'geo.place_id',
  'in_reply_to_user_id',
  'referenced_tweets.id',
  'referenced_tweets.id.attachments.media_keys',
  'referenced_tweets.id.author_id',
  // X's newer names (xdk 0.6.6). `username` is listed without a description; it is accepted
  // and changes nothing here.
  'edit_history_post_ids',
  'referenced_posts',
  'username',
];

export const USER_EXPANSIONS = [
  'affiliation.user_id',
  'most_recent_tweet_id',
  'pinned_tweet_id',
  'affiliation',
  'most_recent_post_id',
  'pinned_post_id',
];

/** A newer expansion name → the older one it stands for, which the renderers read. */
export const EXPANSION_ALIASES: Record<string, string> = {
  referenced_posts: 'referenced_tweets.id',
  edit_history_post_ids: 'edit_history_tweet_ids',
  affiliation: 'affiliation.user_id',
  most_recent_post_id: 'most_recent_tweet_id',
  pinned_post_id: 'pinned_tweet_id',
};

/** Field parameters whose values are not checked here (no media, polls or places locally). */
const FREE_FORM = ['media.fields', 'poll.fields', 'place.fields'];

/** The query parameters a tweet-returning endpoint accepts (`post.fields` is the newer name). */
export const TWEET_QUERY = {
  'tweet.fields': TWEET_FIELDS,
  'post.fields': TWEET_FIELDS,
  'user.fields': USER_FIELDS,
  expansions: TWEET_EXPANSIONS,
  ...Object.fromEntries(FREE_FORM.map((p) => [p, null])),
} as Record<string, string[] | null>;

export const USER_QUERY = {
  'user.fields': USER_FIELDS,
  'tweet.fields': TWEET_FIELDS,
  'post.fields': TWEET_FIELDS,
  expansions: USER_EXPANSIONS,
} as Record<string, string[] | null>;
