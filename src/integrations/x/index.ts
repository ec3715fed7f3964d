export * from './activity.ts';
export * from './client.ts';
export * from './errors.ts';
export type { FetchFn } from './http.ts';
// Named for the other layers that use them (decision 0067: another layer imports an area through its index).
export { parseApiResponse, send } from './http.ts';
export type { XTokens } from './oauth.ts';
export * from './pkce.ts';
export * from './pricing.ts';
export * from './rate-limit.ts';
export type { XTweet, XUser } from './schemas.ts';
export { uploadVideo } from './upload-video.ts';
export * from './webhook-signature.ts';
