import type { DemoStep } from '../step.ts';
import { walletsStep } from './01-wallets.ts';
import { evidenceStep } from './02-evidence.ts';
import { subscriptionsStep } from './03-subscriptions.ts';

/** The first-start demo, in order. Each feature adds its step here (see ../README.md). */
export const DEMO_STEPS: DemoStep[] = [walletsStep, evidenceStep, subscriptionsStep];
