import { Hono } from 'hono';
import { getPublishedAnalysis } from '@/core/analyses/index.ts';
import type { AnalysisView } from '@/shared/analyses/contract.ts';
import type { ApiDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';

/** GET /api/analyses/:id — a published token analysis (public: its link is posted on X). */
export function analysesRoutes(deps: Pick<ApiDeps, 'db'>) {
  return new Hono().get('/:id', async (c) => {
    const analysis = await getPublishedAnalysis(deps.db, c.req.param('id'));
    if (!analysis) throw notFound('No analysis with this id', 'analysis_not_found');
    return c.json(analysis satisfies AnalysisView);
  });
}
