// BENCH_CPU_PROFILE=<file>: records a V8 CPU profile of this thread around one phase of a bench
// (open it in Chrome DevTools, or summarise its self time). Without the variable it does nothing,
// so a bench pays nothing for it. A worker records its own thread with startCpuProfile.
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

/** Starts profiling this thread; the returned function stops and writes the profile to `file`. */
export async function startCpuProfile(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
    console.info(`  CPU profile of the measured phase: ${file}`);
  };
}

export async function profilePhase<T>(run: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return run();
  const stop = await startCpuProfile(file);
  try {
    return await run();
  } finally {
    await stop();
  }
}
