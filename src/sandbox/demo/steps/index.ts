import type { DemoStep } from '../step.ts';
import { walletsStep } from './01-wallets.ts';

/** The first-start demo, in order. Each feature adds its step here (see ../README.md). */
export const DEMO_STEPS: DemoStep[] = [walletsStep];
