/**
 * One reason a production start is refused: the setting at fault, what is wrong, and what to do.
 * Production (`NODE_ENV=production`) means real services only (decision 0036); every refusal is
 * listed at once, so an operator fixes them in one pass.
 */
export interface Refusal {
  setting: string;
  problem: string;
  fix: string;
}

export const formatRefusal = (r: Refusal) => `${r.setting}: ${r.problem} → ${r.fix}`;

/** A production start refused for what the data holds (server.ts prints it without a stack). */
export class ProductionRefusedError extends Error {
  constructor(readonly refusals: Refusal[]) {
    super(
      `production mode refuses this start:\n${refusals.map((r) => `    - ${formatRefusal(r)}`).join('\n')}`,
    );
    this.name = 'ProductionRefusedError';
  }
}
