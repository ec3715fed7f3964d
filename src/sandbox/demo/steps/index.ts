import type { DemoStep } from '../step.ts';
import { walletsStep } from './01-wallets.ts';
import { evidenceStep } from './02-evidence.ts';
import { subscriptionsStep } from './03-subscriptions.ts';
import { analysisPromotionStep } from './04-analysis-promotion.ts';
import { portfolioStep } from './05-portfolio.ts';
import { postRewardsStep } from './06-post-rewards.ts';
import { videoStep } from './07-video.ts';

/** The first-start demo, in order. Each feature adds its step here (see ../README.md). */
export const DEMO_STEPS: DemoStep[] = [
  walletsStep,
  evidenceStep,
  subscriptionsStep,
  analysisPromotionStep,
  portfolioStep,
  postRewardsStep,
  videoStep,
];
