/**
 * The one order in which queued posts leave the outbox (highest first, then oldest). A direct
 * answer (balance, address, send, a refusal: the engine answers it while the post is read) never
 * waits behind the backlog of replies to long jobs (analyses, promotions, videos) or notices:
 * those can pile up behind the model at X's posting pace, while an answer is one post. Within
 * each class an active Premium subscriber's post leaves first (decision 0007's prioritized
 * replies). Long jobs already ran in priority order on the job queue, where `premium` is 1.
 *
 *   3 premium answer · 2 answer · 1 premium long-job reply · 0 long-job reply or notice
 */
export const REPLY_PRIORITY = { premiumAnswer: 3, answer: 2, premiumJob: 1, job: 0 } as const;

export function replyPriority(p: { premium: boolean; kind: 'answer' | 'job' }): number {
  if (p.kind === 'answer') return p.premium ? REPLY_PRIORITY.premiumAnswer : REPLY_PRIORITY.answer;
  return p.premium ? REPLY_PRIORITY.premiumJob : REPLY_PRIORITY.job;
}

/** A queued job's priority (1 = premium requester) as the priority of the reply it ends with. */
export const jobReplyPriority = (jobPriority: number) =>
  replyPriority({ premium: jobPriority > 0, kind: 'job' });
