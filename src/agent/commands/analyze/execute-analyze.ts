import { reserveAnalysis } from '@/core/analyses/index.ts';
import { enqueueJob } from '@/db/queue/index.ts';
import type { AgentContext } from '../../context.ts';
import type { CommandInput } from '../../engine/command-input.ts';
import type { Outcome } from '../../engine/outcome.ts';
import { repliesFirst } from '../../engine/replies-first.ts';
import type { Command } from '../grammar/types.ts';
import { analysisModel } from './analysis-model.ts';

export const ANALYSIS_JOB = 'token_analysis';

export interface AnalysisJobPayload {
  postId: string;
  requesterId: string;
  requesterUsername: string;
  token: 'UP' | 'DAG' | 'DOR';
  text: string;
}

/**
 * "analyze $UP": the model is slow and fails, so it never runs inside the mention loop. The
 * price is held in the requester's wallet first (a wallet that cannot hold the price and the
 * network fee its charge may pay is answered at once, no model asked, with the wallet's address
 * to add UP to: an account the product meets for the first time gets its wallet here), then the request becomes a durable job keyed by the post (a re-run
 * enqueues nothing new); the job answers the post once, with the analysis (charged from the
 * hold) or with "unavailable" (the hold given back) (analysis-job.ts, decision 0037).
 */
export async function executeAnalyze(
  deps: AgentContext,
  input: CommandInput & { command: Extract<Command, { kind: 'analyze' }> },
): Promise<Outcome> {
  if (!analysisModel(deps))
    return { kind: 'rejected', reason: { code: 'analysis_not_configured' } };
  if (input.source !== 'x') return { kind: 'rejected', reason: { code: 'analysis_on_x_only' } };
  const payload: AnalysisJobPayload = {
    postId: input.postId,
    requesterId: input.author.xUserId,
    requesterUsername: input.author.username,
    token: input.command.token,
    // The author's own post only (X never puts a quoted post's text in it): data for the model.
    text: input.post.text,
  };
  // The wallet (and the user it belongs to) before the hold: a first post may be this one.
  const { address } = await deps.wallets.walletFor(input.author);
  const reserved = await reserveAnalysis(deps, {
    postId: input.postId,
    userId: input.author.xUserId,
  });
  if (!reserved.ok) {
    const balance = reserved.balance ?? (await deps.wallets.balances(address)).UP;
    return {
      kind: 'rejected',
      reason: {
        code: 'analysis_unpaid',
        price: reserved.price.toString(),
        balance: balance.toString(),
        networkFee: (reserved.networkFee ?? 0n).toString(),
        address,
      },
    };
  }
  const premium = await repliesFirst(deps, input.author.xUserId);
  await enqueueJob(deps.db, {
    kind: ANALYSIS_JOB,
    key: `analysis:${input.postId}`,
    payload,
    priority: premium ? 1 : 0,
    maxAttempts: deps.agent.analysisAttempts,
  });
  return { kind: 'analysis_queued', token: input.command.token };
}
