// What one phase of the transfers bench costs: process CPU (all threads), the main thread's and
// the twin's busy time, and the phase's wall time. BENCH_CPU_PROFILE also profiles both threads.
import { readFileSync } from 'node:fs';
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
  const mainCpu0 = mainThreadCpuMs();
  const twinBusy0 = twin.busy();
  const mainBusy0 = performance.eventLoopUtilization().active;
  await profilePhase(run);
  if (twinProfile) await twin.profile?.('stop', twinProfile);
  return {
    submitSeconds: (performance.now() - t0) / 1000,
    cpu: process.cpuUsage(cpu0),
    mainCpu: mainThreadCpuMs() - mainCpu0,
    mainBusy: performance.eventLoopUtilization().active - mainBusy0,
    twinBusy: twin.busy() - twinBusy0,
  };
}

/**
 * The main thread's own CPU time (utime + stime of its task in /proc, 100 Hz ticks): unlike the
 * event loop's busy time, it does not grow when other processes take the cores.
 */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
