// The start-up bench's view of a started server as a process group, read from /proc: which
// processes are still in it, how to stop all of them, and the memory the server holds.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Pids in process group `pgid` (from /proc). */
function groupPids(pgid: number): number[] {
  const pids: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') pids.push(Number(pid));
    } catch {
      // gone
    }
  }
  return pids;
}

/**
 * SIGTERM to the group, then waits until every process in it is gone (npm exits at once; the
 * server still closes its database, and the data folder is removed next), SIGKILL after 15 s.
 */
export async function stopGroup(child: ChildProcess) {
  if (!child.pid) return;
  const pgid = child.pid;
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 15_000;
  while (groupPids(pgid).length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  if (groupPids(pgid).length) process.kill(-pgid, 'SIGKILL');
}

/** The server's resident memory: the biggest RSS among the process group's node processes. */
export function groupRssMiB(pgid: number): number {
  let max = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) max = Math.max(max, Number(rss[1]) / 1024);
    } catch {
      // gone
    }
  }
  return max;
}
