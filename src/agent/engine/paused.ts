import type { Db } from '../../db/client.ts';
import { getAgentState, setAgentState } from '../state.ts';

/** Money movements stop when AGENT_PAUSED is set or an operator ran `npm run agent:pause`. */
export async function isPaused(db: Db, configPaused: boolean): Promise<boolean> {
  if (configPaused) return true;
  return (await getAgentState(db, 'paused'))?.paused ?? false;
}

export async function setPaused(db: Db, paused: boolean, by: string, now = new Date()) {
  await setAgentState(db, 'paused', { paused, by, at: now.toISOString() });
}
