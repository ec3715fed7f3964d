/**
 * When each start-up step ended, in ms since the process started (node itself, the build check
 * in scripts/start.mjs and loading modules included), so a slow start names its cause in the
 * log (decision 0025: `npm start` → first 200). Steps may overlap: the server listens while the
 * product is still being composed.
 */
export function startUpTimer() {
  const endedAt: Record<string, number> = {};
  return {
    mark(step: string) {
      endedAt[step] = Math.round(performance.now());
    },
    summary: () => ({ ...endedAt }),
  };
}

export type StartUpTimer = ReturnType<typeof startUpTimer>;
