/**
 * Imports against the layer table that exist today, each with why, so that nothing *new* can
 * cross a layer the wrong way. When you fix one, delete its line (the check fails on a stale one).
 */

/**
 * The composition types (`AppDeps`, `Config`, `Logger`) are still declared in `src/main`; core,
 * agent, api and sandbox may import them **as types only** until each layer declares the ports it
 * needs (decision 0008). A value import from main is always a violation.
 */
export const COMPOSITION_TYPES = ['main/deps.ts', 'main/config.ts', 'main/logger.ts'];

export const KNOWN_LAYER_EXCEPTIONS: { from: string; to: string; why: string }[] = [
  {
    from: 'core/external/grant-post-guard.ts',
    to: 'agent/safety/mentions-agent.ts',
    why: "posting grants refuse text the agent would read as addressed to it: the agent's own normalization, to move to shared",
  },
  ...['api/http/error-handler.ts', 'api/http/same-origin.ts'].map((to) => ({
    from: 'sandbox/product-admin/projects-admin.ts',
    to,
    why: "the product's error body and same-origin check on a sandbox admin route (product-admin may use core, not api)",
  })),
];

/** File cycles that exist today (sorted file lists joined by ' | '). */
export const KNOWN_CYCLES: { files: string; why: string }[] = [
  {
    files: 'agent/runtime.ts | main/deps.ts',
    why: 'AppDeps names the agent runtime it carries; goes with the composition-types ports',
  },
];
