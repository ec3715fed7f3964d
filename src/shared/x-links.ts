import type { PublicConfig } from './public-config.ts';

/*
 * Links into X's web. Kept apart from public-config.ts, which builds a zod schema at import
 * time: browser code imports these from here so zod stays out of the landing route's 100 KB.
 */

/** Post-intent link for X: `{xWebUrl}/intent/post?text=…`. */
export function postIntentUrl(config: Pick<PublicConfig, 'xWebUrl'>, text: string): string {
  return `${config.xWebUrl}/intent/post?text=${encodeURIComponent(text)}`;
}

export function profileUrl(config: Pick<PublicConfig, 'xWebUrl'>, handle: string): string {
  return `${config.xWebUrl}/${encodeURIComponent(handle)}`;
}

/** A post's page on X: `{xWebUrl}/{handle}/status/{postId}`. */
export function postUrl(
  config: Pick<PublicConfig, 'xWebUrl'>,
  handle: string,
  postId: string,
): string {
  return `${profileUrl(config, handle)}/status/${encodeURIComponent(postId)}`;
}

/** An X user's avatar image by username, from the configured avatar service. */
export function avatarUrl(config: Pick<PublicConfig, 'avatarUrlTemplate'>, username: string) {
  return config.avatarUrlTemplate.replaceAll('{username}', encodeURIComponent(username));
}

/** X's post intent carrying a link (`…/intent/post?text=…&url=…`): X adds the link's card. */
export function shareIntentUrl(
  config: Pick<PublicConfig, 'xWebUrl'>,
  text: string,
  url: string,
): string {
  return `${postIntentUrl(config, text)}&url=${encodeURIComponent(url)}`;
}
