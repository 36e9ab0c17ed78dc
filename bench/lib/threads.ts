/**
 * CPU time of each thread of this process (Linux: `/proc/self/task/<tid>/stat`, fields utime and
 * stime, in clock ticks of 1/100 s), for benches that split a run's CPU between the main thread,
 * worker threads and V8's background threads (its optimising compiler and garbage collector).
 * Unlike wall-clock time, CPU time does not grow when other processes load the machine.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** CPU seconds per thread id, or null where `/proc/self/task` does not exist (not Linux). */
export function threadCpuSeconds(): Map<number, number> | null {
  if (!existsSync('/proc/self/task')) return null;
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended between the listing and the read
    }
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(Number(tid), (Number(f[11]) + Number(f[12])) / 100);
  }
  return out;
}

/** CPU seconds of a run split by thread: the main thread, threads started during the run, and threads that existed before it. */
export interface ThreadSplit {
  main: number;
  /** Threads started during the run (worker threads), each. */
  started: number[];
  /** Threads that existed before the run other than the main thread: V8's platform threads (optimising compiler, garbage collector), libuv's. */
  background: number;
}

/** Split the CPU time between two snapshots of {@link threadCpuSeconds} (threads that ended before `after` are lost: take it while they run). */
export function splitThreads(before: Map<number, number>, after: Map<number, number>): ThreadSplit {
  const split: ThreadSplit = { main: 0, started: [], background: 0 };
  for (const [tid, t] of after) {
    const d = t - (before.get(tid) ?? 0);
    if (tid === process.pid) split.main = d;
    else if (before.has(tid)) split.background += d;
    else split.started.push(d);
  }
  return split;
}
