/** Scopes X's OAuth 2.0 knows (integrations.md §1.2), with how the consent screen words them. */
export const KNOWN_SCOPES = [
  'tweet.read',
  'tweet.write',
  'tweet.moderate.write',
  'users.email',
  'users.read',
  'follows.read',
  'follows.write',
  'offline.access',
  'space.read',
  'mute.read',
  'mute.write',
  'like.read',
  'like.write',
  'list.read',
  'list.write',
  'block.read',
  'block.write',
  'bookmark.read',
  'bookmark.write',
  'dm.read',
  'dm.write',
  'media.write',
];

const VIEW: Record<string, string> = {
  'tweet.read': 'All the posts you can view, including posts from protected accounts.',
  'users.read': 'Any account you can view, including protected accounts.',
  'users.email': 'The email address of your account.',
  'follows.read': 'People who follow you and people you follow.',
  'like.read': 'Posts you have liked and likes you can view.',
  'list.read': 'Lists, list members and list followers you can view.',
  'bookmark.read': 'Your bookmarks.',
  'dm.read': 'All your Direct Messages.',
  'mute.read': 'Accounts you have muted.',
  'block.read': 'Accounts you have blocked.',
  'space.read': 'All the Spaces you can view.',
};

const DO: Record<string, string> = {
  'tweet.write': 'Post and repost for you.',
  'tweet.moderate.write': 'Hide and unhide replies to your posts.',
  'offline.access': 'Stay connected to your account until you revoke access.',
  'follows.write': 'Follow and unfollow people for you.',
  'like.write': 'Like and unlike posts for you.',
  'list.write': 'Create and manage lists for you.',
  'bookmark.write': 'Bookmark and remove bookmarks.',
  'dm.write': 'Send and manage Direct Messages for you.',
  'mute.write': 'Mute and unmute accounts for you.',
  'block.write': 'Block and unblock accounts for you.',
  'media.write': 'Upload media for you.',
};

/** Consent-screen lines: what the app will be able to view, and what it will be able to do. */
export function describeScopes(scopes: string[]) {
  return {
    view: scopes.flatMap((s) => (VIEW[s] ? [VIEW[s]] : [])),
    act: scopes.flatMap((s) => (DO[s] ? [DO[s]] : [])),
  };
}
