import type { Db } from '@/db/client.ts';
import { deleteAgentState, getAgentState, setAgentState } from '../state.ts';

/** Money movements stop when AGENT_PAUSED is set or an operator ran `npm run agent:pause`. */
export async function isPaused(db: Db, configPaused: boolean): Promise<boolean> {
  if (configPaused) return true;
  return (await getAgentState(db, 'paused'))?.paused ?? false;
}

/** Resuming also lifts an X usage-cap pause: the operator raised the plan or knows better. */
export async function setPaused(db: Db, paused: boolean, by: string, now = new Date()) {
  await setAgentState(db, 'paused', { paused, by, at: now.toISOString() });
  if (!paused) await deleteAgentState(db, 'x_usage_capped');
}
