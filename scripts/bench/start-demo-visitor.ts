// The start-up bench's first visitor: how a fresh start answers while its first-start demo
// runs (commands, transfers, a video render) in the same process.

const DEMO_SAMPLE_MS = Number(process.env.BENCH_DEMO_SAMPLE_MS ?? 30_000);

/**
 * A first visitor on a fresh start: after ready, the landing once (the first-start
 * demo starts a few seconds after the first page), then a page and an API read every second
 * while the demo runs (its commands, transfers and video render): the slowest answer of each.
 */
export async function visitorDuringDemo(origin: string) {
  const timed = async (path: string) => {
    const t = performance.now();
    const res = await fetch(`${origin}${path}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return performance.now() - t;
  };
  const firstPage = await timed('/');
  let page = 0;
  let api = 0;
  const until = performance.now() + DEMO_SAMPLE_MS;
  while (performance.now() < until) {
    page = Math.max(page, await timed('/rewards'));
    api = Math.max(api, await timed('/api/leaderboard/mentions/monthly'));
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { firstPage, page, api };
}
