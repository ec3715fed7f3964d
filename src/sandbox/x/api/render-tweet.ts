import type { XEnv } from '../context.ts';
import { parseMentions } from '../mention-parser.ts';
import { notFoundError, suspendedError } from '../problems.ts';
import { countEngagements } from '../store/engagements.ts';
import { countReferences } from '../store/post-queries.ts';
import { findPostsByIds, type XPost } from '../store/posts.ts';
import { findUsersByIds, findUsersByUsernames, type XUser } from '../store/users.ts';
import { editControls, findEditChains, firstVersionOf } from '../store/versions.ts';
import type { Selection } from './query.ts';
import { renderUsers } from './render-user.ts';

type Json = Record<string, unknown>;

/** Data, `includes` and partial `errors` for a list of posts, honouring fields and expansions. */
export async function renderTweets(env: XEnv, posts: XPost[], sel: Selection) {
  const ex = sel.expansions;
  const wantsReferenced =
    ex.has('referenced_tweets.id') || ex.has('referenced_tweets.id.author_id');
  const refIds = posts.flatMap((p) => [p.inReplyToId, p.quotedId]).filter((id) => id !== null);
  const referenced = wantsReferenced ? await findPostsByIds(env.db, refIds) : [];
  const chains = await findEditChains(env.db, [...posts, ...referenced]);
  const history = (p: XPost) => chains.get(firstVersionOf(p))?.ids ?? [p.id.toString()];
  // The `edit_history_tweet_ids` expansion: the other versions of each post, in `includes`.
  const shown = new Set([...posts, ...referenced].map((p) => p.id.toString()));
  const versionIds = ex.has('edit_history_tweet_ids')
    ? [...new Set(posts.flatMap(history))].filter((id) => !shown.has(id)).map(BigInt)
    : [];
  const versions = await findPostsByIds(env.db, versionIds);
  const all = [...posts, ...referenced, ...versions];
  const handles = all.flatMap((p) => parseMentions(p.text).map((m) => m.username));
  const mentioned = await findUsersByUsernames(env.db, handles);
  const byHandle = new Map(mentioned.map((u) => [u.username.toLowerCase(), u]));
  const wantsMetrics = sel.tweetFields.has('public_metrics');
  const ids = all.map((p) => p.id);
  const metrics = wantsMetrics ? await countReferences(env.db, ids) : new Map();
  const engagement = wantsMetrics ? await countEngagements(env.db, ids) : new Map();

  const tweet = (p: XPost): Json => {
    const f = sel.tweetFields;
    const out: Json = {
      id: p.id.toString(),
      text: p.text,
      edit_history_tweet_ids: history(p),
    };
    if (f.has('edit_controls')) {
      out.edit_controls = editControls(p, chains.get(firstVersionOf(p)), env.now());
    }
    if (f.has('author_id') || ex.has('author_id')) out.author_id = p.authorId;
    if (f.has('created_at')) out.created_at = p.createdAt.toISOString();
    if (f.has('conversation_id')) out.conversation_id = p.conversationId.toString();
    if ((f.has('in_reply_to_user_id') || ex.has('in_reply_to_user_id')) && p.inReplyToUserId) {
      out.in_reply_to_user_id = p.inReplyToUserId;
    }
    const refs = [
      ...(p.quotedId ? [{ type: 'quoted', id: p.quotedId.toString() }] : []),
      ...(p.inReplyToId ? [{ type: 'replied_to', id: p.inReplyToId.toString() }] : []),
    ];
    if ((f.has('referenced_tweets') || wantsReferenced) && refs.length)
      out.referenced_tweets = refs;
    if (f.has('attachments') && p.mediaIds?.length) {
      out.attachments = { media_keys: p.mediaIds.map((id) => `7_${id}`) };
    }
    const mentions = parseMentions(p.text).flatMap((m) => {
      const user = byHandle.get(m.username.toLowerCase());
      return user ? [{ start: m.start, end: m.end, username: user.username, id: user.id }] : [];
    });
    if ((f.has('entities') || ex.has('entities.mentions.username')) && mentions.length) {
      out.entities = { mentions };
    }
    if (f.has('public_metrics')) {
      const m = metrics.get(p.id.toString()) ?? { replies: 0, quotes: 0 };
      const e = engagement.get(p.id.toString()) ?? { likes: 0, reposts: 0 };
      out.public_metrics = {
        retweet_count: e.reposts,
        reply_count: m.replies,
        like_count: e.likes,
        quote_count: m.quotes,
        bookmark_count: 0,
        impression_count: 0,
      };
    }
    if (f.has('reply_settings')) out.reply_settings = 'everyone';
    if (f.has('possibly_sensitive')) out.possibly_sensitive = false;
    if (f.has('lang')) out.lang = 'en';
    return out;
  };

  const userIds = new Set<string>();
  if (ex.has('author_id')) for (const p of posts) userIds.add(p.authorId);
  if (ex.has('in_reply_to_user_id'))
    for (const p of posts) if (p.inReplyToUserId) userIds.add(p.inReplyToUserId);
  if (ex.has('referenced_tweets.id.author_id')) for (const p of referenced) userIds.add(p.authorId);
  // A suspended account is not served as a user: it is left out of `includes`, with X's
  // "User has been suspended" partial error (as a lookup answers it).
  const suspended = new Set<string>();
  if (ex.has('entities.mentions.username')) {
    for (const p of posts)
      for (const m of parseMentions(p.text)) {
        const u = byHandle.get(m.username.toLowerCase());
        if (u?.suspendedAt) suspended.add(u.username);
        else if (u) userIds.add(u.id);
      }
  }
  const includes: Json = {};
  const users: XUser[] = await findUsersByIds(env.db, [...userIds]);
  if (users.length) includes.users = await renderUsers(env, users, sel.userFields);
  if (referenced.length || versions.length)
    includes.tweets = [...referenced, ...versions].map(tweet);
  const found = new Set(referenced.map((p) => p.id));
  const errors = [
    ...(wantsReferenced
      ? [...new Set(refIds.filter((id) => !found.has(id)).map(String))].map((id) =>
          notFoundError({
            resourceType: 'tweet',
            parameter: 'referenced_tweets.id',
            value: id,
            detail: `Could not find tweet with referenced_tweets.id: [${id}].`,
          }),
        )
      : []),
    ...[...suspended].map((handle) => suspendedError('entities.mentions.username', handle)),
  ];
  return {
    data: posts.map(tweet),
    ...(Object.keys(includes).length ? { includes } : {}),
    ...(errors.length ? { errors } : {}),
  };
}
