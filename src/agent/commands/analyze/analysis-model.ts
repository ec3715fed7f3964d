import type { AgentContext } from '../../context.ts';

/**
 * The LLM that writes analyses, or null when none is configured (the agent then answers
 * "analysis is not available"). The local twin is served by this server: its answers are
 * labelled as the sandbox's.
 */
export function analysisModel(ctx: Pick<AgentContext, 'llm' | 'config'>) {
  const llm = ctx.llm;
  if (!llm || !ctx.config.llm) return null;
  const sandboxModel =
    ctx.config.sandbox && ctx.config.llm.baseUrl.startsWith(`${ctx.config.publicUrl}/sandbox/`);
  return { llm, sandboxModel };
}
