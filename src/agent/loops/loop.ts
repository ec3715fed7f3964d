/**
 * One of the agent's loops: `step` runs one pass and says how long to wait before the next;
 * `usesX` loops pause while X's usage cap holds (jobs/agent-loops.ts). `once`, when given, is
 * what `tick()` runs (tests, benchmarks): it returns how much work it did, and with `untilIdle`
 * tick runs it again until it finds none.
 */
export interface AgentLoop {
  name: string;
  step: () => Promise<number>;
  usesX: boolean;
  once?: () => Promise<number>;
  untilIdle?: boolean;
}

/** Idle loops look again this soon (or at the poll interval when that is shorter). */
export const idleMs = (pollIntervalMs: number) => Math.min(500, pollIntervalMs);
