import { z } from 'zod';
import { X_ACCESS_TIERS } from '@/shared/x-access-tier.ts';

/** Environment of the X app: OAuth 2.0, API v2, mention push and stored tokens (in .env.example). */
export const xEnvShape = {
  X_CLIENT_ID: z.string().min(1).optional(),
  X_CLIENT_SECRET: z.string().min(1).optional(),
  /** X OAuth 2.0 and API endpoints; in sandbox mode they default to the local X under /sandbox/x. */
  X_AUTHORIZE_URL: z.url().optional(),
  X_TOKEN_URL: z.url().optional(),
  X_REVOKE_URL: z.url().optional(),
  X_API_URL: z.url().optional(),
  /**
   * X pushes the agent's mentions here (X Activity API webhook; the public URL of
   * /api/x/webhook). With X_CONSUMER_SECRET and X_APP_BEARER_TOKEN; sandbox mode defaults to the
   * local X. 'off': polling only.
   */
  X_WEBHOOK_URL: z.union([z.literal('off'), z.url()]).optional(),
  /** The X app's consumer secret (API Key Secret): X signs webhook CRC answers and deliveries with it. */
  X_CONSUMER_SECRET: z.string().min(1).optional(),
  /** The X app's app-only bearer token: registers the webhook. */
  X_APP_BEARER_TOKEN: z.string().min(1).optional(),
  /** Keys for stored X tokens, "id:base64(32 bytes),..." (first = current). Default: generated into DATA_DIR. */
  X_TOKEN_ENC_KEYS: z.string().min(1).optional(),
  X_TOKEN_MAC_KEYS: z.string().min(1).optional(),
  /**
   * The agent's X API access: 'self-serve' (pay-per-use: no quote posts, replies only where
   * summoned) or 'enterprise' (quote posts allowed). Decision 0043.
   */
  X_ACCESS_TIER: z.enum(X_ACCESS_TIERS).default('self-serve'),
  /** The local X's tier (sandbox mode); default: X_ACCESS_TIER, as the real account would have. */
  SANDBOX_X_ACCESS_TIER: z.enum(X_ACCESS_TIERS).optional(),
};

const xEnvSchema = z.object(xEnvShape);
type XEnv = z.output<typeof xEnvSchema>;

/** Where the product talks OAuth and API to X: the real X, or the local X in sandbox mode. */
export function xConfig(env: XEnv, sandbox: boolean, publicUrl: string) {
  const authBase = sandbox ? `${publicUrl}/sandbox/x` : 'https://x.com';
  const apiBase = sandbox ? `${publicUrl}/sandbox/x` : 'https://api.x.com';
  return {
    clientId: env.X_CLIENT_ID,
    clientSecret: env.X_CLIENT_SECRET,
    authorizeUrl: env.X_AUTHORIZE_URL ?? `${authBase}/i/oauth2/authorize`,
    tokenUrl: env.X_TOKEN_URL ?? `${apiBase}/2/oauth2/token`,
    revokeUrl: env.X_REVOKE_URL ?? `${apiBase}/2/oauth2/revoke`,
    apiUrl: (env.X_API_URL ?? apiBase).replace(/\/$/, ''),
    redirectUri: `${publicUrl}/api/auth/twitter/callback`,
    push: mentionPushConfig(env, sandbox),
    accessTier: env.X_ACCESS_TIER,
    /** What the local X allows (sandbox mode only). */
    localAccessTier: env.SANDBOX_X_ACCESS_TIER ?? env.X_ACCESS_TIER,
  };
}

/** Settings for X's mention push; 'local-x': sandbox mode fills them from the local X. */
function mentionPushConfig(env: XEnv, sandbox: boolean) {
  if (env.X_WEBHOOK_URL === 'off') return null;
  if (env.X_WEBHOOK_URL && env.X_CONSUMER_SECRET && env.X_APP_BEARER_TOKEN) {
    return {
      webhookUrl: env.X_WEBHOOK_URL,
      consumerSecret: env.X_CONSUMER_SECRET,
      appBearerToken: env.X_APP_BEARER_TOKEN,
    };
  }
  return sandbox ? ('local-x' as const) : null;
}

/** Keys for stored X tokens (behind the config: the token store reads and rotates them). */
export const xTokenKeys = (env: XEnv) => ({ enc: env.X_TOKEN_ENC_KEYS, mac: env.X_TOKEN_MAC_KEYS });
