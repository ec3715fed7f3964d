// What one phase of the transfers bench costs: process CPU (all threads), the main thread's and
// the twin's busy time, and the phase's wall time. BENCH_CPU_PROFILE also profiles both threads.
import { performance } from 'node:perf_hooks';
import type { BenchTwin } from './constellation-twin.ts';
import { profilePhase } from './cpu-profile.ts';

export async function measurePhase(twin: BenchTwin, run: () => Promise<void>) {
  const twinProfile = process.env.BENCH_CPU_PROFILE?.replace(
    /(\.cpuprofile)?$/,
    '.twin.cpuprofile',
  );
  if (twinProfile) await twin.profile?.('start', twinProfile);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const twinBusy0 = twin.busy();
  const mainBusy0 = performance.eventLoopUtilization().active;
  await profilePhase(run);
  if (twinProfile) await twin.profile?.('stop', twinProfile);
  return {
    submitSeconds: (performance.now() - t0) / 1000,
    cpu: process.cpuUsage(cpu0),
    mainBusy: performance.eventLoopUtilization().active - mainBusy0,
    twinBusy: twin.busy() - twinBusy0,
  };
}
