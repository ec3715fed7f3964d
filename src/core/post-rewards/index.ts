// Quality-post rewards (decision 0020): a daily job scores posts that mention the
// agent, excludes abuse by fixed rules, and pays the day's pool to the top posts exactly once.
export { engagementScore, FEW_ACCOUNTS, ruleOut } from './apply-rules.ts';
export { type Candidate, type Metrics, RULES, type RuleCode } from './candidate.ts';
export { decideDay, SPAM_LIMIT, screen } from './decide-day.ts';
export { getPostRewardDay, listMyPostRewards } from './list-post-rewards.ts';
export { payPostRewardDay, postRewardKey } from './pay-post-rewards.ts';
export { QualityUnavailableError, rateQuality } from './rate-quality.ts';
export { qualityPoints, qualityRubricSchema, rubricMessages } from './rubric.ts';
export {
  type AgentAccess,
  enqueuePostRewardsDay,
  POST_REWARDS_JOB,
  type PostRewardDeps,
  postRewardsHandler,
  postRewardsJobKey,
  runDuePostRewards,
} from './run-post-rewards.ts';
export { scorePostRewardDay } from './score-day.ts';
export { dayKey, type PostRewardSettings, postRewardSettings, previousDayKey } from './settings.ts';
