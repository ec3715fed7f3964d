/**
 * Imports against the layer table that exist today, each with why, so that nothing *new* can
 * cross a layer the wrong way. When you fix one, delete its line (the check fails on a stale one).
 */

/**
 * The composition type `AppDeps` is still declared in `src/main`; core, agent, api and sandbox may
 * import it **as a type only** until each layer declares the deps it takes (decision 0008). A
 * value import from main is always a violation. The logger port lives in `shared/logger.ts` and
 * each layer declares the config slice it reads, so `main/logger.ts` and `main/config.ts` are no
 * longer excepted.
 */
export const COMPOSITION_TYPES = ['main/deps.ts'];

export const KNOWN_LAYER_EXCEPTIONS: { from: string; to: string; why: string }[] = [];

/** File cycles that exist today (sorted file lists joined by ' | '). */
export const KNOWN_CYCLES: { files: string; why: string }[] = [];
