import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { tokenAnalyses } from '@/db/schema/index.ts';
import { type AnalysisView, analysisFiguresSchema } from '@/shared/analyses/contract.ts';

export type AnalysisRow = typeof tokenAnalyses.$inferSelect;

export async function findAnalysisByPost(db: Db, requestPostId: string) {
  const [row] = await db
    .select()
    .from(tokenAnalyses)
    .where(eq(tokenAnalyses.requestPostId, requestPostId));
  return row ?? null;
}

/** Stores the model's answer once per request post; a re-run gets the first row back. */
export async function saveWrittenAnalysis(
  db: Db,
  row: Omit<typeof tokenAnalyses.$inferInsert, 'id' | 'state'>,
): Promise<AnalysisRow> {
  await db
    .insert(tokenAnalyses)
    .values({ ...row, state: 'written' })
    .onConflictDoNothing({ target: tokenAnalyses.requestPostId });
  return (await findAnalysisByPost(db, row.requestPostId))!;
}

export async function settleAnalysis(
  db: Db,
  id: string,
  patch: { state: 'published' | 'unpaid'; chargeId: string },
) {
  await db.update(tokenAnalyses).set(patch).where(eq(tokenAnalyses.id, id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The public page's data: published analyses only (an unpaid or unsettled one is not shown). */
export async function getPublishedAnalysis(db: Db, id: string): Promise<AnalysisView | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(tokenAnalyses).where(eq(tokenAnalyses.id, id));
  if (row?.state !== 'published') return null;
  return {
    id: row.id,
    token: row.token,
    requester: row.requesterUsername,
    requestPostId: row.requestPostId,
    figures: analysisFiguresSchema.parse(row.figures),
    text: row.text,
    model: row.model,
    sandbox: row.sandbox === 'yes',
    createdAt: row.createdAt.toISOString(),
  };
}
