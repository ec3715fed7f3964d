import * as z from 'zod/mini';

/** One network's holder figures, as the holder indexes published them (null: not indexed yet). */
export const networkHoldersSchema = z.object({
  network: z.enum(['constellation', 'base']),
  holders: z.int(),
  /** Whole UP in circulation (wallets not marked out of circulation). */
  circulating: z.number(),
  /** Share of the circulating supply held by the 10 largest circulating wallets, 0–100. */
  top10Percent: z.number(),
  asOf: z.nullable(z.string()),
});

/**
 * The figures an analysis is written from, gathered before the model is asked. Each is a number
 * the product measured; null where no source exists for the token (holders of DAG, say).
 */
export const analysisFiguresSchema = z.object({
  token: z.enum(['UP', 'DAG', 'DOR']),
  totalSupplyUp: z.nullable(z.number()),
  holders: z.array(networkHoldersSchema),
  /** Transfers of the token the agent confirmed in the 24 hours before `gatheredAt`. */
  transfers24h: z.object({ count: z.int(), volume: z.string() }),
  price: z.nullable(
    z.object({
      usd: z.number(),
      change24hPercent: z.nullable(z.number()),
      asOf: z.string(),
    }),
  ),
  /** Posts that mentioned the agent in the 24 hours before `gatheredAt`. */
  mentions24h: z.int(),
  gatheredAt: z.string(),
});
export type AnalysisFigures = z.infer<typeof analysisFiguresSchema>;

/** GET /api/analyses/:id */
export const analysisSchema = z.object({
  id: z.string(),
  token: z.string(),
  requester: z.string(),
  requestPostId: z.string(),
  figures: analysisFiguresSchema,
  /** The model's markdown (render sanitized: it is untrusted text). */
  text: z.string(),
  model: z.string(),
  /** Written by the local sandbox model, not a production LLM. */
  sandbox: z.boolean(),
  createdAt: z.string(),
});
export type AnalysisView = z.infer<typeof analysisSchema>;
