import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * How much the copy's threads (the engine, its back room) yield to main's: in Electron, main's thread
 * is every window's IPC, menus and moves, and on a machine of two cores the engine's work would
 * otherwise take turns with it (main waited up to 31 ms during a 100,000-record fill).
 */
export const ENGINE_NICE = 10;

/**
 * Lowers the calling thread's priority. Linux schedules threads one by one (`setpriority` on a thread
 * id changes only that thread); elsewhere the call would reach the whole process, so nothing changes.
 */
export function yieldToMain(nice = ENGINE_NICE): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // /proc/thread-self names this thread: /proc/<pid>/task/<tid>.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isSafeInteger(tid) || tid <= 0 || tid === process.pid) return false;
    // Relative to what the thread has (a process started under `nice` stays below its own).
    setPriority(tid, Math.min(19, getPriority(tid) + nice));
    return true;
  } catch {
    return false; // a sandbox without /proc, or a limit on priorities: the thread runs as it is
  }
}

/** A thread of this process, as the kernel names it (at most 15 characters). */
export interface NamedThread { tid: number; name: string }

/** The name Node's platform gives its helper threads (Node 22 and later, so Electron's main process). */
const V8_HELPER = 'V8Worker';

/**
 * V8's helper threads among a process's threads. They compile and collect garbage for every isolate of
 * the process, the engine's included, at main's priority: during a fill, main's thread waited behind
 * them on the run queue for up to 17 ms. Node 20 (this repository's tests and bench) names no thread,
 * every one carries the process's name, and there all but main's are the runtime's own.
 */
export function v8Helpers(threads: readonly NamedThread[], mainTid: number): number[] {
  const named = threads.filter((t) => t.name === V8_HELPER);
  if (named.length > 0) return named.map((t) => t.tid);
  const main = threads.find((t) => t.tid === mainTid);
  const unnamed = main !== undefined && threads.every((t) => t.name === main.name);
  return unnamed ? threads.filter((t) => t.tid !== mainTid).map((t) => t.tid) : [];
}

/** A process's threads (/proc/<pid>/task, this process's by default); one that ended meanwhile is left out. */
function processThreads(pid: number | 'self' = 'self'): NamedThread[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      return [{ tid: Number(tid), name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim() }];
    } catch {
      return [];
    }
  });
}

/** Puts the given threads `nice` below main's thread at least; one that ended meanwhile is skipped. How many it lowered. */
function lowerBelowMain(tids: readonly number[], nice: number): number {
  const target = Math.min(19, getPriority(process.pid) + nice);
  let lowered = 0;
  for (const tid of tids) {
    try {
      if (getPriority(tid) < target) { setPriority(tid, target); lowered += 1; }
    } catch { /* the thread ended meanwhile */ }
  }
  return lowered;
}

/**
 * Puts V8's helper threads as far below main's thread as the engine (the app calls it as it starts an
 * engine). Raising a thread again needs privileges, so a process does this once for good: the tests'
 * processes, which run many files, keep their threads as they are. Returns how many threads it lowered.
 */
export function helpersBelowMain(nice = ENGINE_NICE): number {
  if (process.platform !== 'linux') return 0;
  try {
    return lowerBelowMain(v8Helpers(processThreads(), process.pid), nice);
  } catch {
    return 0; // a sandbox without /proc: the threads run as they are
  }
}

/**
 * Puts every thread of a process the app started (the demo sandbox's) as far below main's thread as the
 * engine: its answers to the copy's pages would otherwise take turns with main's thread on two cores
 * (docs/performance.md). Threads the process starts later inherit the priority of the thread that starts
 * them. Returns how many it lowered.
 */
export function processBelowMain(pid: number, nice = ENGINE_NICE): number {
  if (process.platform !== 'linux' || !Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return 0;
  try {
    return lowerBelowMain(processThreads(pid).map((t) => t.tid), nice);
  } catch {
    return 0; // the process ended, or a sandbox without /proc: it runs as it is
  }
}
