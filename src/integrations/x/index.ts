export * from './activity.ts';
export * from './client.ts';
export * from './errors.ts';
export * from './pkce.ts';
export * from './pricing.ts';
export * from './rate-limit.ts';
export type { XTweet, XUser } from './schemas.ts';
export * from './webhook-signature.ts';
