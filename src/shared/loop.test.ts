import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLoop } from './loop.ts';

/** A pass the test ends by hand, to see what the loop does while one runs. */
function gatedPass() {
  const gates: (() => void)[] = [];
  let running = 0;
  let overlapped = false;
  const pass = () => {
    if (++running > 1) overlapped = true;
    return new Promise<void>((resolve) => gates.push(resolve)).finally(() => running--);
  };
  return { pass, gates, overlapped: () => overlapped };
}

const ignore = () => {};

describe('startLoop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a pass at once, then intervalMs after each pass ends, never two at once', async () => {
    vi.useFakeTimers();
    const p = gatedPass();
    const loop = startLoop({ pass: p.pass, intervalMs: 100, onError: ignore });
    expect(p.gates).toHaveLength(1); // started inside startLoop
    await vi.advanceTimersByTimeAsync(500); // a slow pass: no second one starts meanwhile
    expect(p.gates).toHaveLength(1);
    p.gates[0]?.();
    await vi.advanceTimersByTimeAsync(99);
    expect(p.gates).toHaveLength(1); // the wait starts when the pass ends
    await vi.advanceTimersByTimeAsync(1);
    expect(p.gates).toHaveLength(2);
    expect(p.overlapped()).toBe(false);
    p.gates[1]?.();
    await loop.stop();
  });

  it('waits firstDelayMs before the first pass, and a number a pass returns before the next', async () => {
    vi.useFakeTimers();
    const waits = [30, 10];
    let runs = 0;
    const loop = startLoop({
      pass: async () => {
        runs++;
        return waits.shift();
      },
      intervalMs: 1000,
      firstDelayMs: 50,
      onError: ignore,
    });
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(50);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(30);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(3);
    await vi.advanceTimersByTimeAsync(999); // nothing returned: back to intervalMs
    expect(runs).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(4);
    await loop.stop();
  });

  it('reports a failing pass with the failures in a row, waits what onError says, and goes on', async () => {
    vi.useFakeTimers();
    const reported: [unknown, number][] = [];
    let runs = 0;
    const loop = startLoop({
      pass: async () => {
        if (++runs <= 2) throw new Error(`down ${runs}`);
      },
      intervalMs: 100,
      onError: (err, failures) => {
        reported.push([err, failures]);
        return failures === 1 ? 500 : undefined;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(reported).toEqual([[new Error('down 1'), 1]]);
    await vi.advanceTimersByTimeAsync(499); // the back-off onError returned
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reported).toEqual([
      [new Error('down 1'), 1],
      [new Error('down 2'), 2],
    ]);
    await vi.advanceTimersByTimeAsync(100); // undefined: intervalMs
    expect(runs).toBe(3); // this one succeeds: the count starts again
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(4);
    await loop.stop();
  });

  it('a throwing onError does not end the loop either', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const loop = startLoop({
      pass: async () => {
        runs++;
        throw new Error('down');
      },
      intervalMs: 100,
      onError: () => Promise.reject(new Error('the handler is down too')),
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    await loop.stop();
  });

  it('stop() waits for the running pass and starts no other; stop() while waiting ends at once', async () => {
    vi.useFakeTimers();
    const p = gatedPass();
    const loop = startLoop({ pass: p.pass, intervalMs: 100, onError: ignore });
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(stopped).toBe(false);
    p.gates[0]?.();
    await stopping;
    await vi.advanceTimersByTimeAsync(1000);
    expect(p.gates).toHaveLength(1);
    await loop.runNow(); // after stop: nothing
    expect(p.gates).toHaveLength(1);

    const idle = startLoop({ pass: async () => {}, intervalMs: 60_000, onError: ignore });
    await vi.advanceTimersByTimeAsync(0);
    await idle.stop(); // no pass running: resolves without the fake clock moving
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runNow() runs a pass at once or joins the running one, and the wait restarts after it', async () => {
    vi.useFakeTimers();
    const p = gatedPass();
    const loop = startLoop({ pass: p.pass, intervalMs: 100, onError: ignore });
    const joined = loop.runNow();
    expect(p.gates).toHaveLength(1); // joined the running pass
    p.gates[0]?.();
    await joined;
    await vi.advanceTimersByTimeAsync(50);
    const early = loop.runNow();
    expect(p.gates).toHaveLength(2);
    p.gates[1]?.();
    await early;
    await vi.advanceTimersByTimeAsync(99);
    expect(p.gates).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.gates).toHaveLength(3);
    p.gates[2]?.();
    await loop.stop();
  });

  it('an unref loop keeps no timer holding the process open while it waits', async () => {
    const refTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = refTimers();
    const held = startLoop({ pass: async () => {}, intervalMs: 60_000, onError: ignore });
    const loose = startLoop({
      pass: async () => {},
      intervalMs: 60_000,
      onError: ignore,
      unref: true,
    });
    const looseFirst = startLoop({
      pass: async () => {},
      intervalMs: 60_000,
      firstDelayMs: 60_000,
      onError: ignore,
      unref: true,
    });
    await new Promise((r) => setImmediate(r)); // the first passes ended: all three wait
    expect(refTimers()).toBe(before + 1); // only `held`'s
    await Promise.all([held.stop(), loose.stop(), looseFirst.stop()]);
    expect(refTimers()).toBe(before);
  });
});
