// The two load shapes of the transfers bench. Each calls `send(sender, key)` and records when each
// transfer was asked for in `startedAt` (key → epoch ms), the start of its request → confirmed time.

export type Send = (sender: number, key: string) => Promise<unknown>;

/**
 * Closed loop: every sender sends its next transfer as soon as the previous one returned. Finds
 * the most the product does at this concurrency; latency then includes the queue it makes itself.
 */
export async function closedLoop(
  senders: number,
  perSender: number,
  send: Send,
  startedAt: Map<string, number>,
): Promise<void> {
  await Promise.all(
    Array.from({ length: senders }, async (_, s) => {
      for (let n = 0; n < perSender; n++) {
        const key = `bench-${s}-${n}`;
        startedAt.set(key, Date.now());
        await send(s, key);
      }
    }),
  );
}

/**
 * Open loop, as an X agent sees it (many users, each posting now and then): transfer i is asked
 * for at i / rate seconds, from sender i mod senders, whether or not the earlier ones are done.
 * Latency counts from that moment, so a product that falls behind shows it (no coordinated
 * omission: a slow answer does not delay the next request).
 */
export async function openLoop(
  rate: number,
  seconds: number,
  senders: number,
  send: Send,
  startedAt: Map<string, number>,
): Promise<void> {
  const total = Math.round(rate * seconds);
  const t0 = Date.now();
  const running: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const due = Math.round(t0 + (i * 1000) / rate);
    const wait = due - Date.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const key = `bench-open-${i}`;
    startedAt.set(key, due);
    running.push(send(i % senders, key));
  }
  await Promise.all(running);
}
