import type { CoreDeps } from '@/core/deps.ts';
import type { AgentAccess } from '@/core/post-rewards/index.ts';

/**
 * What the product-admin routes are handed: core's deps, and the running agent as far as they use
 * it (its X access, announcing rewards now). Declared here, not taken from src/main or the agent:
 * main hands over the API's deps, which satisfy it (`npx tsc` proves it in main/bootstrap.ts).
 */
export interface ProductAdminDeps extends CoreDeps {
  agent?: { worker: { access: AgentAccess; queueNotices(): Promise<unknown> } };
}
