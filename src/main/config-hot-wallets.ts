import { z } from 'zod';
import type { HotWalletCeilings } from '@/core/hot-wallets/index.ts';
import { parseTokenAmount } from '@/shared/units.ts';

/** A ceiling in whole UP ("50000", "12.5"), or "off" for none. */
const ceilingUp = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      if (text === 'off') return null;
      const units = parseTokenAmount(text);
      if (units === null) {
        ctx.addIssue({ code: 'custom', message: 'a UP amount such as 50000, or off' });
        return z.NEVER;
      }
      return units;
    });

/**
 * Hot-wallet ceilings (docs/OPERATIONS.md "The system wallets", decision 0047): above its ceiling
 * a system wallet's excess shows on /metrics and /status, to be moved to cold storage.
 */
export const hotWalletsEnvShape = {
  HOT_WALLET_CEILING_TREASURY_UP: ceilingUp('100000'),
  HOT_WALLET_CEILING_REWARDS_UP: ceilingUp('50000'),
};

export function hotWalletsConfig(env: {
  HOT_WALLET_CEILING_TREASURY_UP: bigint | null;
  HOT_WALLET_CEILING_REWARDS_UP: bigint | null;
}): HotWalletCeilings {
  return {
    treasury: env.HOT_WALLET_CEILING_TREASURY_UP,
    rewards: env.HOT_WALLET_CEILING_REWARDS_UP,
  };
}
