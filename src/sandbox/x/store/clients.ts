import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xClients, xTokens } from '../../db/schema/index.ts';
import { randomToken, sha256Hex } from '../ids.ts';

export type XClient = typeof xClients.$inferSelect;

/** Where the product receives X's redirects: sign-in with X and the agent's account connection. */
export function productRedirectUris(publicUrl: string): string[] {
  return [`${publicUrl}/api/auth/twitter/callback`, `${publicUrl}/api/agent/oauth/callback`];
}

/**
 * The one confidential client the sandbox registers. Id, secret and app-only bearer token are
 * generated once and stored; the redirect URIs follow the current public URL.
 */
export async function ensureSandboxClient(db: Db, publicUrl: string, now: Date): Promise<XClient> {
  const redirectUris = productRedirectUris(publicUrl);
  const appBearerToken = randomToken(40);
  const inserted = await db
    .insert(xClients)
    .values({
      clientId: randomToken(24),
      clientSecret: randomToken(36),
      appBearerToken,
      role: 'sandbox',
      name: 'Upsider (sandbox)',
      redirectUris,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) {
    await db.insert(xTokens).values({
      tokenHash: sha256Hex(appBearerToken),
      kind: 'app',
      clientId: inserted[0].clientId,
      scopes: '',
      familyId: `app:${inserted[0].clientId}`,
      createdAt: now,
    });
    return inserted[0];
  }
  const [existing] = await db.select().from(xClients).where(eq(xClients.role, 'sandbox'));
  if (!existing) throw new Error('sandbox X client vanished during registration');
  if (existing.redirectUris.join(' ') === redirectUris.join(' ')) return existing;
  const [updated] = await db
    .update(xClients)
    .set({ redirectUris })
    .where(eq(xClients.clientId, existing.clientId))
    .returning();
  return updated ?? existing;
}

export async function findClient(db: Db, clientId: string): Promise<XClient | undefined> {
  const [client] = await db.select().from(xClients).where(eq(xClients.clientId, clientId));
  return client;
}

/** `Authorization: Basic base64(client_id:client_secret)` → the client, or null if not valid. */
export async function authenticateClient(
  db: Db,
  header: string | undefined,
): Promise<XClient | null> {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  // RFC 6749 §2.3.1: both parts are form-urlencoded before being joined.
  const id = safeDecode(decoded.slice(0, colon));
  const secret = safeDecode(decoded.slice(colon + 1));
  const client = id ? await findClient(db, id) : undefined;
  return client && client.clientSecret === secret ? client : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
