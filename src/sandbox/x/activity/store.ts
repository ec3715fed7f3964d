import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { xActivitySubscriptions, xWebhooks } from '../../db/schema/index.ts';

export type XWebhook = typeof xWebhooks.$inferSelect;
export type XActivitySubscription = typeof xActivitySubscriptions.$inferSelect;

export const listWebhooks = (db: Db, clientId: string) =>
  db.select().from(xWebhooks).where(eq(xWebhooks.clientId, clientId));

export const listSubscriptions = (db: Db, clientId: string) =>
  db.select().from(xActivitySubscriptions).where(eq(xActivitySubscriptions.clientId, clientId));

/** Where a `post.mention.create` for these users goes: each subscription with its webhook. */
export async function mentionTargets(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ subscription: xActivitySubscriptions, webhook: xWebhooks })
    .from(xActivitySubscriptions)
    .innerJoin(xWebhooks, eq(xWebhooks.id, xActivitySubscriptions.webhookId))
    .where(
      and(
        eq(xActivitySubscriptions.eventType, 'post.mention.create'),
        inArray(xActivitySubscriptions.userId, userIds),
      ),
    );
}
