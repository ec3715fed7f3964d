import { releaseAnalysis, reserveAnalysis, runTokenAnalysis } from '../../core/analyses/index.ts';
import type { AgentDeps } from '../deps.ts';
import type { AnalystPort } from './ports.ts';

type Deps = Pick<
  AgentDeps,
  'db' | 'config' | 'logger' | 'now' | 'constellation' | 'market' | 'llm'
>;

/**
 * Token analysis bound to the product's LLM endpoint, market data and allowance service. Null
 * when no LLM is configured: the agent then answers "analysis is not available".
 */
export function createAnalystPort(deps: Deps): AnalystPort | null {
  const llm = deps.llm;
  if (!llm || !deps.config.llm) return null;
  // The local twin is served by this server: its answers are labelled as the sandbox's.
  const sandboxModel =
    deps.config.sandbox && deps.config.llm.baseUrl.startsWith(`${deps.config.publicUrl}/sandbox/`);
  return {
    reserve: (p) => reserveAnalysis(deps, p),
    run: (req) => runTokenAnalysis({ ...deps, llm, sandboxModel }, req),
    release: (p) => releaseAnalysis(deps.db, p),
  };
}
